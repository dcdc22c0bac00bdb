package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {

    @TempDir
    Path dir;

    @Test
    void newDatabaseIsMigratedToTheNewestSchema() throws Exception {
        try (Database db = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
            String mode = db.transaction(c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertEquals("wal", mode);
        }
    }

    @Test
    void reopeningKeepsDataAndDoesNotMigrateAgain() throws Exception {
        try (Database db = Database.open(dir)) {
            db.transaction(c -> {
                try (PreparedStatement p = c.prepareStatement("INSERT INTO settings(key, value) VALUES (?, ?)")) {
                    p.setString(1, "k");
                    p.setString(2, "v");
                    return p.executeUpdate();
                }
            });
        }
        try (Database db = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
            String value = db.transaction(c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT value FROM settings WHERE key='k'")) {
                    return rs.next() ? rs.getString(1) : null;
                }
            });
            assertEquals("v", value);
        }
    }

    @Test
    void failedTransactionLeavesNothingBehind() throws Exception {
        try (Database db = Database.open(dir)) {
            assertThrows(
                    StoreException.class,
                    () -> db.transaction(c -> {
                        try (Statement s = c.createStatement()) {
                            s.execute("INSERT INTO settings(key, value) VALUES ('a', '1')");
                            s.execute("INSERT INTO settings(key, value) VALUES ('a', '2')");
                        }
                        return null;
                    }));
            int rows = db.transaction(c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT count(*) FROM settings")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertEquals(0, rows);
        }
    }

    @Test
    void databaseFromANewerReleaseIsRefusedWithAClearMessage() throws Exception {
        try (Database db = Database.open(dir)) {
            db.transaction(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA user_version=99");
                }
                return null;
            });
        }
        StoreException e = assertThrows(StoreException.class, () -> Database.open(dir));
        assertTrue(e.getMessage().contains("schema version 99"), e.getMessage());
    }
}
