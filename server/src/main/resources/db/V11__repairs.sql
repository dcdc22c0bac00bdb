-- PAR2 repair of a source with holes. One row per source that needed one. state: queued, running,
-- done, impossible (too few recovery slices: reason says how many), failed (reason says why; a
-- new hole schedules it again). The slice counts are of the recovery set; bytes_read counts what
-- the repair read from the providers. updated_at is epoch milliseconds.
CREATE TABLE repairs (
    source_id      INTEGER PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
    state          TEXT    NOT NULL,
    reason         TEXT    NOT NULL DEFAULT '',
    slices_missing INTEGER NOT NULL DEFAULT 0,
    slices_total   INTEGER NOT NULL DEFAULT 0,
    slices_read    INTEGER NOT NULL DEFAULT 0,
    bytes_read     INTEGER NOT NULL DEFAULT 0,
    updated_at     INTEGER NOT NULL
);

-- Articles rebuilt from PAR2 recovery data: served from the repair store instead of the providers.
-- The article is bytes [begin_offset, begin_offset + length) of the posted file file_idx (its
-- position in the NZB), a file of file_size bytes in total parts; its bytes lie in the stored
-- slices slice_keys (comma-separated content keys, in order), the first of which starts at
-- first_slice in the file, each slice_size bytes long.
CREATE TABLE repaired_articles (
    message_id   TEXT    NOT NULL,
    source_id    INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    file_idx     INTEGER NOT NULL,
    part         INTEGER NOT NULL,
    total        INTEGER NOT NULL,
    file_size    INTEGER NOT NULL,
    begin_offset INTEGER NOT NULL,
    length       INTEGER NOT NULL,
    first_slice  INTEGER NOT NULL,
    slice_size   INTEGER NOT NULL,
    slice_keys   TEXT    NOT NULL,
    PRIMARY KEY (message_id, source_id)
);

-- A known hole whose bytes a repair rebuilt (epoch milliseconds); NULL while the source lacks them.
ALTER TABLE source_holes ADD COLUMN repaired_at INTEGER;
