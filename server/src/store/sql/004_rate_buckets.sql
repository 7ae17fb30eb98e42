-- wavesites schema, version 4: the per-address token buckets of [limits], kept in the database so
-- that every server sharing one PostgreSQL draws from the same bucket: behind a load balancer a
-- client gets the limit once, not once per server. A bucket held `tokens` at `updated_at` (the
-- database's clock, so the servers' clocks do not matter) and refills evenly over the hour;
-- `taken` is the outcome of its last take, which is how the one statement that takes reports it.
-- A bucket untouched for an hour is full, the same as none, so such rows are deleted now and then.
-- Unlogged on PostgreSQL: a take writes no WAL and waits for no disk, and what a database crash
-- loses is only buckets, which then start full. No index on updated_at: every take would have to
-- keep it up to date, while the clean-up reads the table once a minute. SQLite keeps its buckets
-- in the server's memory (one process owns the file), so there the table stays empty.
CREATE UNLOGGED_TABLE rate_buckets (
  kind       TEXT NOT NULL,
  address    TEXT NOT NULL,
  tokens     DOUBLE PRECISION NOT NULL,
  taken      BOOLEAN NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (kind, address)
) KEYED_TABLE;
