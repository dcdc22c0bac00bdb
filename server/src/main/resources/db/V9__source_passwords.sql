-- The password that opened a source's encrypted archives, and where it came from: 'api' (the
-- password parameter of an import), 'name' ({{password}} at the end of the NZB's name) or 'meta'
-- (<meta type="password"> in the NZB). A secret: never logged, never returned by the API. A
-- source whose archives are not encrypted has no row.
CREATE TABLE source_passwords (
    source_id INTEGER PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
    password  TEXT    NOT NULL,
    origin    TEXT    NOT NULL
);
