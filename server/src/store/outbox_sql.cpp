#include "store/outbox_sql.hpp"

namespace wavesites {
namespace {

outbox_statements make(sql_dialect dialect) {
  const bool pg = dialect == sql_dialect::postgresql;
  outbox_statements s{
      .insert =
          "INSERT INTO outbox (id, event, subject_id, site, channel, created_at, created_ms, next_attempt_ms) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
      .claim = std::string("UPDATE outbox SET claimed_until_ms = ?3, attempts = attempts + 1 WHERE id IN (") +
               "SELECT id FROM outbox WHERE state = 'pending' AND channel = ?1 AND next_attempt_ms <= ?2 AND "
               "claimed_until_ms <= ?2 ORDER BY next_attempt_ms, id LIMIT ?4" +
               (pg ? " FOR UPDATE SKIP LOCKED" : "") +
               ") RETURNING id, event, subject_id, site, channel, created_at, created_ms, attempts",
      .finish =
          "UPDATE outbox SET state = ?2, next_attempt_ms = ?3, last_error = ?4, finished_at = ?5, "
          "claimed_until_ms = 0 WHERE id = ?1",
      .remove = "DELETE FROM outbox WHERE id = ?1",
      .hurry =
          "UPDATE outbox SET next_attempt_ms = ?2 WHERE state = 'pending' AND channel = ?1 AND next_attempt_ms > ?2",
      .extend = "UPDATE outbox SET claimed_until_ms = ?3 WHERE id = ?1 AND state = 'pending' AND claimed_until_ms = ?2",
      .release = "UPDATE outbox SET claimed_until_ms = 0 WHERE state = 'pending' AND claimed_until_ms <> 0",
      .counts = "SELECT state, count(*), min(created_ms) FROM outbox GROUP BY state",
  };
  if (pg) {
    for (auto* text : {&s.insert, &s.claim, &s.finish, &s.remove, &s.hurry, &s.extend})
      *text = postgres_placeholders(*text);
  }
  return s;
}

}  // namespace

std::string_view outbox_state_name(delivery_outcome::kind k) {
  switch (k) {
    case delivery_outcome::kind::delivered:
      return "delivered";
    case delivery_outcome::kind::failed:
      return "failed";
    case delivery_outcome::kind::retry:
      break;
  }
  return "pending";
}

std::string postgres_placeholders(std::string_view sql) {
  std::string out(sql);
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    if (out[i] == '?' && out[i + 1] >= '0' && out[i + 1] <= '9') out[i] = '$';
  }
  return out;
}

const outbox_statements& outbox_sql(sql_dialect dialect) {
  static const outbox_statements sqlite = make(sql_dialect::sqlite);
  static const outbox_statements postgresql = make(sql_dialect::postgresql);
  return dialect == sql_dialect::sqlite ? sqlite : postgresql;
}

}  // namespace wavesites
