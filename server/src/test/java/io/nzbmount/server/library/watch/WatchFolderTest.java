package io.nzbmount.server.library.watch;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.Await;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WatchFolderTest {

    @TempDir
    Path dir;

    Database db;
    final FakePresence presence = new FakePresence();
    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    WatchFolder watch;
    ItemCatalog catalog;

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
        watch = new WatchFolder(dir, new LibraryImporter(db, new FakeSizer(), presence, clock, 5), clock);
        catalog = new ItemCatalog(db);
        Files.createDirectories(watch.folder());
    }

    @AfterEach
    void close() throws Exception {
        watch.close();
        db.close();
    }

    Path drop(String name, byte[] content, Instant modified) throws Exception {
        Path p = watch.folder().resolve(name);
        Files.write(p, content);
        Files.setLastModifiedTime(p, FileTime.from(modified));
        return p;
    }

    @Test
    void settledNzbIsImportedAndMovedToImported() throws Exception {
        drop("Some.Film.nzb", TestNzbs.film("a", null), clock.instant().minusSeconds(10));
        drop("notes.txt", "x".getBytes(UTF_8), clock.instant().minusSeconds(10));

        assertEquals(1, watch.scanOnce());
        assertEquals(
                List.of("Some.Film"),
                catalog.items().stream().map(v -> v.item().name()).toList());
        assertTrue(Files.exists(watch.folder().resolve("imported/Some.Film.nzb")));
        assertFalse(Files.exists(watch.folder().resolve("Some.Film.nzb")));
        assertTrue(Files.exists(watch.folder().resolve("notes.txt")), "only .nzb files are taken");
    }

    @Test
    void fileStillBeingWrittenIsLeftUntilItSettles() throws Exception {
        drop("a.nzb", TestNzbs.film("a", "A"), clock.instant());
        assertEquals(0, watch.scanOnce());
        assertTrue(catalog.items().isEmpty());
        clock.advance(WatchFolder.SETTLE);
        assertEquals(1, watch.scanOnce());
        assertEquals(1, catalog.items().size());
    }

    @Test
    void brokenNzbMovesToFailedWithTheReasonBesideIt() throws Exception {
        drop("broken.nzb", "<nzb><file>".getBytes(UTF_8), clock.instant().minusSeconds(10));
        drop("broken (copy).nzb", "<nzb><file>".getBytes(UTF_8), clock.instant().minusSeconds(10));
        assertEquals(2, watch.scanOnce());
        String why = Files.readString(watch.folder().resolve("failed/broken.nzb.error.txt"));
        assertTrue(why.startsWith("Not imported: not a usable NZB: line 1, column"), why);
        assertTrue(catalog.items().isEmpty());
    }

    @Test
    void sameNameDroppedTwiceDoesNotOverwriteAndMakesNoSecondItem() throws Exception {
        byte[] nzb = TestNzbs.film("a", "A");
        drop("a.nzb", nzb, clock.instant().minusSeconds(10));
        watch.scanOnce();
        drop("a.nzb", nzb, clock.instant().minusSeconds(10));
        watch.scanOnce();
        assertEquals(1, catalog.items().size());
        assertTrue(Files.exists(watch.folder().resolve("imported/a.nzb")));
        assertTrue(Files.exists(watch.folder().resolve("imported/a (2).nzb")));
    }

    @Test
    void unreachableProvidersLeaveTheFileForALaterRound() throws Exception {
        Path p = drop("a.nzb", TestNzbs.film("a", "A"), clock.instant().minusSeconds(10));
        presence.unavailable = true;
        assertEquals(0, watch.scanOnce());
        assertTrue(Files.exists(p));
        presence.unavailable = false;
        assertEquals(0, watch.scanOnce(), "not retried before the retry delay");
        clock.advance(WatchFolder.RETRY_AFTER.plus(Duration.ofSeconds(1)));
        assertEquals(1, watch.scanOnce());
        assertEquals(1, catalog.items().size());
    }

    @Test
    void startedWatcherImportsOnItsOwnAndStopsOnClose() throws Exception {
        drop("a.nzb", TestNzbs.film("a", "A"), clock.instant().minusSeconds(10));
        watch.start();
        Await.until(Duration.ofSeconds(30), () -> !catalog.items().isEmpty(), () -> "the dropped NZB imported");
        assertEquals(1, catalog.items().size());
        watch.close();
        drop("b.nzb", TestNzbs.film("b", "B"), clock.instant().minusSeconds(10));
        Thread.sleep(WatchFolder.POLL.toMillis() + 500);
        assertEquals(1, catalog.items().size(), "no round runs after close");
    }
}
