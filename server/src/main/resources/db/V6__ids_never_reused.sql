-- Row ids that anything refers to are never given twice: without AUTOINCREMENT SQLite hands out
-- the highest id again once its row is deleted, and whatever still knew the old row (a cache, a
-- player's URL, an event cursor) would then point at another release. SQLite cannot add
-- AUTOINCREMENT to a table, so items, sources and events are rebuilt with every row, column and
-- index kept. The runner turns foreign keys off while migrating (dropping a table would
-- otherwise cascade) and checks them all before the migration commits; the tables that refer to
-- these ones name them, so they refer to the rebuilt ones.
CREATE TABLE items_v6 (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    name            TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    created_at      INTEGER NOT NULL,
    -- Not a foreign key: items and sources point at each other; the importer keeps it right.
    primary_source  INTEGER,
    primary_by_user INTEGER NOT NULL DEFAULT 0
);
INSERT INTO items_v6 (id, name, created_at, primary_source, primary_by_user)
    SELECT id, name, created_at, primary_source, primary_by_user FROM items;
DROP TABLE items;
ALTER TABLE items_v6 RENAME TO items;

CREATE TABLE sources_v6 (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO sources_v6 (id, item_id, nzb_sha256, nzb, release_name, link, posted_at, role, state, reason, tier,
                        presence_checked, presence_missing, added_at)
    SELECT id, item_id, nzb_sha256, nzb, release_name, link, posted_at, role, state, reason, tier,
           presence_checked, presence_missing, added_at FROM sources;
DROP TABLE sources;
ALTER TABLE sources_v6 RENAME TO sources;
CREATE INDEX sources_by_item ON sources(item_id);

-- Event ids are the cursor of GET /api/events and of the event stream's Last-Event-ID.
CREATE TABLE events_v6 (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        INTEGER NOT NULL,
    item_id   INTEGER REFERENCES items(id) ON DELETE CASCADE,
    stream_id TEXT,
    kind      TEXT    NOT NULL,
    detail    TEXT    NOT NULL
);
INSERT INTO events_v6 (id, at, item_id, stream_id, kind, detail)
    SELECT id, at, item_id, stream_id, kind, detail FROM events;
DROP TABLE events;
ALTER TABLE events_v6 RENAME TO events;
CREATE INDEX events_by_item ON events(item_id, id);
CREATE INDEX events_by_time ON events(at);
