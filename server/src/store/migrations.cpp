#include "store/migrations.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "util/embedded.hpp"

namespace wavesites {
namespace {

std::string utc_timestamp_now() {
  using namespace std::chrono;
  const auto now = system_clock::now();
  const auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
  const std::time_t secs = system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];  // room for any int the format could see, so g++ knows nothing is cut
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  return buf;
}

bool is_word_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

std::span<const migration> all_migrations() {
  return embedded::migration_files;
}

namespace {

/// `sql` with every whole-word `token` replaced by `with`.
std::string replace_word(std::string_view sql, std::string_view token, std::string_view with) {
  std::string out;
  out.reserve(sql.size());
  std::size_t pos = 0;
  while (pos < sql.size()) {
    const auto hit = sql.find(token, pos);
    if (hit == std::string_view::npos) break;
    // Whole words only, so a column that merely contains the token is left alone.
    const bool starts_word = hit == 0 || !is_word_char(sql[hit - 1]);
    const bool ends_word = hit + token.size() == sql.size() || !is_word_char(sql[hit + token.size()]);
    out.append(sql.substr(pos, hit - pos));
    out.append(starts_word && ends_word ? with : token);
    pos = hit + token.size();
  }
  out.append(sql.substr(pos));
  return out;
}

}  // namespace

std::string dialect_sql(std::string_view sql, sql_dialect dialect) {
  const bool sqlite = dialect == sql_dialect::sqlite;
  // A table keyed by its primary key alone: SQLite then keeps one b-tree instead of two.
  auto out = replace_word(replace_word(sql, "BLOB_TYPE", sqlite ? "BLOB" : "BYTEA"), "KEYED_TABLE",
                          sqlite ? "WITHOUT ROWID" : "");
  // Scratch data that need not survive a crash: PostgreSQL then skips the WAL; SQLite has no such table.
  return replace_word(out, "UNLOGGED_TABLE", sqlite ? "TABLE" : "UNLOGGED TABLE");
}

result<int> run_migrations(migration_session& session, sql_dialect dialect) {
  int applied = 0;
  for (const auto& m : all_migrations()) {
    const std::string where = "migration " + std::string(m.name) + ": ";
    if (auto r = session.begin(); !r) return error{where + r.message()};
    // One step per migration: check, apply and record under the same lock, so two processes
    // starting together cannot both apply it, and a failure leaves the previous version intact.
    auto step = [&]() -> result<bool> {
      if (auto r = session.exec(schema_version_ddl); !r) return r;
      auto done = session.is_applied(m.version);
      if (!done || *done) return done;
      if (auto r = session.exec(dialect_sql(m.sql, dialect)); !r) return r;
      if (auto r = session.record(m.version, utc_timestamp_now()); !r) return r;
      return false;
    };
    auto already = step();
    if (!already) {
      session.rollback();
      return error{where + already.message()};
    }
    if (auto r = session.commit(); !r) {
      session.rollback();
      return error{where + r.message()};
    }
    if (!*already) ++applied;
  }
  return applied;
}

}  // namespace wavesites
