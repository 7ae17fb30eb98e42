#include <utility>  // before Asio's coroutine headers with g++ 12

#include "api/intake.hpp"

#include <fcntl.h>
#include <unistd.h>

#include "api/file_type.hpp"
#include "api/handler_support.hpp"
#include "api/resume_rules.hpp"
#include "http/multipart.hpp"
#include "log/event_log.hpp"
#include "metrics/metrics.hpp"
#include "notify/events.hpp"
#include "util/ascii.hpp"
#include "util/embedded.hpp"
#include "util/ids.hpp"
#include "util/sha256.hpp"

namespace wavesites {
namespace {

bool media_type_is(std::string_view header, std::string_view type) {
  const auto semi = header.find(';');
  auto t = header.substr(0, semi);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  return ascii::iequals(t, type);
}

std::string query_param(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == name)
      return eq == std::string_view::npos ? std::string{} : std::string(pair.substr(eq + 1));
  }
  return {};
}

using metrics::intake_kind;
using metrics::reject_reason;

/// `r`, counted as a refusal of a `kind` for `why`.
response refused(intake_kind kind, reject_reason why, response r) {
  metrics::global().count_rejected(kind, why);
  return r;
}

/// The uploaded file while it streams in: an unlinked spool file, its size, hash and type.
class upload_spool final : public multipart_handler {
 public:
  upload_spool(int fd, std::uint64_t cap) : fd_(fd), cap_(cap) {}

  bool on_part_begin(const multipart_part& part) override {
    // Only the first part named "file" is the upload; any other field is read past.
    in_file_ = part.name == "file" && !seen_file_;
    if (in_file_) {
      seen_file_ = true;
      original_name_ = part.filename;
    }
    return true;
  }
  bool on_part_data(std::string_view data) override {
    if (!in_file_) return true;
    size_ += data.size();
    if (size_ > cap_) {
      too_large_ = true;
      return false;  // stop at once: the rest is never read
    }
    sniffer_.feed(data);
    sha_.update(data);
    while (!data.empty()) {
      const auto n = ::write(fd_, data.data(), data.size());
      if (n <= 0) {
        io_error_ = true;
        return false;
      }
      data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }
  bool on_part_end() override {
    in_file_ = false;
    return true;
  }

  int fd_;
  std::uint64_t cap_;
  sha256 sha_;
  file_type_sniffer sniffer_;
  std::string original_name_;
  std::uint64_t size_ = 0;
  bool in_file_ = false;
  bool seen_file_ = false;
  bool too_large_ = false;
  bool io_error_ = false;
};

class multipart_sink final : public body_sink {
 public:
  explicit multipart_sink(multipart_parser& p) : parser_(p) {}
  bool on_data(std::string_view chunk) override {
    status_ = parser_.feed(chunk);
    return status_ == multipart_parser::status::more || status_ == multipart_parser::status::done;
  }
  multipart_parser::status status_ = multipart_parser::status::more;

 private:
  multipart_parser& parser_;
};

/// True when a browser says the request comes from another site: Sec-Fetch-Site says
/// "cross-site", or Origin names a host other than the one the request was sent to. A form on a
/// page of this server posts to its own origin; a request without either header (curl, an
/// older browser) is not a cross-site form post a browser could be tricked into making.
bool cross_site(const request_head& head) {
  if (ascii::iequals(head.fetch_site, "cross-site")) return true;
  if (head.origin.empty()) return false;
  const auto sep = head.origin.find("://");
  if (sep == std::string::npos) return true;  // "null": a sandboxed frame or a file: page
  // Origin carries the port exactly when Host does (both omit the scheme's default).
  return !ascii::iequals(std::string_view(head.origin).substr(sep + 3), head.host);
}

/// Closes a descriptor at scope exit.
struct fd_guard {
  int fd;
  ~fd_guard() {
    if (fd >= 0) ::close(fd);
  }
};

/// Part headers and boundaries around the file: what a multipart body may carry beyond it.
constexpr std::uint64_t multipart_framing = 64 * 1024;

response too_large_upload(std::uint64_t cap) {
  response r = json_error(413, "the file is larger than " + std::to_string(cap) + " bytes");
  r.close = true;  // the rest of the body is not read
  return r;
}

/// The answer to an upload that cannot be kept, judged once its body was read; none when it can.
std::optional<response> judge_upload(upload_spool& file, multipart_parser& parser, const multipart_sink& sink,
                                     body_status st, std::uint64_t cap) {
  constexpr auto kind = intake_kind::resume;
  if (file.too_large_ || st == body_status::too_large)
    return refused(kind, reject_reason::too_large, too_large_upload(cap));
  if (file.io_error_) return refused(kind, reject_reason::spool_error, unavailable());
  if (st == body_status::timeout || st == body_status::broken) {
    response r = json_error(400, "the upload was cut off");
    r.close = true;
    return refused(kind, reject_reason::cut_off, std::move(r));
  }
  const bool complete = st == body_status::complete && (sink.status_ == multipart_parser::status::done ||
                                                        parser.finish() == multipart_parser::status::done);
  if (!complete) return refused(kind, reject_reason::malformed, json_error(400, "the multipart body is malformed"));
  if (!file.seen_file_)
    return refused(kind, reject_reason::invalid, json_error(400, "no file: send it in a field named \"file\""));
  if (file.size_ == 0) return refused(kind, reject_reason::invalid, json_error(400, "the file is empty"));
  return std::nullopt;
}

/// The stored record of an accepted upload.
resume_record resume_of(upload_spool& file, const accepted_type& type, const request_context& ctx) {
  resume_record meta;
  meta.id = new_ulid();
  meta.received_at = utc_now_iso();
  meta.stored_name = random_hex128() + "." + type.extension;
  meta.original_name = sanitize_file_name(file.original_name_);
  meta.content_type = type.mime;
  meta.size = file.size_;
  meta.sha256 = file.sha_.hex_digest();
  meta.client_ip = std::string(ctx.client_ip);
  meta.user_agent = ctx.head.user_agent.substr(0, 512);
  meta.host = ctx.head.host.substr(0, 255);
  return meta;
}

/// Reads the spooled file from its start, a store chunk at a time.
chunk_reader read_spool(int fd) {
  return [fd, offset = off_t{0}](std::string& chunk) mutable {
    chunk.resize(resume_chunk_bytes);
    const auto n = ::pread(fd, chunk.data(), chunk.size(), offset);
    if (n <= 0) return false;
    chunk.resize(static_cast<std::size_t>(n));
    offset += n;
    return true;
  };
}

}  // namespace

intake::intake(const live<config>& cfg, store& db, std::filesystem::path spool_dir, page_languages languages,
               const lead_rules& rules)
    : cfg_(cfg),
      db_(db),
      spool_dir_(std::move(spool_dir)),
      rules_(rules),
      languages_(std::move(languages)),
      limits_(limits_for(db)),
      pool_(2) {
  countries_body_ = json_response(200, "success", nlohmann::json::parse(embedded::countries_json)).body;
  (void)resume_upload_rules();  // parsed now: a bad rules file stops the start, not an upload
}

intake::~intake() {
  pool_.join();
}

template <typename F>
auto intake::on_store(F&& f) -> asio::awaitable<decltype(f())> {
  co_return co_await on_pool(pool_, std::forward<F>(f));
}

asio::awaitable<std::optional<response>> intake::over_limit(limited what, std::string_view client,
                                                            std::uint32_t per_hour) {
  const auto kind = what == limited::lead ? intake_kind::lead : intake_kind::resume;
  auto take = [&] { return limits_->take(what, client, per_hour); };
  result<token_wait> wait;
  if (limits_->blocking())
    wait = co_await on_store(take);
  else
    wait = take();
  if (!wait) {
    // The buckets are in the database and it does not answer: storing would fail too, so the
    // answer is the same 503, before the body is read.
    log::error("store_error", {{"what", "rate limit not checked"}, {"error", wait.message()}});
    metrics::global().count_store_error();
    co_return refused(kind, reject_reason::store_error, unavailable());
  }
  if (*wait) co_return refused(kind, reject_reason::rate_limited, too_many(**wait));
  co_return std::nullopt;
}

void intake::add_routes(route_table& routes) {
  auto bind = [this](asio::awaitable<response> (intake::*fn)(request_context&)) {
    return [this, fn](request_context& ctx) { return (this->*fn)(ctx); };
  };
  routes.add(http::verb::get, "/pac-foreign/officialwebsite/country/lsit", bind(&intake::countries));
  routes.add(http::verb::get, "/api/pac-foreign/officialwebsite/country/lsit", bind(&intake::countries));
  routes.add(http::verb::post, "/api/pac-foreign/officialwebsite/add", bind(&intake::add_lead));
  routes.add(http::verb::post, "/api/pac-foreign/officialwebsite/upload", bind(&intake::upload));
  routes.add(http::verb::get, "/readyz", bind(&intake::ready));
}

asio::awaitable<response> intake::countries(request_context&) {
  response r;
  r.body = countries_body_;
  r.cache_control = "public, max-age=3600";
  co_return r;
}

asio::awaitable<response> intake::ready(request_context&) {
  const bool ok = co_await on_store([this] { return db_.ping(); });
  co_return ok ? json_response(200, "ready") : json_error(503, "store unavailable");
}

asio::awaitable<response> intake::add_lead(request_context& ctx) {
  constexpr auto kind = intake_kind::lead;
  const auto cfg = cfg_.get();  // one config for the whole request, whatever a reload does meanwhile
  if (auto refusal = co_await over_limit(limited::lead, ctx.client_ip, cfg->limits.leads_per_ip_per_hour))
    co_return std::move(*refusal);
  if (!media_type_is(ctx.head.content_type, "application/json")) {
    co_return refused(kind, reject_reason::bad_type,
                      json_error(415, "the body must be JSON (Content-Type: application/json)"));
  }
  const auto limit = cfg->limits.max_json_bytes;
  string_sink sink;
  const auto st = co_await ctx.body.read(sink, limit);
  if (st == body_status::too_large) {
    co_return refused(kind, reject_reason::too_large,
                      json_error(413, "the body is larger than " + std::to_string(limit) + " bytes"));
  }
  if (st != body_status::complete) {
    response r = json_error(400, "the request body was cut off");
    r.close = true;
    co_return refused(kind, reject_reason::cut_off, std::move(r));
  }
  nlohmann::json body;
  try {
    body = nlohmann::json::parse(sink.text);
  } catch (const nlohmann::json::exception&) {
    co_return refused(kind, reject_reason::malformed, json_error(400, "the body is not valid JSON"));
  }
  auto checked = validate_lead(body, rules_, languages_());
  if (checked.honeypot_filled) {
    // A field people never see was filled: a bot. It gets the answer it expects and nothing is kept.
    log::info("honeypot", {{"client", ctx.client_ip}});
    co_return refused(kind, reject_reason::honeypot, json_response(200, "success", {{"id", new_ulid()}}));
  }
  if (!checked.lead) {
    co_return refused(kind, reject_reason::invalid,
                      json_error(400, "please correct the highlighted fields", {{"errors", checked.errors}}));
  }

  lead_record rec = std::move(*checked.lead);
  rec.id = new_ulid();
  if (!checked.dropped_attribution.empty()) {
    // Where the visit came from is a help, never a condition: the lead is kept without what was odd.
    log::warn("attribution_dropped", {{"lead", rec.id}, {"dropped", checked.dropped_attribution}});
  }
  rec.received_at = utc_now_iso();
  rec.client_ip = std::string(ctx.client_ip);
  rec.user_agent = ctx.head.user_agent.substr(0, 512);
  rec.host = ctx.head.host.substr(0, 255);
  const auto notes = notifications_for(cfg->notify, lead_created_event, rec.id, ctx.site, rec.received_at);
  const auto stored = co_await on_store([&] { return db_.add_lead(rec, notes); });
  if (!stored) {
    log::error("store_error", {{"what", "lead not saved"}, {"error", stored.message()}});
    metrics::global().count_store_error();
    co_return refused(kind, reject_reason::store_error, unavailable());
  }
  if (!notes.empty() && on_stored_) on_stored_();
  metrics::global().count_accepted(kind);
  co_return json_response(200, "success", {{"id", rec.id}});
}

asio::awaitable<response> intake::upload(request_context& ctx) {
  constexpr auto kind = intake_kind::resume;
  if (query_param(ctx.head.query(), "officialWebsiteName") != rules_.official_website_name) {
    co_return refused(kind, reject_reason::invalid,
                      json_error(400, "officialWebsiteName must be \"" + rules_.official_website_name + "\""));
  }
  // Another site's page must not be able to post files in a visitor's name.
  if (cross_site(ctx.head)) {
    co_return refused(kind, reject_reason::invalid,
                      json_error(403, "uploads are accepted only from this site's pages"));
  }
  const auto cfg = cfg_.get();
  if (auto refusal = co_await over_limit(limited::upload, ctx.client_ip, cfg->limits.uploads_per_ip_per_hour))
    co_return std::move(*refusal);
  const auto boundary = multipart_boundary(ctx.head.content_type);
  if (!media_type_is(ctx.head.content_type, "multipart/form-data") || !boundary) {
    co_return refused(kind, reject_reason::malformed,
                      json_error(400, "send the file as multipart/form-data in a field named \"file\""));
  }
  const auto cap = cfg->limits.max_upload_bytes;
  if (const auto n = ctx.body.content_length(); n && *n > cap + multipart_framing)
    co_return refused(kind, reject_reason::too_large, too_large_upload(cap));

  std::error_code fs_ec;
  std::filesystem::create_directories(spool_dir_, fs_ec);
  fd_guard spool{::open(spool_dir_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600)};
  if (spool.fd < 0) {
    log::error("spool_error", {{"what", "cannot create a spool file"}, {"dir", spool_dir_.string()}});
    co_return refused(kind, reject_reason::spool_error, unavailable());
  }
  upload_spool file(spool.fd, cap);
  multipart_parser parser(*boundary, file);
  multipart_sink sink(parser);
  const auto st = co_await ctx.body.read(sink, cap + multipart_framing);
  if (auto refused = judge_upload(file, parser, sink, st, cap)) co_return std::move(*refused);
  const auto& rules = resume_upload_rules();
  const auto sniffed = file.sniffer_.result(file.original_name_);
  const accepted_type* type = sniffed ? rules.accept(*sniffed) : nullptr;
  if (type == nullptr) co_return refused(kind, reject_reason::bad_type, json_error(415, rules.type_message));

  const resume_record meta = resume_of(file, *type, ctx);
  const auto notes = notifications_for(cfg->notify, resume_received_event, meta.id, ctx.site, meta.received_at);
  const auto stored = co_await on_store([&] { return db_.add_resume(meta, read_spool(spool.fd), notes); });
  if (!stored) {
    log::error("store_error", {{"what", "resume not saved"}, {"error", stored.message()}});
    metrics::global().count_store_error();
    co_return refused(kind, reject_reason::store_error, unavailable());
  }
  if (!notes.empty() && on_stored_) on_stored_();
  metrics::global().count_accepted(kind);
  co_return json_response(200, "success", {{"id", meta.id}});
}

}  // namespace wavesites
