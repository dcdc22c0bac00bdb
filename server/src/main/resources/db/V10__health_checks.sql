-- When the health check last asked the providers about a source's articles (epoch milliseconds):
-- all of them (full_at) and a sample (sample_at). A source without a row was never checked: its
-- check after import is due. Kept so the schedule of re-checks survives a restart.
CREATE TABLE health_checks (
    source_id INTEGER PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
    full_at   INTEGER NOT NULL,
    sample_at INTEGER NOT NULL
);
