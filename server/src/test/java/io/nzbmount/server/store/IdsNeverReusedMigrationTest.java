package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration 6 on a database made with the version 5 schema and rows in every table: every row is
 * kept, the foreign keys still cascade, and from then on a deleted row's id is never given again.
 */
class IdsNeverReusedMigrationTest {
    private static final List<String> TABLES = List.of(
            "items",
            "sources",
            "files",
            "events",
            "source_keys",
            "standby_progress",
            "sample_hashes",
            "dead_candidates",
            "result_pool",
            "source_holes",
            "refusals",
            "item_problems",
            "settings");

    @TempDir
    Path dir;

    @Test
    void migratingAVersion5DatabaseKeepsEveryRowAndItsReferences() throws Exception {
        Map<String, Integer> before;
        try (Connection c = version5()) {
            fill(c);
            before = counts(c);
        }
        try (Database db = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion(), "migrated to the newest schema");
            assertEquals(before, db.transaction(IdsNeverReusedMigrationTest::counts));
            db.transaction(c -> {
                assertEquals("Film 2", one(c, "SELECT name FROM items WHERE id = 2"));
                assertEquals("7", one(c, "SELECT primary_source FROM items WHERE id = 2"));
                assertArrayEquals(
                        "<nzb 7/>".getBytes(StandardCharsets.UTF_8),
                        SourceTable.nzb(c, 7).orElseThrow());
                assertEquals("cutover", one(c, "SELECT kind FROM events WHERE id = 12"));
                return null;
            });
            // The references survive the rebuild: deleting an item still takes everything of it along.
            db.transaction(c -> Items.delete(c, 2));
            Map<String, Integer> after = db.transaction(IdsNeverReusedMigrationTest::counts);
            assertEquals(1, after.get("items"));
            assertEquals(1, after.get("sources"));
            assertEquals(1, after.get("files"));
            assertEquals(1, after.get("events"));
            for (String t : List.of(
                    "source_keys",
                    "standby_progress",
                    "sample_hashes",
                    "result_pool",
                    "source_holes",
                    "refusals",
                    "item_problems")) {
                assertEquals(0, after.get(t), t);
            }
            assertEquals(
                    "", one(db, "SELECT IFNULL(item_id, '') FROM dead_candidates"), "a dead release outlives its item");
        }
    }

    @Test
    void afterMigratingTheIdsOfDeletedRowsAreNeverGivenAgain() throws Exception {
        try (Connection c = version5()) {
            fill(c);
        }
        try (Database db = Database.open(dir)) {
            db.transaction(c -> Items.delete(c, 2));
            long item = db.transaction(c -> Items.insert(c, "Film 3", Instant.ofEpochMilli(5)));
            long source = db.transaction(c -> SourceTable.insert(
                    c,
                    item,
                    new NewSource(
                            new byte[] {1},
                            "c",
                            "Film.3",
                            Optional.empty(),
                            0,
                            SourceRole.PRIMARY,
                            SourceState.READY,
                            0,
                            0,
                            Instant.ofEpochMilli(5))));
            long event = db.transaction(c -> Events.append(
                    c, Instant.ofEpochMilli(5), OptionalLong.of(item), Optional.empty(), "imported", "{}"));
            assertEquals(3, item, "not 2, the deleted item's");
            assertEquals(8, source, "not 7, the deleted item's source");
            assertEquals(13, event, "not 12, the deleted item's last event");
        }
    }

    @Test
    void everyTableWhoseIdsAreReferredToHandsOutIdsOnce() throws Exception {
        try (Database db = Database.open(dir)) {
            for (String table : List.of("items", "sources", "events")) {
                String sql = one(db, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'");
                assertTrue(sql.contains("AUTOINCREMENT"), sql);
            }
        }
    }

    /** A database as version 5 of the schema made it, foreign keys on as the server runs. */
    private Connection version5() throws SQLException {
        Connection c = DriverManager.getConnection(
                "jdbc:sqlite:" + dir.resolve("nzbmount.db").toAbsolutePath());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA foreign_keys=ON");
            for (String script : Database.MIGRATIONS.subList(0, 5)) {
                for (String sql : Database.statements(script)) s.execute(sql);
            }
            s.execute("PRAGMA user_version=5");
        }
        return c;
    }

    private static void fill(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (int item = 1; item <= 2; item++) {
                long source = item == 1 ? 3 : 7;
                s.execute("INSERT INTO items(id, name, created_at, primary_source) VALUES (" + item + ", 'Film " + item
                        + "', 1, " + source + ")");
                s.execute("INSERT INTO sources(id, item_id, nzb_sha256, nzb, release_name, role, state, added_at)"
                        + " VALUES (" + source + ", " + item + ", 'sha" + source + "', CAST('<nzb " + source
                        + "/>' AS BLOB), 'Film." + item + "', 'primary', 'ready', 1)");
                s.execute("INSERT INTO files(source_id, idx, name, size, layout, media) VALUES (" + source
                        + ", 0, 'f.mkv', 10, 'l', 1)");
                s.execute("INSERT INTO events(id, at, item_id, kind, detail) VALUES (" + (10 + item) + ", 1, " + item
                        + ", '" + (item == 2 ? "cutover" : "imported") + "', '{}')");
            }
            s.execute("INSERT INTO source_keys VALUES (7, 'k7')");
            s.execute("INSERT INTO standby_progress(source_id, state) VALUES (7, 'verified')");
            s.execute("INSERT INTO sample_hashes VALUES (7, 0, 0, 4, X'00')");
            s.execute("INSERT INTO dead_candidates VALUES ('k9', 2, 'Film.Dead', 'mismatch', 1)");
            s.execute("INSERT INTO result_pool VALUES (2, 'idx', 'g', 'Film.2', 'l', 'lk', 10, 1)");
            s.execute("INSERT INTO source_holes VALUES (7, 0, 0, 4, 1, 'missing')");
            s.execute("INSERT INTO refusals VALUES (7, 0, 'a.rar', 'compressed', 'm')");
            s.execute("INSERT INTO item_problems VALUES (2, 'm', 'r', 1, 7)");
            s.execute("INSERT INTO settings VALUES ('k', 'v')");
        }
    }

    private static Map<String, Integer> counts(Connection c) throws SQLException {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String t : TABLES) counts.put(t, Integer.parseInt(one(c, "SELECT count(*) FROM " + t)));
        return counts;
    }

    private static String one(Database db, String sql) throws StoreException {
        return db.transaction(c -> one(c, sql));
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql);
                ResultSet rs = p.executeQuery()) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }
}
