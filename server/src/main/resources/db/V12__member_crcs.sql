-- The CRC-32 an encrypted archive records for a file served from inside it, kept when the
-- password that opens it was proved only by the file's first bytes decrypting to a container's
-- signature (RAR4 -p without -hp, 7z without encrypted headers): the decrypted file is checked
-- against it in the background. file_idx is the file's idx in files. state: pending, verified,
-- mismatch (the decrypted bytes are not what the archive recorded: a wrong password or wrong data;
-- the file is never served again), unreadable (an article is gone for good: the check cannot end).
-- actual_crc is the CRC-32 found, -1 until the check ended; checked_at is epoch milliseconds, 0
-- until then.
CREATE TABLE member_crcs (
    source_id  INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    file_idx   INTEGER NOT NULL,
    crc        INTEGER NOT NULL,
    state      TEXT    NOT NULL DEFAULT 'pending',
    actual_crc INTEGER NOT NULL DEFAULT -1,
    checked_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (source_id, file_idx)
);
