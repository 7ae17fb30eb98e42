// open_store: picks the implementation from the database URL, then connects, pings and migrates,
// so a server or an export never starts against a database it cannot use.
#include <algorithm>
#include <filesystem>

#include "store/migrations.hpp"
#include "store/postgres_store.hpp"
#include "store/sqlite_store.hpp"
#include "store/store.hpp"

namespace wavesites {
namespace {

// The CLI prints the message as the one line on stderr before exiting 2.
error one_line(std::string message) {
  std::replace_if(
      message.begin(), message.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return error{std::move(message)};
}

}  // namespace

result<std::unique_ptr<store>> open_store(const std::string& url, open_mode mode) {
  std::unique_ptr<store> db;
  std::string where;
  if (url.starts_with("sqlite:")) {
    const std::string path = url.substr(std::string_view("sqlite:").size());
    if (path.empty()) return one_line("bad database URL \"sqlite:\": the file path is missing (sqlite:PATH)");
    std::error_code ec;
    if (mode == open_mode::as_is && !std::filesystem::is_regular_file(path, ec)) {
      return one_line("no SQLite database at " + path);
    }
    auto s = sqlite_store::open(path);
    if (!s) return one_line(s.message());
    db = std::move(s).value();
    where = "SQLite database " + path;
  } else if (url.starts_with("postgresql://") || url.starts_with("postgres://")) {
    auto s = postgres_store::open(url);
    if (!s) return one_line(s.message());
    db = std::move(s).value();
    where = "PostgreSQL database " + redact_database_url(url);
  } else {
    return one_line("bad database URL \"" + redact_database_url(url) +
                    "\": expected sqlite:PATH or postgresql://user:password@host:port/database");
  }
  if (!db->ping()) return one_line("the " + where + " does not answer");
  if (mode == open_mode::as_is) return db;
  if (auto r = db->migrate(); !r) return one_line("cannot migrate the " + where + ": " + r.message());
  return db;
}

store_status schema_status(std::string kind, std::string where, const std::vector<int>& applied) {
  store_status out{std::move(kind), std::move(where), 0, 0};
  for (const int v : applied) out.schema_version = std::max(out.schema_version, v);
  for (const auto& m : all_migrations()) {
    if (std::find(applied.begin(), applied.end(), m.version) == applied.end()) ++out.pending;
  }
  return out;
}

result<store_status> inspect_store(const std::string& url) {
  if (url.starts_with("sqlite:")) {
    const std::string path = url.substr(std::string_view("sqlite:").size());
    auto applied = sqlite_store::applied_migrations(path);
    if (!applied) return one_line(applied.message());
    return schema_status("sqlite", path, *applied);
  }
  if (url.starts_with("postgresql://") || url.starts_with("postgres://")) {
    // Opening connects (an unreachable server is an error here) and does not migrate.
    auto s = postgres_store::open(url);
    if (!s) return one_line(s.message());
    auto applied = (*s)->applied_migrations();
    if (!applied) return one_line(applied.message());
    return schema_status("postgresql", redact_database_url(url), *applied);
  }
  return one_line("bad database URL \"" + redact_database_url(url) +
                  "\": expected sqlite:PATH or postgresql://user:password@host:port/database");
}

}  // namespace wavesites
