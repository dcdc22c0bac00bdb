package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration 13 moves the NZB documents out of {@code sources}: a pass over every source (each
 * second, by the standby service) must not read them.
 */
class NzbsApartMigrationTest {

    @TempDir
    Path dir;

    @Test
    void migratingAVersion12DatabaseKeepsEveryNzbByteForByte() throws Exception {
        byte[] big = new byte[1 << 20];
        new Random(13).nextBytes(big);
        byte[] small = "<nzb/>".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try (Connection c = version12()) {
            insert(c, 1, 3, big);
            insert(c, 2, 7, small);
        }
        try (Database db = Database.open(dir)) {
            assertEquals(13, db.schemaVersion());
            db.transaction(c -> {
                assertArrayEquals(big, SourceTable.nzb(c, 3).orElseThrow());
                assertArrayEquals(small, SourceTable.nzb(c, 7).orElseThrow());
                assertEquals("Film.1", SourceTable.byId(c, 3).orElseThrow().releaseName());
                return null;
            });
            // The NZB goes with its source.
            db.transaction(c -> Items.delete(c, 1));
            db.transaction(c -> {
                assertEquals(Optional.empty(), SourceTable.nzb(c, 3).map(b -> b.length));
                assertArrayEquals(small, SourceTable.nzb(c, 7).orElseThrow());
                return null;
            });
        }
    }

    @Test
    void aSourceRowHoldsNoNzbBytes() throws Exception {
        try (Database db = Database.open(dir)) {
            long item = db.transaction(c -> Items.insert(c, "Film", Instant.ofEpochMilli(1)));
            byte[] nzb = new byte[300_000];
            long id = db.transaction(c -> SourceTable.insert(
                    c,
                    item,
                    new NewSource(
                            nzb,
                            "sha",
                            "Film.2024",
                            Optional.empty(),
                            0,
                            SourceRole.PRIMARY,
                            SourceState.READY,
                            0,
                            0,
                            Instant.ofEpochMilli(1))));
            db.transaction(c -> {
                assertArrayEquals(nzb, SourceTable.nzb(c, id).orElseThrow());
                List<String> blobs = new ArrayList<>();
                try (PreparedStatement p = c.prepareStatement("SELECT name, type FROM pragma_table_info('sources')");
                        ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        if (rs.getString(2).equalsIgnoreCase("BLOB")) blobs.add(rs.getString(1));
                    }
                }
                assertTrue(blobs.isEmpty(), "columns of sources that hold documents: " + blobs);
                return null;
            });
        }
    }

    /** A database as version 12 of the schema made it, foreign keys on as the server runs. */
    private Connection version12() throws SQLException {
        Connection c = DriverManager.getConnection(
                "jdbc:sqlite:" + dir.resolve("nzbmount.db").toAbsolutePath());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA foreign_keys=ON");
            for (String script : Database.MIGRATIONS.subList(0, 12)) {
                for (String sql : Database.statements(script)) s.execute(sql);
            }
            s.execute("PRAGMA user_version=12");
        }
        return c;
    }

    private static void insert(Connection c, long item, long source, byte[] nzb) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO items(id, name, created_at, primary_source) VALUES (" + item + ", 'Film " + item
                    + "', 1, " + source + ")");
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO sources(id, item_id, nzb_sha256, nzb, release_name,"
                + " role, state, added_at) VALUES (?, ?, ?, ?, ?, 'primary', 'ready', 1)")) {
            p.setLong(1, source);
            p.setLong(2, item);
            p.setString(3, "sha" + source);
            p.setBytes(4, nzb);
            p.setString(5, "Film." + item);
            p.executeUpdate();
        }
    }
}
