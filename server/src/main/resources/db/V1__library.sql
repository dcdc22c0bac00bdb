-- Items own the WebDAV paths; sources are releases (NZBs) of an item.
CREATE TABLE items (
    id              INTEGER PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE,
    created_at      INTEGER NOT NULL,
    primary_source  INTEGER,
    primary_by_user INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE sources (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    nzb_sha256   TEXT    NOT NULL,
    nzb          BLOB    NOT NULL,
    release_name TEXT    NOT NULL,
    link         TEXT,
    posted_at    INTEGER NOT NULL DEFAULT 0,
    role         TEXT    NOT NULL,
    state        TEXT    NOT NULL,
    reason       TEXT,
    added_at     INTEGER NOT NULL
);
CREATE UNIQUE INDEX sources_by_item_and_hash ON sources(item_id, nzb_sha256);
CREATE INDEX sources_by_hash ON sources(nzb_sha256);

-- One row per file of a source, with its segment map in compact form.
CREATE TABLE files (
    source_id     INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    idx           INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    size          INTEGER NOT NULL,
    layout        TEXT    NOT NULL,
    media         INTEGER NOT NULL,
    PRIMARY KEY (source_id, idx)
);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE events (
    id        INTEGER PRIMARY KEY,
    at        INTEGER NOT NULL,
    item_id   INTEGER,
    stream_id TEXT,
    kind      TEXT    NOT NULL,
    detail    TEXT    NOT NULL
);
CREATE INDEX events_by_item_and_time ON events(item_id, at);
CREATE INDEX events_by_time ON events(at);
