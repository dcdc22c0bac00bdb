-- Files served from inside archives. A file whose bytes sit inside archive volumes names those
-- volumes: volumes is the list of their NZB positions (idx of this source's files), comma
-- separated, in the order its layout refers to them; empty for a plain file. Such a file has an
-- idx past the NZB's own files.
ALTER TABLE files ADD COLUMN volumes TEXT NOT NULL DEFAULT '';

-- What a source holds that cannot be served (a compressed, solid or encrypted archive, a missing
-- volume): shown on the item, so a film that is not there says why.
CREATE TABLE refusals (
    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    reason    TEXT    NOT NULL,
    message   TEXT    NOT NULL,
    PRIMARY KEY (source_id, position)
);
