package io.nzbmount.server.repair;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.app.UsenetPresence;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.library.importing.UsenetReleaseReader;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.EventRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;

/**
 * A library on a temporary data directory reading from the providers given, with the
 * {@link RepairJobs} of the server over it: what a repair does lands in the real store. The
 * repairs may read through a wrapper of the providers' {@link Usenet} (a test's fake).
 */
final class RepairRig implements AutoCloseable {
    final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
    final Database db;
    final Usenet usenet;
    final ItemCatalog catalog;
    final LibraryImporter importer;
    final EventLog events;
    final RepairStore store;
    final RepairedArticles served;
    final RepairJobs jobs;

    RepairRig(Path dataDir, List<Provider> providers, long storeBudget, UnaryOperator<Usenet> repairsRead)
            throws Exception {
        db = Database.open(dataDir);
        store = new RepairStore(dataDir, storeBudget);
        served = new RepairedArticles(store);
        usenet = Usenet.connect(
                providers, Usenet.Settings.defaults().withRetryBackoff(List.of(Duration.ofMillis(10))), served);
        catalog = new ItemCatalog(db);
        importer = new LibraryImporter(
                db, new UsenetReleaseReader(usenet, Priority.FOREGROUND), new UsenetPresence(usenet), clock, 5);
        events = new EventLog(db, clock);
        Usenet read = repairsRead.apply(usenet);
        jobs = new RepairJobs(
                db,
                events,
                clock,
                catalog,
                new SegmentMaps(catalog, read),
                read,
                store,
                served,
                dataDir.resolve("repair-progress"));
    }

    ImportResult importPrimary(String title, List<PostedFile> files) throws Exception {
        return importer.importNzb(NzbWriter.write(files, title).getBytes(StandardCharsets.UTF_8), Optional.of(title));
    }

    /** The repair of the item's primary once it is neither queued nor running. */
    RepairStatus awaitEnd(long itemId) throws Exception {
        List<Optional<RepairStatus>> last = new ArrayList<>(List.of(Optional.empty()));
        return Await.value(
                Duration.ofSeconds(60),
                () -> {
                    Optional<RepairStatus> r = jobs.ofPrimary(itemId);
                    last.set(0, r);
                    boolean ended = r.isPresent()
                            && !r.get().active()
                            && !jobs.repairing(r.get().sourceId());
                    return ended ? r.get() : null;
                },
                () -> "the repair ended: " + last.get(0));
    }

    /** The kinds of the item's events, oldest first. */
    List<String> eventKinds(long itemId) throws Exception {
        List<String> kinds = new ArrayList<>();
        for (EventRecord e : events.find(new EventQuery(0, Optional.empty(), OptionalLong.of(itemId), 1000))) {
            kinds.add(e.kind());
        }
        return kinds;
    }

    @Override
    public void close() throws Exception {
        jobs.close();
        usenet.close();
        db.close();
    }
}
