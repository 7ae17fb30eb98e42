-- wavesites schema, version 1. Runs unchanged on SQLite and PostgreSQL.
CREATE TABLE leads (
  id                    TEXT PRIMARY KEY,
  received_at           TEXT NOT NULL,
  business_email        TEXT NOT NULL,
  first_name            TEXT NOT NULL,
  last_name             TEXT NOT NULL,
  country               TEXT NOT NULL,
  describes             TEXT NOT NULL,
  company_name          TEXT NOT NULL,
  remark                TEXT NOT NULL,
  agree                 INTEGER NOT NULL,
  official_website_name TEXT NOT NULL,
  consent_version       TEXT NOT NULL,
  language              TEXT NOT NULL,
  client_ip             TEXT NOT NULL,
  user_agent            TEXT NOT NULL,
  host                  TEXT NOT NULL
);
CREATE TABLE resumes (
  id            TEXT PRIMARY KEY,
  received_at   TEXT NOT NULL,
  stored_name   TEXT NOT NULL UNIQUE,
  original_name TEXT NOT NULL,
  content_type  TEXT NOT NULL,
  size          BIGINT NOT NULL,
  sha256        TEXT NOT NULL,
  client_ip     TEXT NOT NULL,
  user_agent    TEXT NOT NULL,
  host          TEXT NOT NULL
);
CREATE TABLE resume_chunks (
  resume_id TEXT NOT NULL REFERENCES resumes(id),
  seq       INTEGER NOT NULL,
  data      BLOB_TYPE NOT NULL,
  PRIMARY KEY (resume_id, seq)
);
