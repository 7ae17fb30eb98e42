-- wavesites schema, version 2: the landing page's first-party click log. No client address is
-- kept: the referrer is reduced to its origin before it gets here.
CREATE TABLE clicks (
  id              TEXT PRIMARY KEY,
  clicked_at      TEXT NOT NULL,
  site            TEXT NOT NULL,
  host            TEXT NOT NULL,
  referrer_origin TEXT NOT NULL
);
