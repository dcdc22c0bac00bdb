package io.nzbmount.server.health;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.MemberCrcs;
import io.nzbmount.server.store.RefusalRecord;
import io.nzbmount.server.store.Refusals;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The background check of files inside encrypted archives whose password was proved only by
 * their first bytes decrypting to a container's signature (RAR4 {@code -p} without {@code -hp},
 * 7z without encrypted headers; see {@link MemberCrcs}): each such file is read whole through the
 * reader the server streams with ({@link SegmentMaps} and the {@link io.nzbmount.nntp.Usenet} the
 * streams use, which decrypts), at background priority so a live stream always gets a connection
 * first, one buffer at a time, and the CRC-32 of its decrypted bytes compared with the one its
 * archive records. A match is stored as verified. A mismatch means a wrong password or wrong
 * data: the file is condemned ({@link io.nzbmount.server.library.CondemnedFiles}; no reader serves
 * a byte of it from then on), the source holds it as refused, a standby is dead, and a
 * {@code member-crc-checked} event says so. An article gone for good ends the check as unreadable;
 * one that may come back leaves it pending for the next pass.
 *
 * <p>{@link #runPending()} is one pass; {@link #start()} runs one every {@link #PASS_EVERY} on a
 * virtual thread of its own, one file at a time. Thread-safe.
 */
public final class MemberCrcCheck implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MemberCrcCheck.class);
    /** How often {@link #start()} looks for files to check. */
    public static final Duration PASS_EVERY = Duration.ofSeconds(5);
    /** The bytes read at once: the check holds no more than this of the file. */
    static final int BUFFER = 1 << 20;

    static final String REFUSAL = "crc-mismatch";

    private final Database db;
    private final ItemCatalog catalog;
    private final SegmentMaps maps;
    private final Usenet usenet;
    private final SourceLifecycle lifecycle;
    private final EventLog events;
    private final Clock clock;
    private ScheduledExecutorService ticker;
    private ExecutorService worker;

    /**
     * @param maps   the maps of stored files, built over {@code usenet}
     * @param usenet the providers as the streams read them (decrypting: a {@code SealedUsenet})
     */
    public MemberCrcCheck(
            Database db, ItemCatalog catalog, SegmentMaps maps, Usenet usenet, EventLog events, Clock clock) {
        this.db = db;
        this.catalog = catalog;
        this.maps = maps;
        this.usenet = usenet;
        this.lifecycle = new SourceLifecycle(db, clock);
        this.events = events;
        this.clock = clock;
    }

    /**
     * Checks every file whose check is pending, one after another.
     *
     * @return how many checks ended (verified, mismatch or unreadable)
     */
    public int runPending() throws StoreException, ReadCancelledException {
        int ended = 0;
        for (MemberCrcs.Row row : db.transaction(MemberCrcs::pending)) {
            if (check(row)) ended++;
        }
        return ended;
    }

    private boolean check(MemberCrcs.Row row) throws StoreException, ReadCancelledException {
        Optional<SourceRecord> source = db.transaction(c -> SourceTable.byId(c, row.sourceId()));
        Optional<FileRecord> file = catalog.sourceFile(row.sourceId(), row.fileIndex());
        if (source.isEmpty() || file.isEmpty()) return false;
        Optional<SegmentMap> map = maps.restore(file.get());
        if (map.isEmpty()) return false;
        long actual;
        try {
            actual = crcOf(map.get());
        } catch (ReadFailure f) {
            if (!f.permanent()) return false;
            finish(source.get(), file.get(), row, MemberCrcs.State.UNREADABLE, -1);
            return true;
        }
        finish(
                source.get(),
                file.get(),
                row,
                actual == row.crc() ? MemberCrcs.State.VERIFIED : MemberCrcs.State.MISMATCH,
                actual);
        return true;
    }

    private long crcOf(SegmentMap map) throws ReadFailure, ReadCancelledException {
        CRC32 crc = new CRC32();
        byte[] buffer = new byte[(int) Math.min(BUFFER, Math.max(1, map.size()))];
        try (NzbReader reader = usenet.open(map, Priority.BACKGROUND)) {
            long at = 0;
            while (at < map.size()) {
                int n = reader.read(at, buffer, 0, (int) Math.min(buffer.length, map.size() - at));
                if (n <= 0) throw new IllegalStateException("the file ends at " + at + " of " + map.size() + " bytes");
                crc.update(buffer, 0, n);
                at += n;
            }
        }
        return crc.getValue();
    }

    private void finish(SourceRecord source, FileRecord file, MemberCrcs.Row row, MemberCrcs.State state, long actual)
            throws StoreException {
        String reason = file.name() + ": its decrypted bytes have CRC-32 " + hex(actual) + " where its archive records "
                + hex(row.crc()) + " (a wrong password or damaged data); it is not served";
        if (state == MemberCrcs.State.MISMATCH) catalog.condemned().condemn(source.id(), file.index());
        db.transaction(c -> {
            MemberCrcs.finish(c, source.id(), file.index(), state, actual, clock.instant());
            if (state == MemberCrcs.State.MISMATCH)
                Refusals.add(c, source.id(), new RefusalRecord(file.name(), REFUSAL, reason));
            return null;
        });
        if (state == MemberCrcs.State.MISMATCH && source.role() == SourceRole.STANDBY) {
            lifecycle.markDead(source.id(), reason, Verdict.MISMATCH);
        }
        if (state == MemberCrcs.State.MISMATCH) LOG.warn("source {}: {}", source.id(), reason);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("source", source.id());
        detail.put("release", source.releaseName());
        detail.put("role", source.role().word());
        detail.put("file", file.name());
        detail.put("result", state.word());
        detail.put("expectedCrc", hex(row.crc()));
        detail.put("actualCrc", actual < 0 ? null : hex(actual));
        events.record(OptionalLong.of(source.itemId()), Optional.empty(), EventKind.MEMBER_CRC_CHECKED, detail);
    }

    private static String hex(long crc) {
        return String.format("%08x", crc);
    }

    /** Runs {@link #runPending()} every {@link #PASS_EVERY} until closed. */
    public synchronized void start() {
        worker = Executors.newSingleThreadExecutor(
                Thread.ofVirtual().name("nzbmount-member-crc").factory());
        ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("nzbmount-member-crc-tick").factory());
        ExecutorService runs = worker;
        ticker.scheduleWithFixedDelay(
                () -> {
                    try {
                        runs.submit(() -> {
                                    try {
                                        runPending();
                                    } catch (ReadCancelledException e) {
                                        // closing: the check cut short stays pending
                                    }
                                    return null;
                                })
                                .get();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } catch (java.util.concurrent.ExecutionException | RuntimeException e) {
                        LOG.warn("member CRC check pass failed; trying again at the next", e);
                    }
                },
                1,
                PASS_EVERY.toSeconds(),
                TimeUnit.SECONDS);
    }

    /** Stops; a check cut short stays pending and runs again after a restart. */
    @Override
    public synchronized void close() {
        if (ticker != null) ticker.shutdownNow();
        if (worker != null) worker.shutdownNow();
    }
}
