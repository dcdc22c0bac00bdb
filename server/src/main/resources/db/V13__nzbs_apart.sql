-- The NZB documents leave the sources table for a table of their own. A pass over every source
-- (the standby service's each second, the health scheduler's) reads columns stored after the
-- NZB, and SQLite reaches them only by walking the NZB's overflow pages: with NZBs of a megabyte
-- or more, each such pass read the whole library's NZBs. Here a source row stays a few dozen
-- bytes, and an NZB is read only when its source is asked for by id.
CREATE TABLE source_nzbs (
    source_id INTEGER PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
    nzb       BLOB    NOT NULL
);
INSERT INTO source_nzbs (source_id, nzb) SELECT id, nzb FROM sources;
ALTER TABLE sources DROP COLUMN nzb;
