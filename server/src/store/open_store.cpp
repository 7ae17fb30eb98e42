// open_store: picks the implementation from the database URL, then connects, pings and migrates,
// so a server or an export never starts against a database it cannot use.
#include <algorithm>

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

result<std::unique_ptr<store>> open_store(const std::string& url) {
  std::unique_ptr<store> db;
  std::string where;
  if (url.starts_with("sqlite:")) {
    const std::string path = url.substr(std::string_view("sqlite:").size());
    if (path.empty()) return one_line("bad database URL \"sqlite:\": the file path is missing (sqlite:PATH)");
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
  if (auto r = db->migrate(); !r) return one_line("cannot migrate the " + where + ": " + r.message());
  return db;
}

}  // namespace wavesites
