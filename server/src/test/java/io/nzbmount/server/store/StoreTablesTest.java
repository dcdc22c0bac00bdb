package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreTablesTest {

    @TempDir
    Path dir;

    @Test
    void settingReplacesAndRemovesAndOutlivesARestart() throws Exception {
        try (Database db = Database.open(dir)) {
            db.transaction(c -> {
                SettingsTable.put(c, "fallback.enabled", "true");
                SettingsTable.put(c, "fallback.enabled", "false");
                SettingsTable.put(c, "gone", "x");
                return SettingsTable.remove(c, "gone");
            });
        }
        try (Database db = Database.open(dir)) {
            assertEquals(Optional.of("false"), db.transaction(c -> SettingsTable.get(c, "fallback.enabled")));
            assertEquals(Optional.empty(), db.transaction(c -> SettingsTable.get(c, "gone")));
            assertFalse((boolean) db.<Boolean>transaction(c -> SettingsTable.remove(c, "gone")));
        }
    }

    @Test
    void eventQueryFiltersByTimeItemAndCursorAndIsBounded() throws Exception {
        Instant t0 = Instant.parse("2025-03-01T10:00:00Z");
        try (Database db = Database.open(dir)) {
            long item = db.transaction(c -> Items.insert(c, "A", t0));
            db.transaction(c -> {
                for (int i = 0; i < 1200; i++) {
                    Events.append(
                            c,
                            t0.plusSeconds(i),
                            i % 2 == 0 ? OptionalLong.of(item) : OptionalLong.empty(),
                            Optional.of("s" + i),
                            "stall",
                            "{}");
                }
                return null;
            });
            List<EventRecord> all = db.transaction(
                    c -> Events.find(c, new EventQuery(0, Optional.empty(), OptionalLong.empty(), Events.MAX_LIMIT)));
            assertEquals(Events.MAX_LIMIT, all.size());
            List<EventRecord> late = db.transaction(c ->
                    Events.find(c, new EventQuery(0, Optional.of(t0.plusSeconds(1190)), OptionalLong.of(item), 100)));
            assertEquals(5, late.size());
            assertTrue(late.stream().allMatch(e -> e.itemId().equals(OptionalLong.of(item))));
            List<EventRecord> afterCursor = db.transaction(
                    c -> Events.find(c, new EventQuery(all.get(998).id(), Optional.empty(), OptionalLong.empty(), 3)));
            assertEquals(all.get(999).id(), afterCursor.get(0).id());
            assertEquals(1100, (int) db.transaction(c -> Events.deleteOlderThan(c, t0.plusSeconds(1100))));
        }
    }
}
