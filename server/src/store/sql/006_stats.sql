-- wavesites schema, version 6: where leads came from, and the visit counts.
--
-- A lead keeps what its page remembered of the visit's start (the attribution object): each
-- empty when the page did not say.
ALTER TABLE leads ADD COLUMN attr_utm_source TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_utm_medium TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_utm_campaign TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_utm_term TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_utm_content TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_gclid TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_fbclid TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_ttclid TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_msclkid TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_li_fat_id TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_referrer TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_landing_path TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN attr_first_seen TEXT NOT NULL DEFAULT '';

-- Views per UTC day, site and dimension: ('views', ''), ('visitors', '') (the day's uniques, kept
-- up to date from stats_visitors while its hashes live), ('page', path), ('referrer', origin or
-- 'direct'), ('source' | 'medium' | 'campaign', value or ''), ('device', class), ('lang', code).
-- Counts only: nothing here is about a person.
CREATE TABLE stats_daily (
  day       TEXT NOT NULL,
  site      TEXT NOT NULL,
  dimension TEXT NOT NULL,
  name      TEXT NOT NULL,
  n         BIGINT NOT NULL,
  PRIMARY KEY (day, site, dimension, name)
);

-- The salt of each day's visitor hashes: random, shared by every server of the store, and
-- deleted with the day's hashes once the day is two days old.
CREATE TABLE stats_salts (
  day  TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);

-- The day's visitors, as keyed hashes of (salt, site, address, User-Agent): so that several
-- servers count a visitor once. Never the address or the User-Agent.
CREATE TABLE stats_visitors (
  day  TEXT NOT NULL,
  site TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (day, site, hash)
);
