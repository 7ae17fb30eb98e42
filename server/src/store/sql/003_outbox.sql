-- wavesites schema, version 3: the notification outbox. One row per stored record and channel,
-- written in the transaction that stores the record; delivery workers claim due rows, send them
-- and record the outcome. Rows hold ids, never the record's data. Times in *_ms are Unix ms.
-- A delivered row is deleted, so the table holds only what is pending or failed and a claim
-- reads it whole: no index, because keeping one up to date cost every lead's commit a tenth of
-- its speed.
CREATE TABLE outbox (
  id               TEXT PRIMARY KEY,
  event            TEXT NOT NULL,
  subject_id       TEXT NOT NULL,
  site             TEXT NOT NULL,
  channel          TEXT NOT NULL,
  created_at       TEXT NOT NULL,
  created_ms       BIGINT NOT NULL,
  state            TEXT NOT NULL DEFAULT 'pending',
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_ms  BIGINT NOT NULL,
  claimed_until_ms BIGINT NOT NULL DEFAULT 0,
  last_error       TEXT NOT NULL DEFAULT '',
  finished_at      TEXT NOT NULL DEFAULT ''
) KEYED_TABLE;
