#include "store/postgres_store.hpp"
#include "store/chunking.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "store/click.hpp"
#include "store/erase_sql.hpp"
#include "store/lead_sql.hpp"
#include "store/migrations.hpp"
#include "store/outbox_sql.hpp"
#include "store/resume.hpp"
#include "store/stats_sql.hpp"
#include "util/c_handle.hpp"
#include "util/ids.hpp"

namespace wavesites {
namespace {

using conn_ptr = c_handle<PGconn, PQfinish>;
using pg_result = c_handle<PGresult, PQclear>;

// pg_advisory_xact_lock key serialising migrations across servers: "wavesite" in ASCII.
constexpr std::string_view migration_lock_key = "8606373806420931685";

constexpr std::size_t lead_fetch_rows = 500;  // leads and clicks alike
constexpr std::size_t resume_fetch_rows = 64;
// Chunks fetched per round trip while exporting: bounds memory to about 1 MiB per resume.
constexpr std::size_t chunks_per_fetch = 4;

constexpr const char* insert_chunk_sql = "INSERT INTO resume_chunks (resume_id, seq, data) VALUES ($1, $2, $3)";
constexpr const char* select_chunks_sql =
    "SELECT seq, data FROM resume_chunks WHERE resume_id = $1 AND seq > $2 ORDER BY seq LIMIT $3";

/// libpq messages span lines ("ERROR: ...\nDETAIL: ...", connection hints): make them one line.
std::string one_line(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char ch : text) {
    if (ch == '\n' || ch == '\r' || ch == '\t' || ch == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(ch);
  }
  return out;
}

std::string scrub(std::string text, const std::vector<std::string>& secrets) {
  for (const auto& secret : secrets) {
    if (secret.empty()) continue;
    for (auto pos = text.find(secret); pos != std::string::npos; pos = text.find(secret, pos + 3)) {
      text.replace(pos, secret.size(), "***");
    }
  }
  return text;
}

struct redacted_url {
  std::string text;
  std::vector<std::string> secrets;  // the password as written in the URL
};

redacted_url redact(std::string_view url) {
  redacted_url out{std::string(url), {}};
  std::string& s = out.text;
  if (const auto scheme_end = s.find("://"); scheme_end != std::string::npos) {
    const auto auth_begin = scheme_end + 3;
    const auto auth_end = std::min(s.find_first_of("?#", auth_begin), s.size());
    // The last '@' ends the user info: an unencoded '@' in a password then stays hidden too.
    const auto at = s.rfind('@', auth_end == 0 ? 0 : auth_end - 1);
    if (at != std::string::npos && at >= auth_begin) {
      const auto colon = s.find(':', auth_begin);
      if (colon != std::string::npos && colon < at) {
        out.secrets.push_back(s.substr(colon + 1, at - colon - 1));
        s.replace(colon + 1, at - colon - 1, "***");
      }
    }
  }
  if (const auto q = s.find('?'); q != std::string::npos) {
    constexpr std::string_view key = "password=";
    for (std::size_t pos = q + 1; pos < s.size();) {
      auto end = std::min(s.find('&', pos), s.size());
      if (s.compare(pos, key.size(), key) == 0) {
        const auto vbegin = pos + key.size();
        out.secrets.push_back(s.substr(vbegin, end - vbegin));
        s.replace(vbegin, end - vbegin, "***");
        end = vbegin + 3;
      }
      pos = end + 1;
    }
  }
  return out;
}

void ignore_notice(void* /*arg*/, const char* /*message*/) {
  // "relation already exists, skipping" and the like would otherwise go to stderr.
}

/// A query parameter: text params point into a std::string (libpq needs the terminating NUL),
/// binary ones carry their length.
struct param {
  const char* data;
  int length;
  int format;
};
param text_param(const std::string& s) {
  return {s.c_str(), static_cast<int>(s.size()), 0};
}
param text_param(const std::string&&) = delete;  // would dangle
param binary_param(std::string_view bytes) {
  return {bytes.data(), static_cast<int>(bytes.size()), 1};
}

std::string get_text(const PGresult* r, int row, int col) {
  return {PQgetvalue(r, row, col), static_cast<std::size_t>(PQgetlength(r, row, col))};
}

lead_record read_lead(const PGresult* r, int row) {
  lead_record l;
  int col = 0;
  for (const auto& f : lead_fields) {
    if (f.flag)
      l.*f.flag = get_text(r, row, col++) != "0";
    else
      l.*f.text = get_text(r, row, col++);
  }
  return l;
}

click_record read_click(const PGresult* r, int row) {
  click_record c;
  int col = 0;
  for (const auto& f : click_fields) c.*f.text = get_text(r, row, col++);
  return c;
}

resume_record read_resume(const PGresult* r, int row) {
  resume_record m;
  int col = 0;
  for (const auto& f : resume_fields) {
    if (f.number)
      m.*f.number = std::stoull(get_text(r, row, col++));
    else
      m.*f.text = get_text(r, row, col++);
  }
  return m;
}

std::int64_t read_be_int4(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return static_cast<std::int32_t>((std::uint32_t{u[0]} << 24) | (std::uint32_t{u[1]} << 16) |
                                   (std::uint32_t{u[2]} << 8) | std::uint32_t{u[3]});
}

notification read_notification(const PGresult* r, int row) {
  notification n;
  n.id = get_text(r, row, 0);
  n.event = get_text(r, row, 1);
  n.subject_id = get_text(r, row, 2);
  n.site = get_text(r, row, 3);
  n.channel = get_text(r, row, 4);
  n.created_at = get_text(r, row, 5);
  n.created_ms = std::stoll(get_text(r, row, 6));
  n.attempts = std::stoi(get_text(r, row, 7));
  return n;
}

/// One pooled connection for the length of one lease, with what the retry logic needs to know.
class pg_connection {
 public:
  pg_connection(conn_ptr c, bool fresh) : conn_(std::move(c)), fresh_(fresh) {}

  [[nodiscard]] PGconn* get() const { return conn_.get(); }
  conn_ptr release() { return std::move(conn_); }
  /// True when the lease's first command failed because a reused connection was already dead:
  /// nothing the caller cares about can have run, so the call may start over elsewhere.
  [[nodiscard]] bool lost_on_first() const { return lost_on_first_; }
  [[nodiscard]] const std::string& last_sqlstate() const { return last_sqlstate_; }

  result<pg_result> exec(std::string_view what, const char* sql, std::initializer_list<param> params = {},
                         int result_format = 0) {
    return exec(what, sql, std::span<const param>(params.begin(), params.size()), result_format);
  }

  result<pg_result> exec(std::string_view what, const char* sql, std::span<const param> params, int result_format = 0) {
    std::vector<const char*> values;
    std::vector<int> lengths;
    std::vector<int> formats;
    for (const auto& p : params) {
      // libpq reads a text value up to its NUL: refuse rather than store a silently cut value
      // (PostgreSQL text cannot hold U+0000 anyway).
      if (p.format == 0 && std::strlen(p.data) != static_cast<std::size_t>(p.length)) {
        return error{"postgresql: " + std::string(what) + ": a text value contains a NUL character"};
      }
      values.push_back(p.data);
      lengths.push_back(p.length);
      formats.push_back(p.format);
    }
    ++commands_;
    pg_result r(PQexecParams(conn_.get(), sql, static_cast<int>(params.size()), nullptr, values.data(), lengths.data(),
                             formats.data(), result_format));
    return check(std::move(r), what);
  }

  /// Several statements without parameters (migration DDL).
  result<pg_result> exec_script(std::string_view what, const std::string& sql) {
    ++commands_;
    return check(pg_result(PQexec(conn_.get(), sql.c_str())), what);
  }

 private:
  result<pg_result> check(pg_result r, std::string_view what) {
    const auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
    const char* state = r ? PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
    last_sqlstate_ = state ? state : "";
    std::string message = r ? PQresultErrorMessage(r.get()) : "";
    if (message.empty()) message = PQerrorMessage(conn_.get());
    if (PQstatus(conn_.get()) == CONNECTION_BAD && commands_ == 1 && !fresh_) lost_on_first_ = true;
    return error{"postgresql: " + std::string(what) + ": " + one_line(message)};
  }

  conn_ptr conn_;
  bool fresh_;
  int commands_ = 0;
  bool lost_on_first_ = false;
  std::string last_sqlstate_;
};

// Rolls back an open transaction unless it was committed, so an early return or an exception
// from a caller's callback hands a clean connection back to the pool.
class tx_guard {
 public:
  explicit tx_guard(PGconn* c) : c_(c) {}
  ~tx_guard() {
    if (PQstatus(c_) == CONNECTION_OK && PQtransactionStatus(c_) != PQTRANS_IDLE) pg_result(PQexec(c_, "ROLLBACK"));
  }
  tx_guard(const tx_guard&) = delete;
  tx_guard& operator=(const tx_guard&) = delete;

 private:
  PGconn* c_;
};

/// Inserts the outbox rows of one record, inside the caller's transaction.
result<bool> insert_notifications(pg_connection& c, std::span<const notification> notify) {
  const auto& sql = outbox_sql(sql_dialect::postgresql).insert;
  for (const auto& n : notify) {
    const std::string created_ms = std::to_string(n.created_ms);
    auto r = c.exec("insert notification", sql.c_str(),
                    {text_param(n.id), text_param(n.event), text_param(n.subject_id), text_param(n.site),
                     text_param(n.channel), text_param(n.created_at), text_param(created_ms)});
    if (!r) return error{r.message()};
  }
  return true;
}

/// Streams one resume's chunks to `write`, a few per round trip (binary bytea), so a resume is
/// never all in memory.
result<bool> read_chunks(pg_connection& c, const std::string& id, const std::function<void(std::string_view)>& write) {
  const std::string limit = std::to_string(chunks_per_fetch);
  for (std::int64_t after = -1;;) {
    const std::string after_text = std::to_string(after);
    auto chunks =
        c.exec("read resume chunks", select_chunks_sql, {text_param(id), text_param(after_text), text_param(limit)}, 1);
    if (!chunks) return error{chunks.message()};
    const int m = PQntuples(chunks->get());
    for (int j = 0; j < m; ++j) {
      after = read_be_int4(PQgetvalue(chunks->get(), j, 0));
      write(std::string_view(PQgetvalue(chunks->get(), j, 1),
                             static_cast<std::size_t>(PQgetlength(chunks->get(), j, 1))));
    }
    if (static_cast<std::size_t>(m) < chunks_per_fetch) return true;
  }
}

class pg_migration_session final : public migration_session {
 public:
  explicit pg_migration_session(pg_connection& c) : c_(c) {}
  result<bool> begin() override {
    if (auto r = c_.exec("begin", "BEGIN"); !r) return error{r.message()};
    const std::string key(migration_lock_key);
    if (auto r = c_.exec("lock", "SELECT pg_advisory_xact_lock($1::bigint)", {text_param(key)}); !r) {
      return error{r.message()};
    }
    return true;
  }
  result<bool> exec(std::string_view sql) override {
    if (auto r = c_.exec_script("migrate", std::string(sql)); !r) return error{r.message()};
    return true;
  }
  result<bool> is_applied(int version) override {
    const auto v = std::to_string(version);
    auto r = c_.exec("read schema_version", "SELECT 1 FROM schema_version WHERE version = $1", {text_param(v)});
    if (!r) return error{r.message()};
    return PQntuples(r->get()) > 0;
  }
  result<bool> record(int version, const std::string& applied_at) override {
    const auto v = std::to_string(version);
    auto r = c_.exec("record schema_version", "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)",
                     {text_param(v), text_param(applied_at)});
    if (!r) return error{r.message()};
    return true;
  }
  result<bool> commit() override {
    if (auto r = c_.exec("commit", "COMMIT"); !r) return error{r.message()};
    return true;
  }
  void rollback() noexcept override {
    PGconn* c = c_.get();
    if (PQstatus(c) == CONNECTION_OK && PQtransactionStatus(c) != PQTRANS_IDLE) pg_result(PQexec(c, "ROLLBACK"));
  }

 private:
  pg_connection& c_;
};

}  // namespace

struct postgres_store::impl {
  std::string url;
  redacted_url redacted;
  options opts;

  std::mutex pool_mutex;
  std::condition_variable pool_cv;
  std::vector<conn_ptr> idle;
  std::size_t open_count = 0;  // idle plus leased

  class lease {
   public:
    lease(impl& owner, conn_ptr c, bool fresh) : owner_(owner), conn_(std::move(c), fresh) {}
    ~lease() { owner_.release(conn_.release()); }
    lease(const lease&) = delete;
    lease& operator=(const lease&) = delete;
    pg_connection& conn() { return conn_; }

   private:
    impl& owner_;
    pg_connection conn_;
  };

  [[nodiscard]] std::string describe_failure(std::string_view what, const char* detail) const {
    return std::string(what) + " " + redacted.text + ": " + scrub(one_line(detail), redacted.secrets);
  }

  result<conn_ptr> connect() {
    // Defaults first: the URL's own settings (expanded from "dbname") override them.
    const std::string timeout = std::to_string(opts.connect_timeout_seconds);
    const char* keys[] = {"connect_timeout", "application_name", "client_encoding", "dbname", nullptr};
    const char* values[] = {timeout.c_str(), "wavesites", "UTF8", url.c_str(), nullptr};
    conn_ptr c(PQconnectdbParams(keys, values, 1));
    if (!c) return error{describe_failure("cannot connect to PostgreSQL at", "out of memory")};
    if (PQstatus(c.get()) != CONNECTION_OK) {
      return error{describe_failure("cannot connect to PostgreSQL at", PQerrorMessage(c.get()))};
    }
    PQsetNoticeProcessor(c.get(), ignore_notice, nullptr);
    // A caller is told "stored" only after the commit is on disk: a server configured with
    // synchronous_commit=off would break that, so this session turns it back on. Stronger
    // settings (remote_write, remote_apply) are left as they are.
    pg_result sc(PQexec(c.get(), "SHOW synchronous_commit"));
    if (PQresultStatus(sc.get()) != PGRES_TUPLES_OK) {
      return error{describe_failure("cannot use PostgreSQL at", PQerrorMessage(c.get()))};
    }
    if (std::string_view(PQgetvalue(sc.get(), 0, 0)) == "off") {
      pg_result set(PQexec(c.get(), "SET synchronous_commit TO on"));
      if (PQresultStatus(set.get()) != PGRES_COMMAND_OK) {
        return error{describe_failure("cannot use PostgreSQL at", PQerrorMessage(c.get()))};
      }
    }
    return c;
  }

  result<std::unique_ptr<lease>> acquire() {
    std::unique_lock lk(pool_mutex);
    const auto deadline = std::chrono::steady_clock::now() + opts.acquire_timeout;
    for (;;) {
      if (!idle.empty()) {
        auto c = std::move(idle.back());
        idle.pop_back();
        return std::make_unique<lease>(*this, std::move(c), false);
      }
      if (open_count < opts.pool_size) {
        ++open_count;
        lk.unlock();  // connecting takes a round trip or a timeout: others may use the pool meanwhile
        auto c = connect();
        if (!c) {
          lk.lock();
          --open_count;
          lk.unlock();
          pool_cv.notify_one();
          return error{c.message()};
        }
        return std::make_unique<lease>(*this, std::move(c).value(), true);
      }
      if (pool_cv.wait_until(lk, deadline) == std::cv_status::timeout && idle.empty() && open_count >= opts.pool_size) {
        return error{"postgresql: no free connection within " + std::to_string(opts.acquire_timeout.count()) + " ms"};
      }
    }
  }

  void release(conn_ptr c) {
    const bool healthy = c && PQstatus(c.get()) == CONNECTION_OK && PQtransactionStatus(c.get()) == PQTRANS_IDLE;
    {
      std::lock_guard lk(pool_mutex);
      if (healthy)
        idle.push_back(std::move(c));
      else
        --open_count;
    }
    pool_cv.notify_one();
    // An unhealthy connection closes here, outside the lock.
  }

  // After one pooled connection turned out dead (a server restart, an idle timeout), the others
  // that waited beside it almost certainly are too.
  void drop_idle() {
    std::vector<conn_ptr> dead;
    {
      std::lock_guard lk(pool_mutex);
      dead.swap(idle);
      open_count -= dead.size();
    }
    pool_cv.notify_all();
  }

  template <typename T, typename F>
  result<T> run(F&& f) {
    for (int attempt = 0;; ++attempt) {
      auto l = acquire();
      if (!l) return error{l.message()};
      result<T> r = f((*l)->conn(), attempt);
      if (r || attempt > 0 || !(*l)->conn().lost_on_first()) return r;
      drop_idle();
    }
  }
};

postgres_store::postgres_store(std::unique_ptr<impl> p) : impl_(std::move(p)) {}

postgres_store::~postgres_store() = default;

std::string redact_database_url(std::string_view url) {
  return redact(url).text;
}

result<std::unique_ptr<postgres_store>> postgres_store::open(const std::string& url, options opts) {
  auto p = std::make_unique<impl>();
  p->url = url;
  p->redacted = redact(url);
  if (opts.pool_size == 0) opts.pool_size = 1;
  p->opts = opts;

  char* parse_error = nullptr;
  PQconninfoOption* parsed = PQconninfoParse(url.c_str(), &parse_error);
  if (parsed == nullptr) {
    const std::string detail = parse_error ? parse_error : "out of memory";
    PQfreemem(parse_error);
    return error{p->describe_failure("bad PostgreSQL URL", detail.c_str())};
  }
  // The decoded password too, in case libpq quotes it in a message.
  for (const PQconninfoOption* o = parsed; o->keyword != nullptr; ++o) {
    if (std::strcmp(o->keyword, "password") == 0 && o->val != nullptr) p->redacted.secrets.emplace_back(o->val);
  }
  PQconninfoFree(parsed);

  auto first = p->acquire();  // connect now, so an unreachable server is reported at startup
  if (!first) return error{first.message()};
  first->reset();
  return std::unique_ptr<postgres_store>(new postgres_store(std::move(p)));
}

result<bool> postgres_store::migrate() {
  return impl_->run<bool>([&](pg_connection& c, int) -> result<bool> {
    pg_migration_session session(c);
    auto applied = run_migrations(session, sql_dialect::postgresql);
    if (!applied) return error{applied.message()};
    return *applied > 0;
  });
}

bool postgres_store::ping() {
  return impl_
      ->run<bool>([&](pg_connection& c, int) -> result<bool> {
        if (auto r = c.exec("ping", "SELECT 1"); !r) return error{r.message()};
        return true;
      })
      .ok();
}

result<bool> postgres_store::add_lead(const lead_record& lead, std::span<const notification> notify) {
  static const std::string insert_sql = lead_insert_sql(sql_dialect::postgresql);
  const std::string agree = lead.agree ? "1" : "0";
  std::vector<param> params;
  for (const auto& f : lead_fields) params.push_back(text_param(f.flag ? agree : lead.*f.text));
  return impl_->run<bool>([&](pg_connection& c, int attempt) -> result<bool> {
    // Without notifications, one statement in autocommit mode: committed (synchronous_commit
    // permitting) when it returns; with them, one transaction holds the lead and its rows.
    const bool tx = !notify.empty();
    if (tx) {
      if (auto b = c.exec("begin", "BEGIN"); !b) return error{b.message()};
    }
    tx_guard guard(c.get());
    auto r = c.exec("insert lead", insert_sql.c_str(), params);
    if (!r) {
      // On the retry, our own id already present means the first attempt committed just before
      // its connection dropped: the lead (and its notifications) are stored.
      if (attempt > 0 && c.last_sqlstate() == "23505") return true;
      return error{r.message()};
    }
    if (!tx) return true;
    if (auto n = insert_notifications(c, notify); !n) return n;
    if (auto e = c.exec("commit", "COMMIT"); !e) return error{e.message()};
    return true;
  });
}

result<bool> postgres_store::add_resume(const resume_record& meta, const chunk_reader& read,
                                        std::span<const notification> notify) {
  static const std::string insert_sql = resume_insert_sql(sql_dialect::postgresql);
  // The numbers' text, one slot per field so that no param's pointer moves.
  std::array<std::string, resume_fields.size()> numbers;
  std::vector<param> params;
  for (std::size_t i = 0; i < resume_fields.size(); ++i) {
    const auto& f = resume_fields[i];
    if (f.number) numbers[i] = std::to_string(meta.*f.number);
    params.push_back(text_param(f.number ? numbers[i] : meta.*f.text));
  }
  return impl_->run<bool>([&](pg_connection& c, int) -> result<bool> {
    if (auto r = c.exec("begin", "BEGIN"); !r) return error{r.message()};
    tx_guard guard(c.get());
    if (auto r = c.exec("insert resume", insert_sql.c_str(), params); !r) return error{r.message()};

    std::int64_t seq = 0;
    auto put_chunk = [&](std::string_view bytes) -> result<bool> {
      const std::string s = std::to_string(seq++);
      auto r =
          c.exec("insert resume chunk", insert_chunk_sql, {text_param(meta.id), text_param(s), binary_param(bytes)});
      if (!r) return error{r.message()};
      return true;
    };
    const auto read_total = store_in_chunks(read, put_chunk);
    if (!read_total) return error{read_total.message()};
    const std::uint64_t total = *read_total;
    if (total != meta.size) {
      return error{"resume " + meta.id + ": the metadata says " + std::to_string(meta.size) + " bytes but " +
                   std::to_string(total) + " were read; nothing stored"};
    }
    if (auto r = insert_notifications(c, notify); !r) return r;
    if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
    return true;
  });
}

result<bool> postgres_store::add_click(const click_record& click) {
  static const std::string insert_sql = click_insert_sql(sql_dialect::postgresql);
  std::vector<param> params;
  for (const auto& f : click_fields) params.push_back(text_param(click.*f.text));
  return impl_->run<bool>([&](pg_connection& c, int attempt) -> result<bool> {
    auto r = c.exec("insert click", insert_sql.c_str(), params);
    if (r) return true;
    if (attempt > 0 && c.last_sqlstate() == "23505") return true;  // as for a lead
    return error{r.message()};
  });
}

namespace {

// The bucket as the database's clock finds it at this take: what it held, plus per_hour ($3)
// tokens an hour for the time since, up to per_hour. excluded.updated_at is the take's "now",
// read once from clock_timestamp(); a take that waited for another's row lock may find a later
// updated_at than its own now, and then nothing has refilled (never a negative refill).
constexpr std::string_view refilled_sql =
    "least($3::float8, b.tokens + greatest(0, extract(epoch FROM excluded.updated_at - b.updated_at))::float8 "
    "* $3::float8 / 3600)";

std::string make_take_token_sql() {
  // A new bucket starts full, less this take. An existing one is refilled (@r) and, if it holds
  // a whole token, gives it; either way it is written back with the time, as the in-memory
  // limiter does. RETURNING sees only the new row, hence `taken`; the wait is the time until
  // the bucket holds one token again, as api/rate_limiter.cpp computes it.
  std::string sql =
      "INSERT INTO rate_buckets AS b (kind, address, tokens, taken, updated_at) "
      "VALUES ($1, $2, $3::float8 - 1, true, clock_timestamp()) "
      "ON CONFLICT (kind, address) DO UPDATE SET "
      "tokens = CASE WHEN @r >= 1 THEN @r - 1 ELSE @r END, "
      "taken = @r >= 1, "
      "updated_at = greatest(b.updated_at, excluded.updated_at) "
      "RETURNING taken, ceil((1 - tokens) * 3600 / $3::float8)";
  for (auto at = sql.find("@r"); at != std::string::npos; at = sql.find("@r", at + refilled_sql.size())) {
    sql.replace(at, 2, refilled_sql);
  }
  return sql;
}

// The condition is repeated outside the subquery so that a bucket someone takes from while this
// runs is rechecked under its row lock and kept.
constexpr const char* forget_buckets_sql =
    "DELETE FROM rate_buckets WHERE updated_at < now() - interval '1 hour' AND (kind, address) IN ("
    "SELECT kind, address FROM rate_buckets WHERE updated_at < now() - interval '1 hour' LIMIT $1)";

/// Reads `columns` of `table` whose id is after `after_id`, in id order, from one snapshot
/// through a cursor so memory stays flat, handing each row to `fn`.
template <typename Read, typename Fn>
result<bool> each_row(pg_connection& c, const std::string& table, const std::string& columns,
                      const std::string& after_id, Read read, const Fn& fn) {
  if (auto r = c.exec("begin", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !r) return error{r.message()};
  tx_guard guard(c.get());
  // COLLATE "C": ULIDs sort by time only byte-wise, whatever collation the database defaults to.
  const std::string declare_sql = "DECLARE export_rows NO SCROLL CURSOR FOR SELECT " + columns + " FROM " + table +
                                  " WHERE id > $1 COLLATE \"C\" ORDER BY id COLLATE \"C\"";
  if (auto r = c.exec("declare cursor", declare_sql.c_str(), {text_param(after_id)}); !r) return error{r.message()};
  const std::string fetch = "FETCH " + std::to_string(lead_fetch_rows) + " FROM export_rows";
  for (;;) {
    auto rows = c.exec("read " + table, fetch.c_str());
    if (!rows) return error{rows.message()};
    const int n = PQntuples(rows->get());
    if (n == 0) break;
    for (int i = 0; i < n; ++i) fn(read(rows->get(), i));
  }
  if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
  return true;
}

}  // namespace

result<bool> postgres_store::each_lead(const std::function<void(const lead_record&)>& fn, const std::string& after_id) {
  return impl_->run<bool>([&](pg_connection& c, int) -> result<bool> {
    return each_row(c, "leads", lead_columns(), after_id, read_lead, fn);
  });
}

result<bool> postgres_store::each_click(const std::function<void(const click_record&)>& fn,
                                        const std::string& after_id) {
  return impl_->run<bool>([&](pg_connection& c, int) -> result<bool> {
    return each_row(c, "clicks", click_columns(), after_id, read_click, fn);
  });
}

result<token_wait> postgres_store::take_token(std::string_view limit, std::string_view key, std::uint32_t per_hour) {
  static const std::string sql = make_take_token_sql();
  const std::string kind_text(limit);
  const std::string key_text(key);
  const std::string rate = std::to_string(std::max<std::uint32_t>(per_hour, 1));
  return impl_->run<token_wait>([&](pg_connection& c, int) -> result<token_wait> {
    // Autocommit: the row lock is held for this one statement only.
    auto r = c.exec("take token", sql.c_str(), {text_param(kind_text), text_param(key_text), text_param(rate)});
    if (!r) return error{r.message()};
    if (PQntuples(r->get()) != 1) return error{"postgresql: take token: no row returned"};
    if (get_text(r->get(), 0, 0) == "t") return token_wait();
    const double wait = std::stod(get_text(r->get(), 0, 1));
    return token_wait(std::chrono::seconds(static_cast<long long>(std::max(1.0, wait))));
  });
}

result<std::uint64_t> postgres_store::forget_full_buckets(std::size_t max) {
  const std::string limit = std::to_string(max);
  return impl_->run<std::uint64_t>([&](pg_connection& c, int) -> result<std::uint64_t> {
    auto r = c.exec("forget full buckets", forget_buckets_sql, {text_param(limit)});
    if (!r) return error{r.message()};
    return std::stoull(PQcmdTuples(r->get()));
  });
}

namespace {

/// One erasure (store.hpp, erase_leads): read committed, with the chosen rows locked by the read
/// that chooses them, so that a concurrent erasure of the same rows (another server's sweep)
/// waits and then finds them gone; a dry run reads one snapshot and changes nothing.
result<erasure> erase_on(pg_connection& c, const erase_statements& sql, const erase_selector& which, bool dry_run) {
  if (sql.select.empty()) return error{"postgresql: resumes have no address to be chosen by"};
  const std::string key = erase_key(which);
  if (auto r = c.exec("begin", dry_run ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN"); !r) {
    return error{r.message()};
  }
  tx_guard guard(c.get());
  auto rows =
      c.exec("select records to erase", (dry_run ? sql.select : sql.select_for_erase).c_str(), {text_param(key)});
  if (!rows) return error{rows.message()};
  erasure out;
  for (int i = 0; i < PQntuples(rows->get()); ++i) {
    out.records.push_back(
        {get_text(rows->get(), i, 0), get_text(rows->get(), i, 1), std::stoull(get_text(rows->get(), i, 2))});
  }
  const std::string ids = id_list_json(out);
  if (out.records.empty()) {
    // Nothing chosen: the transaction only read.
  } else if (dry_run) {
    auto n = c.exec("count notifications to erase", sql.count_outbox.c_str(), {text_param(ids)});
    if (!n) return error{n.message()};
    out.notifications = std::stoull(get_text(n->get(), 0, 0));
  } else {
    auto n = c.exec("erase notifications", sql.delete_outbox.c_str(), {text_param(ids)});
    if (!n) return error{n.message()};
    out.notifications = std::stoull(PQcmdTuples(n->get()));
    // Chunks before their resume: they reference it.
    if (!sql.delete_chunks.empty()) {
      if (auto r = c.exec("erase resume chunks", sql.delete_chunks.c_str(), {text_param(ids)}); !r) {
        return error{r.message()};
      }
    }
    auto gone = c.exec("erase records", sql.delete_records.c_str(), {text_param(ids)});
    if (!gone) return error{gone.message()};
  }
  if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
  return out;
}

}  // namespace

result<erasure> postgres_store::erase_leads(const erase_selector& which, bool dry_run) {
  const auto& sql = erase_sql(sql_dialect::postgresql, erased_table::leads, which.what);
  return impl_->run<erasure>([&](pg_connection& c, int) { return erase_on(c, sql, which, dry_run); });
}

result<erasure> postgres_store::erase_resumes(const erase_selector& which, bool dry_run) {
  const auto& sql = erase_sql(sql_dialect::postgresql, erased_table::resumes, which.what);
  return impl_->run<erasure>([&](pg_connection& c, int) { return erase_on(c, sql, which, dry_run); });
}

result<bool> postgres_store::backup(const std::string& /*path*/) {
  return error{"a PostgreSQL database is backed up with pg_dump (pg_dump --format=custom --file=OUTFILE URL)"};
}

result<std::vector<int>> postgres_store::applied_migrations() {
  return impl_->run<std::vector<int>>([&](pg_connection& c, int) -> result<std::vector<int>> {
    // to_regclass: NULL rather than an error when the table is not there (a database never migrated).
    auto exists = c.exec("read schema_version", "SELECT to_regclass('schema_version') IS NOT NULL");
    if (!exists) return error{exists.message()};
    std::vector<int> versions;
    if (get_text(exists->get(), 0, 0) != "t") return versions;
    auto rows = c.exec("read schema_version", "SELECT version FROM schema_version ORDER BY version");
    if (!rows) return error{rows.message()};
    for (int i = 0; i < PQntuples(rows->get()); ++i) versions.push_back(std::stoi(get_text(rows->get(), i, 0)));
    return versions;
  });
}

result<bool> postgres_store::each_resume(const std::function<void(const resume_record&)>& begin,
                                         const std::function<void(std::string_view chunk)>& write,
                                         const std::string& after_id) {
  static const std::string declare_sql = "DECLARE resumes_export NO SCROLL CURSOR FOR SELECT " + resume_columns() +
                                         " FROM resumes WHERE id > $1 COLLATE \"C\" ORDER BY id COLLATE \"C\"";
  return impl_->run<bool>([&](pg_connection& c, int) -> result<bool> {
    if (auto r = c.exec("begin", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !r) return error{r.message()};
    tx_guard guard(c.get());
    if (auto r = c.exec("declare cursor", declare_sql.c_str(), {text_param(after_id)}); !r) return error{r.message()};
    const std::string fetch = "FETCH " + std::to_string(resume_fetch_rows) + " FROM resumes_export";
    for (;;) {
      auto rows = c.exec("read resumes", fetch.c_str());
      if (!rows) return error{rows.message()};
      const int n = PQntuples(rows->get());
      if (n == 0) break;
      for (int i = 0; i < n; ++i) {
        const resume_record meta = read_resume(rows->get(), i);
        begin(meta);
        if (auto r = read_chunks(c, meta.id, write); !r) return r;
      }
    }
    if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
    return true;
  });
}

result<std::optional<lead_record>> postgres_store::find_lead(const std::string& id) {
  static const std::string sql = "SELECT " + lead_columns() + " FROM leads WHERE id = $1";
  return impl_->run<std::optional<lead_record>>([&](pg_connection& c, int) -> result<std::optional<lead_record>> {
    auto r = c.exec("read lead", sql.c_str(), {text_param(id)});
    if (!r) return error{r.message()};
    if (PQntuples(r->get()) == 0) return std::optional<lead_record>();
    return std::optional<lead_record>(read_lead(r->get(), 0));
  });
}

result<std::optional<resume_record>> postgres_store::find_resume(const std::string& id,
                                                                 const std::function<void(std::string_view)>& write) {
  static const std::string select_sql = "SELECT " + resume_columns() + " FROM resumes WHERE id = $1";
  using found = std::optional<resume_record>;
  return impl_->run<found>([&](pg_connection& c, int) -> result<found> {
    if (auto r = c.exec("begin", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !r) return error{r.message()};
    tx_guard guard(c.get());
    auto rows = c.exec("read resume", select_sql.c_str(), {text_param(id)});
    if (!rows) return error{rows.message()};
    if (PQntuples(rows->get()) == 0) return found();
    resume_record meta = read_resume(rows->get(), 0);
    if (write) {
      if (auto r = read_chunks(c, id, write); !r) return error{r.message()};
    }
    if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
    return found(std::move(meta));
  });
}

result<std::vector<notification>> postgres_store::claim_notifications(std::string_view channel, std::size_t max,
                                                                      std::int64_t now_ms, std::int64_t lease_ms) {
  const std::string ch(channel);
  const std::string now = std::to_string(now_ms);
  const std::string until = std::to_string(now_ms + lease_ms);
  const std::string limit = std::to_string(max);
  using claimed = std::vector<notification>;
  return impl_->run<claimed>([&](pg_connection& c, int) -> result<claimed> {
    auto r = c.exec("claim notifications", outbox_sql(sql_dialect::postgresql).claim.c_str(),
                    {text_param(ch), text_param(now), text_param(until), text_param(limit)});
    if (!r) return error{r.message()};
    claimed out;
    for (int i = 0; i < PQntuples(r->get()); ++i) out.push_back(read_notification(r->get(), i));
    std::sort(out.begin(), out.end(), [](const notification& a, const notification& b) { return a.id < b.id; });
    return out;
  });
}

result<bool> postgres_store::finish_notifications(std::span<const finished_notification> done) {
  if (done.empty()) return true;
  const std::string finished = utc_now_iso();
  return impl_->run<bool>([&](pg_connection& c, int) -> result<bool> {
    if (auto r = c.exec("begin", "BEGIN"); !r) return error{r.message()};
    tx_guard guard(c.get());
    // Like SQLite's, these commits need not wait for the disk: a lost outcome means a resend.
    if (auto r = c.exec("relax commit", "SET LOCAL synchronous_commit TO off"); !r) return error{r.message()};
    for (const auto& d : done) {
      if (d.outcome.what == delivery_outcome::kind::delivered) {
        auto r = c.exec("finish notification", outbox_sql(sql_dialect::postgresql).remove.c_str(), {text_param(d.id)});
        if (!r) return error{r.message()};
        continue;
      }
      const std::string state(outbox_state_name(d.outcome.what));
      const std::string retry_at = std::to_string(d.outcome.retry_at_ms);
      const std::string when = d.outcome.what == delivery_outcome::kind::retry ? "" : finished;
      auto r = c.exec(
          "finish notification", outbox_sql(sql_dialect::postgresql).finish.c_str(),
          {text_param(d.id), text_param(state), text_param(retry_at), text_param(d.outcome.error), text_param(when)});
      if (!r) return error{r.message()};
    }
    if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
    return true;
  });
}

result<std::uint64_t> postgres_store::hurry_notifications(std::string_view channel, std::int64_t now_ms) {
  const std::string ch(channel);
  const std::string now = std::to_string(now_ms);
  return impl_->run<std::uint64_t>([&](pg_connection& c, int) -> result<std::uint64_t> {
    auto r = c.exec("hurry notifications", outbox_sql(sql_dialect::postgresql).hurry.c_str(),
                    {text_param(ch), text_param(now)});
    if (!r) return error{r.message()};
    return std::stoull(PQcmdTuples(r->get()));
  });
}

result<std::uint64_t> postgres_store::extend_notification_claims(std::span<const std::string> ids,
                                                                 std::int64_t held_until_ms, std::int64_t until_ms) {
  if (ids.empty()) return std::uint64_t{0};
  const std::string held = std::to_string(held_until_ms);
  const std::string until = std::to_string(until_ms);
  return impl_->run<std::uint64_t>([&](pg_connection& c, int) -> result<std::uint64_t> {
    if (auto r = c.exec("begin", "BEGIN"); !r) return error{r.message()};
    tx_guard guard(c.get());
    // Bookkeeping like finish_notifications': a lost extension only risks a resend.
    if (auto r = c.exec("relax commit", "SET LOCAL synchronous_commit TO off"); !r) return error{r.message()};
    std::uint64_t extended = 0;
    for (const auto& id : ids) {
      auto r = c.exec("extend notification claim", outbox_sql(sql_dialect::postgresql).extend.c_str(),
                      {text_param(id), text_param(held), text_param(until)});
      if (!r) return error{r.message()};
      extended += std::stoull(PQcmdTuples(r->get()));
    }
    if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
    return extended;
  });
}

result<std::uint64_t> postgres_store::release_notification_claims() {
  return impl_->run<std::uint64_t>([&](pg_connection& c, int) -> result<std::uint64_t> {
    auto r = c.exec("release notifications", outbox_sql(sql_dialect::postgresql).release.c_str());
    if (!r) return error{r.message()};
    return std::stoull(PQcmdTuples(r->get()));
  });
}

result<outbox_counts> postgres_store::count_notifications() {
  return impl_->run<outbox_counts>([&](pg_connection& c, int) -> result<outbox_counts> {
    auto r = c.exec("count notifications", outbox_sql(sql_dialect::postgresql).counts.c_str());
    if (!r) return error{r.message()};
    outbox_counts out;
    for (int i = 0; i < PQntuples(r->get()); ++i) {
      const auto state = get_text(r->get(), i, 0);
      const auto n = std::stoull(get_text(r->get(), i, 1));
      if (state == "pending") {
        out.pending = n;
        out.oldest_pending_ms = std::stoll(get_text(r->get(), i, 2));
      } else if (state == "failed") {
        out.failed = n;
      }
    }
    return out;
  });
}

}  // namespace wavesites

namespace wavesites {
namespace {

std::uint64_t affected(const pg_result& r) {
  const char* n = PQcmdTuples(r.get());
  return n == nullptr || *n == '\0' ? 0 : std::stoull(n);
}

}  // namespace

result<std::string> postgres_store::stats_salt(const std::string& day, const std::string& candidate) {
  const auto& sql = stats_sql(sql_dialect::postgresql);
  return impl_->run<std::string>([&](pg_connection& c, int) -> result<std::string> {
    if (auto r = c.exec("offer salt", sql.offer_salt.c_str(), {text_param(day), text_param(candidate)}); !r) {
      return error{r.message()};
    }
    auto r = c.exec("read salt", sql.read_salt.c_str(), {text_param(day)});
    if (!r) return error{r.message()};
    if (PQntuples(r->get()) != 1) return error{"postgresql: the salt of " + day + " is missing"};
    return get_text(r->get(), 0, 0);
  });
}

result<bool> postgres_store::add_stats(const stats_batch& batch) {
  if (batch.empty()) return true;
  const auto& sql = stats_sql(sql_dialect::postgresql);
  return impl_->run<bool>([&](pg_connection& c, int) -> result<bool> {
    if (auto r = c.exec("begin", "BEGIN"); !r) return error{r.message()};
    tx_guard guard(c.get());
    // One server's write at a time: two writing the same day's rows in different orders would
    // deadlock, and each one's count of the day's visitors must see the other's hashes.
    if (auto r = c.exec("lock stats", "SELECT pg_advisory_xact_lock(7301955410563620180)"); !r) {
      return error{r.message()};
    }
    for (const auto& n : batch.counts) {
      const std::string count = std::to_string(n.n);
      if (auto r = c.exec(
              "add stats count", sql.add_count.c_str(),
              {text_param(n.day), text_param(n.site), text_param(n.dimension), text_param(n.name), text_param(count)});
          !r) {
        return error{r.message()};
      }
    }
    std::vector<std::pair<std::string, std::string>> touched;
    for (const auto& v : batch.visitors) {
      if (auto r = c.exec("add visitor", sql.add_visitor.c_str(),
                          {text_param(v.day), text_param(v.site), text_param(v.hash)});
          !r) {
        return error{r.message()};
      }
      if (std::find(touched.begin(), touched.end(), std::pair{v.day, v.site}) == touched.end()) {
        touched.emplace_back(v.day, v.site);
      }
    }
    for (const auto& [day, site] : touched) {
      if (auto r = c.exec("count visitors", sql.count_visitors.c_str(), {text_param(day), text_param(site)}); !r) {
        return error{r.message()};
      }
    }
    if (auto r = c.exec("commit", "COMMIT"); !r) return error{r.message()};
    return true;
  });
}

result<std::uint64_t> postgres_store::forget_visitors_before(const std::string& day) {
  const auto& sql = stats_sql(sql_dialect::postgresql);
  return impl_->run<std::uint64_t>([&](pg_connection& c, int) -> result<std::uint64_t> {
    auto hashes = c.exec("forget visitors", sql.forget_visitors.c_str(), {text_param(day)});
    if (!hashes) return error{hashes.message()};
    auto salts = c.exec("forget salts", sql.forget_salts.c_str(), {text_param(day)});
    if (!salts) return error{salts.message()};
    return affected(*hashes) + affected(*salts);
  });
}

result<std::vector<stats_count>> postgres_store::read_stats(const std::string& from, const std::string& to) {
  return impl_->run<std::vector<stats_count>>([&](pg_connection& c, int) -> result<std::vector<stats_count>> {
    auto r = c.exec("read stats", stats_sql(sql_dialect::postgresql).read.c_str(), {text_param(from), text_param(to)});
    if (!r) return error{r.message()};
    std::vector<stats_count> out;
    for (int i = 0; i < PQntuples(r->get()); ++i) {
      out.push_back({get_text(r->get(), i, 0), get_text(r->get(), i, 1), get_text(r->get(), i, 2),
                     get_text(r->get(), i, 3), std::stoull(get_text(r->get(), i, 4))});
    }
    return out;
  });
}

result<std::vector<click_tally>> postgres_store::tally_clicks(const std::string& from, const std::string& to) {
  return impl_->run<std::vector<click_tally>>([&](pg_connection& c, int) -> result<std::vector<click_tally>> {
    auto r = c.exec("tally clicks", stats_sql(sql_dialect::postgresql).tally_clicks.c_str(),
                    {text_param(from), text_param(to)});
    if (!r) return error{r.message()};
    std::vector<click_tally> out;
    for (int i = 0; i < PQntuples(r->get()); ++i) {
      out.push_back({get_text(r->get(), i, 0), get_text(r->get(), i, 1), get_text(r->get(), i, 2),
                     get_text(r->get(), i, 3), get_text(r->get(), i, 4), std::stoull(get_text(r->get(), i, 5))});
    }
    return out;
  });
}

result<std::vector<lead_tally>> postgres_store::tally_leads(const std::string& from, const std::string& to) {
  return impl_->run<std::vector<lead_tally>>([&](pg_connection& c, int) -> result<std::vector<lead_tally>> {
    auto r = c.exec("tally leads", stats_sql(sql_dialect::postgresql).tally_leads.c_str(),
                    {text_param(from), text_param(to)});
    if (!r) return error{r.message()};
    std::vector<lead_tally> out;
    for (int i = 0; i < PQntuples(r->get()); ++i) {
      out.push_back({get_text(r->get(), i, 0), get_text(r->get(), i, 1), get_text(r->get(), i, 2),
                     std::stoull(get_text(r->get(), i, 3))});
    }
    return out;
  });
}

result<std::uint64_t> postgres_store::erase_stats_before(const std::string& day) {
  return impl_->run<std::uint64_t>([&](pg_connection& c, int) -> result<std::uint64_t> {
    auto r = c.exec("erase stats", stats_sql(sql_dialect::postgresql).erase_before.c_str(), {text_param(day)});
    if (!r) return error{r.message()};
    return affected(*r);
  });
}

}  // namespace wavesites
