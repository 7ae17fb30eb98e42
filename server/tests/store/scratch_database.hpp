#pragma once
// An empty database for one test: a fresh directory for SQLite, a fresh schema of the
// PostgreSQL server that WAVESITES_TEST_PG_URL names (`make test` sets it through
// scripts/with-postgres.sh), so cases may run in parallel. Shared by the suites that need a real
// store (store/, api/).
#include <libpq-fe.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "util/c_handle.hpp"

namespace wavesites::testing {

namespace fs = std::filesystem;

enum class backend { sqlite, postgresql };

// Readable test names in CTest ("GetParam() = sqlite") instead of the enum's bytes.
inline void PrintTo(backend b, std::ostream* os) {
  *os << (b == backend::sqlite ? "sqlite" : "postgresql");
}

inline std::string random_hex(std::size_t chars) {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(chars, '0');
  for (auto& c : out) c = digits[rng() % 16];
  return out;
}

inline const char* pg_test_url() {
  const char* url = std::getenv("WAVESITES_TEST_PG_URL");
  return url != nullptr && *url != '\0' ? url : nullptr;
}

inline constexpr const char* pg_skip_message =
    "WAVESITES_TEST_PG_URL is not set: run under scripts/with-postgres.sh (make test does) to test PostgreSQL";

using pg_conn = c_handle<PGconn, PQfinish>;
using pg_result = c_handle<PGresult, PQclear>;

/// An empty database for one test, removed afterwards, with a back door for looking at the
/// tables directly (what the store interface does not show, such as schema_version).
class scratch_database {
 public:
  /// Null with `skip` set when the backend is not available here.
  static std::unique_ptr<scratch_database> create(backend b, std::string& skip) {
    auto s = std::unique_ptr<scratch_database>(new scratch_database(b));
    if (b == backend::sqlite) {
      s->dir_ = fs::temp_directory_path() / ("wavesites-store-test-" + random_hex(12));
      // Nested, so open_store has to create the parent directories.
      s->sqlite_path_ = s->dir_ / "nested" / "dir" / "wavesites.db";
      s->url_ = "sqlite:" + s->sqlite_path_.string();
      return s;
    }
    const char* base = pg_test_url();
    if (base == nullptr) {
      skip = pg_skip_message;
      return nullptr;
    }
    s->admin_.reset(PQconnectdb(base));
    if (PQstatus(s->admin_.get()) != CONNECTION_OK) {
      throw std::runtime_error(std::string("cannot reach WAVESITES_TEST_PG_URL: ") + PQerrorMessage(s->admin_.get()));
    }
    PQsetNoticeProcessor(
        s->admin_.get(), [](void*, const char*) {}, nullptr);  // "drop cascades to ..."
    s->schema_ = "wst_" + random_hex(12);
    s->admin_exec("CREATE SCHEMA " + s->schema_);
    const std::string base_url(base);
    // search_path puts the store's tables in the private schema; application_name lets a test
    // find this store's server connections.
    s->url_ = base_url + (base_url.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" +
              s->schema_ + "&application_name=" + s->schema_;
    return s;
  }

  ~scratch_database() {
    if (backend_ == backend::sqlite) {
      std::error_code ec;
      fs::remove_all(dir_, ec);
    } else if (admin_) {
      pg_result(PQexec(admin_.get(), ("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE").c_str()));
    }
  }
  scratch_database(const scratch_database&) = delete;
  scratch_database& operator=(const scratch_database&) = delete;

  [[nodiscard]] const std::string& url() const { return url_; }
  [[nodiscard]] const std::string& schema() const { return schema_; }
  [[nodiscard]] const fs::path& sqlite_path() const { return sqlite_path_; }

  /// Runs a query whose answer is rows of text (table names unqualified).
  std::vector<std::vector<std::string>> query(const std::string& sql) {
    std::vector<std::vector<std::string>> rows;
    if (backend_ == backend::sqlite) {
      sqlite3* db = nullptr;
      if (sqlite3_open_v2(sqlite_path_.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        throw std::runtime_error("cannot open " + sqlite_path_.string());
      }
      sqlite3_stmt* st = nullptr;
      if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
        const std::string msg = sqlite3_errmsg(db);
        sqlite3_close(db);
        throw std::runtime_error(msg);
      }
      while (sqlite3_step(st) == SQLITE_ROW) {
        auto& row = rows.emplace_back();
        for (int i = 0; i < sqlite3_column_count(st); ++i) {
          const auto* t = sqlite3_column_text(st, i);
          row.emplace_back(t ? reinterpret_cast<const char*>(t) : "");
        }
      }
      sqlite3_finalize(st);
      sqlite3_close(db);
      return rows;
    }
    admin_exec("SET search_path TO " + schema_);
    pg_result r(PQexec(admin_.get(), sql.c_str()));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) throw std::runtime_error(PQresultErrorMessage(r.get()));
    for (int i = 0; i < PQntuples(r.get()); ++i) {
      auto& row = rows.emplace_back();
      for (int j = 0; j < PQnfields(r.get()); ++j) row.emplace_back(PQgetvalue(r.get(), i, j));
    }
    admin_exec("RESET search_path");
    return rows;
  }

  void admin_exec(const std::string& sql) {
    pg_result r(PQexec(admin_.get(), sql.c_str()));
    const auto st = PQresultStatus(r.get());
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) throw std::runtime_error(PQresultErrorMessage(r.get()));
  }

 private:
  explicit scratch_database(backend b) : backend_(b) {}

  backend backend_;
  std::string url_;
  fs::path dir_;
  fs::path sqlite_path_;
  pg_conn admin_;
  std::string schema_;
};

}  // namespace wavesites::testing
