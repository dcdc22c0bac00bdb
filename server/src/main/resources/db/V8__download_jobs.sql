-- Jobs of the SABnzbd-compatible download client (Sonarr, Radarr). A completed job names the item
-- it made or found; a failed one has no item and says why. One NZB (by the SHA-256 of its bytes)
-- is one job, so the same NZB sent again answers with the same nzo_id. A job goes with its item.
-- made_item: the job's import made the item (1), or found it already in the library (0); a delete
-- with del_files=1 removes only an item the job made.
CREATE TABLE download_jobs (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    nzo_id           TEXT    NOT NULL UNIQUE,
    nzb_sha256       TEXT    NOT NULL UNIQUE,
    name             TEXT    NOT NULL,
    category         TEXT    NOT NULL,
    priority         INTEGER NOT NULL,
    item_id          INTEGER REFERENCES items(id) ON DELETE CASCADE,
    made_item        INTEGER NOT NULL DEFAULT 0,
    status           TEXT    NOT NULL,
    storage          TEXT,
    fail_message     TEXT,
    bytes            INTEGER NOT NULL,
    added_at         INTEGER NOT NULL,
    download_seconds INTEGER NOT NULL
);
CREATE INDEX download_jobs_by_item ON download_jobs(item_id);
