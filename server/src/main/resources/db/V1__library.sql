-- Items own the WebDAV paths; sources are releases (NZBs) of an item. Times are epoch
-- milliseconds, except posted_at (epoch seconds, as NZBs state it).
CREATE TABLE items (
    id              INTEGER PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    created_at      INTEGER NOT NULL,
    -- Not a foreign key: items and sources point at each other; the importer keeps it right.
    primary_source  INTEGER,
    primary_by_user INTEGER NOT NULL DEFAULT 0
);

-- One NZB is one source, whatever item it belongs to: the hash is unique.
CREATE TABLE sources (
    id               INTEGER PRIMARY KEY,
    item_id          INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    nzb_sha256       TEXT    NOT NULL UNIQUE,
    nzb              BLOB    NOT NULL,
    release_name     TEXT    NOT NULL,
    link             TEXT,
    posted_at        INTEGER NOT NULL DEFAULT 0,
    role             TEXT    NOT NULL,
    state            TEXT    NOT NULL,
    reason           TEXT,
    tier             INTEGER,
    presence_checked INTEGER NOT NULL DEFAULT 0,
    presence_missing INTEGER NOT NULL DEFAULT 0,
    added_at         INTEGER NOT NULL
);
CREATE INDEX sources_by_item ON sources(item_id);

-- One row per file of a source: its exact decoded size and its segment layout in compact form.
-- size is -1 when the file could not be sized at import (its first article is gone).
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

-- The event timeline. Events outlive nothing: deleting an item deletes its events.
CREATE TABLE events (
    id        INTEGER PRIMARY KEY,
    at        INTEGER NOT NULL,
    item_id   INTEGER REFERENCES items(id) ON DELETE CASCADE,
    stream_id TEXT,
    kind      TEXT    NOT NULL,
    detail    TEXT    NOT NULL
);
CREATE INDEX events_by_item ON events(item_id, id);
CREATE INDEX events_by_time ON events(at);
