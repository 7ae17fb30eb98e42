#pragma once
/// The store's schema migrations, shared by the SQLite and PostgreSQL stores: one ordered list of
/// SQL files (src/store/sql/NNN_*.sql, collected and embedded at build time), the per-dialect
/// substitutions, and one runner that applies each migration not yet recorded in
/// `schema_version`, each inside its own transaction, so a migration applies exactly once even
/// when several processes start at once.
#include <span>
#include <string>
#include <string_view>

#include "util/embedded.hpp"
#include "util/result.hpp"

namespace wavesites {

/// The SQL dialects the migrations are written for.
enum class sql_dialect { sqlite, postgresql };

/// One numbered migration as written in src/store/sql (dialect tokens not yet substituted).
using migration = embedded::sql_file;

/// Every migration, in the order they apply (versions 1, 2, 3... without a gap): the files of
/// src/store/sql, collected when the server is built, so a new migration is one new file. Never
/// edit an applied one: databases in the field have already run it.
[[nodiscard]] std::span<const migration> all_migrations();

/// `sql` with the dialect tokens replaced: BLOB_TYPE becomes BLOB on SQLite, BYTEA on PostgreSQL;
/// KEYED_TABLE (after a CREATE TABLE's closing parenthesis) becomes WITHOUT ROWID on SQLite and
/// nothing on PostgreSQL; CREATE UNLOGGED_TABLE becomes CREATE TABLE on SQLite and CREATE
/// UNLOGGED TABLE on PostgreSQL.
[[nodiscard]] std::string dialect_sql(std::string_view sql, sql_dialect dialect);

/// The table that records which migrations have been applied; created if missing.
inline constexpr std::string_view schema_version_ddl =
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)";

/// What a store provides so that run_migrations can drive it. Every call happens on one
/// connection; begin() must also take whatever lock keeps two processes from migrating at once.
class migration_session {
 public:
  virtual ~migration_session() = default;
  migration_session() = default;
  migration_session(const migration_session&) = delete;
  migration_session& operator=(const migration_session&) = delete;

  /// Starts a write transaction that excludes other migrators until commit or rollback.
  virtual result<bool> begin() = 0;
  /// Runs SQL without parameters (DDL, possibly several statements).
  virtual result<bool> exec(std::string_view sql) = 0;
  /// True when `schema_version` holds `version`.
  virtual result<bool> is_applied(int version) = 0;
  /// Inserts (version, applied_at) into `schema_version`.
  virtual result<bool> record(int version, const std::string& applied_at) = 0;
  virtual result<bool> commit() = 0;
  /// Abandons the transaction; must be harmless when none is open.
  virtual void rollback() noexcept = 0;
};

/// Applies, in order, every migration not yet recorded, each in its own transaction together with
/// its `schema_version` row. Returns how many were applied (0 when the schema was up to date).
result<int> run_migrations(migration_session& session, sql_dialect dialect);

}  // namespace wavesites
