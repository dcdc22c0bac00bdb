package io.nzbmount.server.standby;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.UsenetPresence;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.library.importing.UsenetReleaseReader;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * A library on a temporary database, over an embedded NNTP server, with a standby service on a
 * hand-moved clock. Close it at the end of the test.
 */
final class StandbyRig implements AutoCloseable {
    static final Instant START = Instant.parse("2025-03-01T20:00:00Z");

    final EmbeddedNntpServer nntp;
    final Usenet usenet;
    final MutableClock clock = new MutableClock(START);
    final Path dir;
    Database db;
    ItemCatalog catalog;
    LibraryImporter importer;
    EventLog events;
    PlaybackLiveness liveness;
    StandbyService service;

    StandbyRig(Path dir) throws Exception {
        this.dir = dir;
        nntp = EmbeddedNntpServer.start();
        usenet = Usenet.connect(
                List.of(nntp.provider("embedded", 4, 0)),
                Usenet.Settings.defaults()
                        .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2))
                        .withRetryBackoff(List.of()));
        open(5, Optional.empty());
    }

    /** A rig over other providers (a real server); {@link #nntp} is null. */
    StandbyRig(Path dir, Usenet usenet) throws Exception {
        this.dir = dir;
        this.nntp = null;
        this.usenet = usenet;
        open(5, Optional.empty());
    }

    /** (Re)opens the database and a fresh service, as a restart does. */
    void open(int maxStandby, Optional<IndexerAccess> indexers) throws StoreException {
        if (service != null) service.close();
        if (db != null) db.close();
        db = Database.open(dir);
        catalog = new ItemCatalog(db);
        importer = new LibraryImporter(
                db,
                new UsenetReleaseReader(usenet, Priority.BACKGROUND),
                new UsenetPresence(usenet),
                clock,
                maxStandby);
        events = new EventLog(db, clock);
        liveness = new PlaybackLiveness(clock);
        StandbyProver prover = new StandbyProver(db, new SegmentMaps(catalog, usenet), usenet, Duration.ZERO);
        service = new StandbyService(
                new StandbyService.Parts(db, catalog, importer, prover, indexers, events, clock, liveness),
                Duration.ofSeconds(120),
                maxStandby,
                2);
    }

    static byte[] randomBytes(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    /** Posts {@code data} as one file and returns the NZB document. */
    byte[] post(String fileName, byte[] data, int partSize, String title) {
        PostedFile posted = nntp.post(fileName, data, partSize);
        return NzbWriter.write(List.of(posted), title).getBytes(StandardCharsets.UTF_8);
    }

    PostedFile postFile(String fileName, byte[] data, int partSize) {
        return nntp.post(fileName, data, partSize);
    }

    static byte[] nzb(PostedFile posted, String title) {
        return NzbWriter.write(List.of(posted), title).getBytes(StandardCharsets.UTF_8);
    }

    /** Runs one service pass and waits for the work it started. */
    void tickAndWait() throws Exception {
        service.tick();
        service.awaitIdle(Duration.ofSeconds(30));
    }

    StandbyProgress progress(long sourceId) throws StoreException {
        return db.transaction(c -> StandbyTables.progress(c, sourceId)).orElseThrow();
    }

    @Override
    public void close() throws Exception {
        service.close();
        usenet.close();
        if (nntp != null) nntp.close();
        db.close();
    }
}
