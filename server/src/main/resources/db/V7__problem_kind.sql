-- The typed cause of an item's problem (a word of CloseCause): "no-source" when no source could
-- serve the bytes, "providers", "cutover-off", "chosen-source" or "read-error" otherwise. Rows
-- stored before it existed were all "no source could serve".
ALTER TABLE item_problems ADD COLUMN kind TEXT NOT NULL DEFAULT 'no-source';
