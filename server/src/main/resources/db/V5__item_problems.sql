-- Why an item cannot be played now: its last stream ended because no source could serve the
-- bytes. One row per item at most; deleted when a later read of the item delivers bytes or the
-- user acts on it. source_id is the item's primary when it was set: a row whose item has another
-- primary now, or a source added after since, no longer stands. since is epoch milliseconds.
CREATE TABLE item_problems (
    item_id   INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
    message   TEXT    NOT NULL,
    reason    TEXT    NOT NULL,
    since     INTEGER NOT NULL,
    source_id INTEGER NOT NULL
);
