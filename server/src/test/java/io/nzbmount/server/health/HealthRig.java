package io.nzbmount.server.health;

import io.nzbmount.nntp.ArticleCensus;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.UsenetPresence;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.holes.HoleTable;
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
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A library on a temporary data directory reading from the providers given, with a
 * {@link HealthCheck} over it: what the check finds lands in the real store.
 */
final class HealthRig implements AutoCloseable {
    static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    static final int DEPTH = 8;
    static final int CONNECTIONS = 2;

    final MutableClock clock = new MutableClock(T0);
    final Database db;
    final Usenet usenet;
    final ItemCatalog catalog;
    final LibraryImporter importer;
    final EventLog events;
    final HealthCounters counters = new HealthCounters();
    final List<FoundHoles> told = new CopyOnWriteArrayList<>();
    /** Runs before each census the check makes (a test's outage), with the census's number from 1. */
    volatile CensusHook beforeCensus = n -> {};

    private int censuses;
    final HealthCheck check;

    interface CensusHook {
        void before(int number);
    }

    HealthRig(Path dataDir, List<Provider> providers) throws Exception {
        db = Database.open(dataDir);
        usenet = Usenet.connect(providers, Usenet.Settings.defaults().withRetryBackoff(List.of(Duration.ofMillis(10))));
        catalog = new ItemCatalog(db);
        importer = new LibraryImporter(
                db, new UsenetReleaseReader(usenet, Priority.FOREGROUND), new UsenetPresence(usenet), clock, 5);
        events = new EventLog(db, clock);
        check = new HealthCheck(
                db,
                catalog,
                new SegmentMaps(catalog, usenet),
                this::census,
                new HoleTable(db, clock),
                events,
                counters,
                told::add);
    }

    private ArticleCensus census(List<NzbSegment> segments) throws ReadCancelledException {
        int n;
        synchronized (this) {
            n = ++censuses;
        }
        beforeCensus.before(n);
        return usenet.census(segments, DEPTH, CONNECTIONS);
    }

    ImportResult importPrimary(String title, PostedFile... files) throws Exception {
        return importer.importNzb(nzb(title, files), Optional.of(title));
    }

    ImportResult addStandby(long itemId, String title, PostedFile... files) throws Exception {
        return importer.addStandby(itemId, nzb(title, files), Optional.empty(), Optional.of(title));
    }

    private static byte[] nzb(String title, PostedFile... files) {
        return NzbWriter.write(List.of(files), title).getBytes(StandardCharsets.UTF_8);
    }

    List<EventRecord> events(String kind) throws Exception {
        List<EventRecord> out = new ArrayList<>();
        for (EventRecord e : events.find(new EventQuery(0, Optional.empty(), java.util.OptionalLong.empty(), 1000)))
            if (e.kind().equals(kind)) out.add(e);
        return out;
    }

    @Override
    public void close() throws Exception {
        usenet.close();
        db.close();
    }
}
