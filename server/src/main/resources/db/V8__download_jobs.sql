-- Jobs of the SABnzbd-compatible download client (Sonarr, Radarr). A completed job names the item
-- it made or found; a failed one has no item and says why. One NZB (by the SHA-256 of its bytes)
-- is one job, so the same NZB sent again answers with the same nzo_id. A job goes with its item.
CREATE TABLE download_jobs (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    nzo_id           TEXT    NOT NULL UNIQUE,
    nzb_sha256       TEXT    NOT NULL UNIQUE,
    name             TEXT    NOT NULL,
    category         TEXT    NOT NULL,
    priority         INTEGER NOT NULL,
    item_id          INTEGER REFERENCES items(id) ON DELETE CASCADE,
    status           TEXT    NOT NULL,
    storage          TEXT,
    fail_message     TEXT,
    bytes            INTEGER NOT NULL,
    added_at         INTEGER NOT NULL,
    download_seconds INTEGER NOT NULL
);
CREATE INDEX download_jobs_by_item ON download_jobs(item_id);
