-- Known holes: bytes a source was proven to lack (an article missing or corrupt on every
-- provider), so later reads of that range go to a source that has them, also after a restart.
-- [start_offset, end_offset) of the decoded file at file_idx (its position in the NZB); usually
-- one article's range. found_at is epoch milliseconds.
CREATE TABLE source_holes (
    source_id    INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    file_idx     INTEGER NOT NULL,
    start_offset INTEGER NOT NULL,
    end_offset   INTEGER NOT NULL,
    found_at     INTEGER NOT NULL,
    reason       TEXT    NOT NULL,
    PRIMARY KEY (source_id, file_idx, start_offset)
);
