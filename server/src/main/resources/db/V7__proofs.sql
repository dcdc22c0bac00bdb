-- The typed cause of an item's problem (a word of CloseCause): "no-source" when no source could
-- serve the bytes, "providers", "cutover-off", "chosen-source" or "read-error" otherwise. Rows
-- stored before it existed were all "no source could serve".
ALTER TABLE item_problems ADD COLUMN kind TEXT NOT NULL DEFAULT 'no-source';

-- Articles the STAT sample at import found missing on every provider, by message id (without
-- angle brackets): fingerprint sweeps place no sample of the primary there.
CREATE TABLE source_missing_articles (
    source_id  INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    message_id TEXT    NOT NULL,
    PRIMARY KEY (source_id, message_id)
);
