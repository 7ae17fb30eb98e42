-- wavesites schema, version 5: the click log also keeps the links followed through /go/.
-- A landing click is kind 'landing' with the other three empty; a link click names its slug,
-- the article it was followed from (or nothing), and the destination chosen for the visitor's
-- platform ('ios', 'android' or 'url'). Still no address and no User-Agent.
ALTER TABLE clicks ADD COLUMN kind TEXT NOT NULL DEFAULT 'landing';
ALTER TABLE clicks ADD COLUMN link TEXT NOT NULL DEFAULT '';
ALTER TABLE clicks ADD COLUMN from_article TEXT NOT NULL DEFAULT '';
ALTER TABLE clicks ADD COLUMN destination TEXT NOT NULL DEFAULT '';
