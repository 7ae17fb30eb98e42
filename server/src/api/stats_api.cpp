#include <utility>  // before Asio's coroutine headers with g++ 12

#include "api/stats_api.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>

#include "api/handler_support.hpp"
#include "http/headers.hpp"
#include "http/query.hpp"
#include "log/event_log.hpp"
#include "metrics/metrics.hpp"
#include "stats/report.hpp"
#include "stats/visit_counter.hpp"
#include "util/ascii.hpp"
#include "util/cidr.hpp"

namespace wavesites {
namespace {

using steady = std::chrono::steady_clock;

constexpr auto remembered_for = std::chrono::minutes(5);

std::string query_param(std::string_view query, std::string_view name) {
  return std::string(query_value(query, name).value_or(std::string_view{}).substr(0, 64));
}

/// The name and password of an "Authorization: Basic ..." header, if it carries them.
std::optional<std::pair<std::string, std::string>> basic_credentials(std::string_view header) {
  if (header.size() < 6 || !ascii::iequals(header.substr(0, 6), "Basic ")) return std::nullopt;
  auto b64 = header.substr(6);
  while (!b64.empty() && b64.front() == ' ') b64.remove_prefix(1);
  if (b64.empty() || b64.size() > 1024) return std::nullopt;
  std::string decoded(b64.size(), '\0');
  std::size_t length = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(decoded.data()), decoded.size(), b64.data(), b64.size(),
                        nullptr, &length, nullptr, sodium_base64_VARIANT_ORIGINAL) != 0) {
    return std::nullopt;
  }
  decoded.resize(length);
  const auto colon = decoded.find(':');
  if (colon == std::string::npos) return std::nullopt;
  return std::pair{decoded.substr(0, colon), decoded.substr(colon + 1)};
}

response challenge() {
  response r = json_error(401, "a name and password are needed to see the stats");
  r.headers.emplace_back("WWW-Authenticate", "Basic realm=\"wavesites stats\", charset=\"UTF-8\"");
  return r;
}

}  // namespace

stats_api::stats_api(const live<site_state>& sites, store& db) : sites_(sites), db_(db) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

stats_api::~stats_api() {
  pool_.join();
}

void stats_api::add_routes(route_table& routes) {
  // The paths exist for an allowed address, and for everyone once there are users to log in as.
  const auto audience = [this](std::string_view client) {
    const auto cfg = sites_.get()->cfg;
    return !cfg->stats.users.empty() || any_contains(cfg->stats.allow, client);
  };
  routes.add(
      http::verb::get, "/stats",
      [](request_context&) -> asio::awaitable<response> {
        response r = text_response(308, "Permanent Redirect");
        r.headers.emplace_back("Location", "/stats/");
        co_return r;
      },
      audience);
  routes.add(
      http::verb::get, "/stats/", [this](request_context& ctx) { return page(ctx); }, audience);
  routes.add(
      http::verb::get, "/stats/api", [this](request_context& ctx) { return api(ctx); }, audience);
}

bool stats_api::locked_out(const std::string& client) {
  std::lock_guard lock(mutex_);
  const auto it = failures_.find(client);
  if (it == failures_.end()) return false;
  if (steady::now() - it->second.second > std::chrono::hours(1)) {
    failures_.erase(it);
    return false;
  }
  return it->second.first >= failures_per_hour;
}

bool stats_api::note_failure(const std::string& client) {
  std::lock_guard lock(mutex_);
  const auto now = steady::now();
  // Forget addresses whose hour is over, so the map holds at most an hour of them.
  if (failures_.size() > 10'000)
    std::erase_if(failures_, [&](const auto& f) { return now - f.second.second > std::chrono::hours(1); });
  auto& [count, since] = failures_[client];
  if (count == 0 || now - since > std::chrono::hours(1)) {
    count = 0;
    since = now;
  }
  ++count;
  return count <= failures_per_hour;  // the next one is locked out
}

bool stats_api::verify(const config& cfg, const std::string& name, const std::string& password) {
  const auto user =
      std::find_if(cfg.stats.users.begin(), cfg.stats.users.end(), [&](const auto& u) { return u.first == name; });
  if (user == cfg.stats.users.end()) return false;
  // The memo's key: the name, the stored hash and a keyed hash of the password (never the password).
  std::array<unsigned char, 32> digest{};
  crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(password.data()),
                     password.size(), reinterpret_cast<const unsigned char*>(user->second.data()),
                     std::min<std::size_t>(user->second.size(), crypto_generichash_KEYBYTES_MAX));
  const std::string memo = name + '\n' + user->second + '\n' + std::string(digest.begin(), digest.end());
  {
    std::lock_guard lock(mutex_);
    const auto it = verified_.find(memo);
    if (it != verified_.end() && it->second > steady::now()) return true;
  }
  const bool good = crypto_pwhash_str_verify(user->second.c_str(), password.c_str(), password.size()) == 0;
  if (good) {
    std::lock_guard lock(mutex_);
    if (verified_.size() > 1000) verified_.clear();
    verified_[memo] = steady::now() + remembered_for;
  }
  return good;
}

asio::awaitable<std::optional<response>> stats_api::refuse(request_context& ctx, const config& cfg) {
  if (any_contains(cfg.stats.allow, ctx.client_ip)) co_return std::nullopt;
  const std::string client(ctx.client_ip);
  if (locked_out(client)) co_return too_many(std::chrono::hours(1));
  const auto credentials = basic_credentials(ctx.head.authorization);
  if (!credentials) co_return challenge();
  const bool good = co_await on_pool(pool_, [&] { return verify(cfg, credentials->first, credentials->second); });
  if (good) co_return std::nullopt;
  log::warn("stats_login_failed", {{"client", ctx.client_ip}, {"user", credentials->first.substr(0, 64)}});
  if (!note_failure(client)) co_return too_many(std::chrono::hours(1));
  co_return challenge();
}

asio::awaitable<response> stats_api::page(request_context& ctx) {
  const auto state = sites_.get();
  if (auto refused = co_await refuse(ctx, *state->cfg)) co_return std::move(*refused);
  const resource* dashboard = state->pages->dashboard();
  if (!dashboard) co_return json_error(404, "this web bundle has no stats dashboard");
  response r;
  r.content_type = dashboard->content_type;
  r.body = dashboard->reps[0].body;
  r.security = security_header_lines(page_csp(csp_extras{}));
  co_return r;
}

asio::awaitable<response> stats_api::api(request_context& ctx) {
  const auto state = sites_.get();
  if (auto refused = co_await refuse(ctx, *state->cfg)) co_return std::move(*refused);
  const auto sites = report_sites_of(state->pages->route_sets());
  const auto query = ctx.head.query();
  const auto q = make_report_query(query_param(query, "site"), query_param(query, "from"), query_param(query, "to"),
                                   visit_counter::day_of(std::chrono::system_clock::now()), sites);
  if (!q) co_return json_error(400, q.message());
  auto report = co_await on_pool(pool_, [&] { return build_report(db_, *q, sites); });
  if (!report) {
    log::error("store_error", {{"what", "stats not read"}, {"error", report.message()}});
    metrics::global().count_store_error();
    co_return unavailable();
  }
  response r;
  r.body = report->dump();
  co_return r;
}

}  // namespace wavesites
