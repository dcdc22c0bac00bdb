-- Standby pools. Times are epoch milliseconds, except posted_at (epoch seconds).

-- The stable identity of a source as a standby candidate: SHA-256 (hex) of the indexer download
-- link, or the NZB's SHA-256 for one added by hand. The link itself carries the indexer's API key
-- and is not stored.
CREATE TABLE source_keys (
    source_id INTEGER PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
    key       TEXT    NOT NULL
);
CREATE INDEX source_keys_by_key ON source_keys(key);

-- Progress of proving a standby byte-identical to its item's primary.
-- state: pending | validating | verified | mismatch | inconclusive | dead
CREATE TABLE standby_progress (
    source_id     INTEGER PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
    state         TEXT    NOT NULL,
    samples_done  INTEGER NOT NULL DEFAULT 0,
    samples_total INTEGER NOT NULL DEFAULT 0,
    validated_at  INTEGER,
    reason        TEXT,
    tier          INTEGER,
    attempts      INTEGER NOT NULL DEFAULT 0,
    retry_at      INTEGER
);

-- Fingerprints of a source's sampled byte ranges, computed once: SHA-256 of bytes
-- [offset, offset + length) of file idx.
CREATE TABLE sample_hashes (
    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    file_idx  INTEGER NOT NULL,
    offset    INTEGER NOT NULL,
    length    INTEGER NOT NULL,
    sha256    BLOB    NOT NULL,
    PRIMARY KEY (source_id, file_idx, offset, length)
);

-- Candidates proved unusable for good (missing first article, NZB refused, bytes differ), by key.
-- They outlive their item: a dead release stays dead.
CREATE TABLE dead_candidates (
    key          TEXT    PRIMARY KEY,
    item_id      INTEGER REFERENCES items(id) ON DELETE SET NULL,
    release_name TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    at           INTEGER NOT NULL
);

-- The indexer results an item was picked from: its first standby candidates. link is the download
-- link with the indexer's API key replaced by a placeholder (the configured key is put back to
-- download); link_key is the SHA-256 of the real link.
CREATE TABLE result_pool (
    item_id   INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    indexer   TEXT    NOT NULL,
    guid      TEXT    NOT NULL,
    title     TEXT    NOT NULL,
    link      TEXT    NOT NULL,
    link_key  TEXT    NOT NULL,
    size      INTEGER NOT NULL,
    posted_at INTEGER NOT NULL,
    PRIMARY KEY (item_id, link_key)
);
