package io.nzbmount.server.library.importing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.store.Database;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A process killed with SIGKILL in the middle of importing loses no committed import and leaves no half. */
class KilledImportTest {

    static final int COMMITS_BEFORE_KILL = 15;

    @TempDir
    Path dir;

    @Test
    void killDuringImportKeepsEveryCommittedItemWhole() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        ImportCrashChild.class.getName(),
                        dir.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        List<Long> committed = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while (committed.size() < COMMITS_BEFORE_KILL && (line = out.readLine()) != null) {
                if (line.startsWith("committed ")) committed.add(Long.parseLong(line.substring(10)));
            }
            child.destroyForcibly();
            assertTrue(child.waitFor(20, TimeUnit.SECONDS), "the child did not die");
        } finally {
            child.destroyForcibly();
        }
        assertEquals(COMMITS_BEFORE_KILL, committed.size(), "the child stopped early");

        try (Database db = Database.open(dir)) {
            ItemCatalog catalog = new ItemCatalog(db);
            for (long id : committed) {
                ItemView v = catalog.item(id).orElseThrow(() -> new AssertionError("committed item " + id + " lost"));
                assertEquals(1, v.files().size());
            }
            int rows = db.transaction(c -> {
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT count(*) FROM items i WHERE i.primary_source IS NULL"
                                + " OR NOT EXISTS (SELECT 1 FROM files f WHERE f.source_id = i.primary_source)")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertEquals(0, rows, "an item without its source or files survived");
            assertTrue(catalog.items().size() >= COMMITS_BEFORE_KILL);
        }
    }
}
