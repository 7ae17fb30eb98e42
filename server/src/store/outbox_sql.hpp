#pragma once
/// The SQL of table `outbox` (migration 003), written once for both stores: the statements use
/// SQLite's ?N placeholders and are turned into PostgreSQL's $N, which also gets its row locks
/// skipped while claiming, so that servers sharing one database never claim the same row.
#include <string>

#include "store/migrations.hpp"
#include "store/store.hpp"

namespace wavesites {

struct outbox_statements {
  /// (id, event, subject_id, site, channel, created_at, created_ms): due at once.
  std::string insert;
  /// (channel, now_ms, claimed_until_ms, max) -> id, event, subject_id, site, channel,
  /// created_at, created_ms, attempts.
  std::string claim;
  /// (id, state, next_attempt_ms, last_error, finished_at): the outcome of an attempt that was
  /// not delivered.
  std::string finish;
  /// (id): a delivered row goes.
  std::string remove;
  /// (channel, now_ms)
  std::string hurry;
  /// (id, held_until_ms, until_ms): a claim renewed by its holder, unless it was taken over.
  std::string extend;
  std::string release;
  /// -> state, count, oldest created_ms.
  std::string counts;
};

[[nodiscard]] const outbox_statements& outbox_sql(sql_dialect dialect);

/// The `state` a row takes after an attempt with this outcome: pending (to retry), delivered
/// or failed.
[[nodiscard]] std::string_view outbox_state_name(delivery_outcome::kind k);

/// `sql` with SQLite's ?N placeholders written as PostgreSQL's $N.
[[nodiscard]] std::string postgres_placeholders(std::string_view sql);

}  // namespace wavesites
