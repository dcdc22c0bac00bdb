package io.nzbmount.server.repair;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.store.Repairs;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the PAR2 repairs of sources with holes, one at a time in the background (its reads go at
 * background priority, so a live stream always gets a connection first, and one repair at a time
 * keeps within the providers' connection limits). A repair is scheduled by {@link #found} (a new
 * hole: the import's check, a failed read, a health check) or {@link #schedule(long)}; one that
 * was running when the server stopped continues at the next start from its saved progress.
 * Thread-safe.
 */
public final class RepairJobs implements NewHoles, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RepairJobs.class);

    private final RepairLedger ledger;
    private final RepairStore store;
    private final RepairedArticles served;
    private final ItemCatalog catalog;
    private final SegmentMaps maps;
    private final Usenet usenet;
    private final Path workDir;
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicLong slicesRebuilt = new AtomicLong();
    private final Map<Long, RepairJob> pending = new ConcurrentHashMap<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(
            Thread.ofVirtual().name("nzbmount-repair").factory());
    private volatile HolesFilled filled = (item, source, files) -> {};

    /**
     * @param maps    the maps of stored files, built over {@code usenet}
     * @param served  the rebuilt articles the readers serve; {@code usenet} must serve them first
     *                ({@code Usenet.connect(providers, settings, served)})
     * @param workDir where running repairs save their progress
     */
    public RepairJobs(
            io.nzbmount.server.store.Database db,
            io.nzbmount.server.events.EventLog events,
            java.time.Clock clock,
            ItemCatalog catalog,
            SegmentMaps maps,
            Usenet usenet,
            RepairStore store,
            RepairedArticles served,
            Path workDir) {
        this.ledger = new RepairLedger(db, events, clock);
        this.catalog = catalog;
        this.maps = maps;
        this.usenet = usenet;
        this.store = store;
        this.served = served;
        this.workDir = workDir;
    }

    /** Tells {@code listener} the files of a source whose holes a repair filled (to route to them again). */
    public void onFilled(HolesFilled listener) {
        this.filled = listener;
    }

    /**
     * Serves the articles stored repairs rebuilt, frees slices nothing serves any more, and
     * continues the repairs that were queued or running when the server stopped.
     */
    public void start() throws StoreException {
        served.add(ledger.articles());
        try {
            store.keepOnly(served.keysInUse());
        } catch (IOException e) {
            LOG.warn("the repair store could not be tidied: {}", e.toString());
        }
        for (Repairs.Row r : ledger.unfinished()) {
            OptionalLong item = ledger.itemOf(r.sourceId());
            if (item.isPresent()) submit(item.getAsLong(), r.sourceId());
        }
    }

    /** Schedules the repair of the item's primary source; false when there is no such item. */
    public boolean schedule(long itemId) throws StoreException {
        var view = catalog.item(itemId);
        if (view.isEmpty()) return false;
        found(itemId, view.get().primary().id());
        return true;
    }

    /**
     * {@inheritDoc} A repair queued or running already covers the new hole when it has not yet
     * scanned; one that found the set lacks recovery data is not run again (a new hole only needs
     * more), nor one that is done while the source has no hole it has not filled.
     */
    @Override
    public void found(long itemId, long sourceId) {
        try {
            Optional<Repairs.Row> known = ledger.of(sourceId);
            if (known.isPresent()
                    && (known.get().state().equals(RepairLedger.IMPOSSIBLE)
                            || known.get().state().equals(RepairLedger.NO_PAR2))) {
                return;
            }
            if (known.isPresent() && known.get().state().equals(RepairLedger.DONE) && !ledger.hasHoles(sourceId))
                return;
            submit(itemId, sourceId);
        } catch (StoreException e) {
            LOG.warn("the repair of source {} could not be scheduled: {}", sourceId, e.toString());
        }
    }

    /** Schedules a source whose import found articles missing (or holes); nothing when it found none. */
    public void imported(long itemId, long sourceId) {
        try {
            if (ledger.hasDamage(sourceId)) found(itemId, sourceId);
        } catch (StoreException e) {
            LOG.warn("source {} could not be checked for holes: {}", sourceId, e.toString());
        }
    }

    /** Whether a repair of {@code sourceId} is queued or running: its holes may be filled soon. */
    public boolean repairing(long sourceId) {
        return pending.containsKey(sourceId);
    }

    /** Forgets what is served for an item that was deleted, and frees its slices. */
    public void itemDeleted(long itemId) {
        try {
            served.replaceAll(ledger.articles());
            store.keepOnly(served.keysInUse());
        } catch (StoreException | IOException e) {
            LOG.warn("the repairs of deleted item {} could not be dropped: {}", itemId, e.toString());
        }
    }

    /** The repairs of every source of the item, with the progress of a running one as it is now. */
    public List<RepairStatus> ofItem(long itemId) throws StoreException {
        List<RepairStatus> all = new ArrayList<>();
        for (Repairs.Row r : ledger.ofItem(itemId)) {
            RepairJob live = pending.get(r.sourceId());
            RepairLedger.Progress p = live != null && r.state().equals(RepairLedger.RUNNING)
                    ? live.progress()
                    : new RepairLedger.Progress(r.slicesMissing(), r.slicesTotal(), r.slicesRead(), r.bytesRead());
            all.add(new RepairStatus(
                    r.sourceId(), r.state(), r.reason(), p.missing(), p.total(), p.read(), p.bytesRead()));
        }
        return all;
    }

    /** The repair of the item's primary source, if it ever needed one. */
    public Optional<RepairStatus> ofPrimary(long itemId) throws StoreException {
        var view = catalog.item(itemId);
        if (view.isEmpty()) return Optional.empty();
        long primary = view.get().primary().id();
        return ofItem(itemId).stream().filter(r -> r.sourceId() == primary).findFirst();
    }

    /** Bytes read from the providers for repairs since the start. */
    public long bytesRead() {
        return bytesRead.get();
    }

    /** Input slices rebuilt since the start. */
    public long slicesRebuilt() {
        return slicesRebuilt.get();
    }

    /** The repair store's bytes in use. */
    public long storeBytes() {
        return store.used();
    }

    private void submit(long itemId, long sourceId) throws StoreException {
        RepairJob job = new RepairJob(
                new RepairJob.Parts(
                        catalog,
                        maps,
                        usenet,
                        store,
                        served,
                        ledger,
                        workDir,
                        bytesRead,
                        slicesRebuilt,
                        (item, source, files) -> filled.filled(item, source, files)),
                itemId,
                sourceId);
        if (pending.putIfAbsent(sourceId, job) != null) return;
        job.save(RepairLedger.QUEUED, "");
        worker.execute(() -> run(sourceId, job));
    }

    private void run(long sourceId, RepairJob job) {
        try {
            job.run();
        } catch (RepairJob.Failed e) {
            LOG.warn("the repair of source {} failed: {}", sourceId, e.getMessage());
            try {
                job.save(RepairLedger.FAILED, e.getMessage());
            } catch (StoreException s) {
                LOG.warn("the failed repair of source {} could not be recorded: {}", sourceId, s.toString());
            }
        } catch (ReadCancelledException e) {
            // Stopping: the saved progress lets the next start continue.
        } catch (StoreException | RuntimeException e) {
            LOG.warn("the repair of source {} stopped: {}", sourceId, e.toString());
        } finally {
            pending.remove(sourceId);
        }
    }

    /** Stops the running repair (its progress stays saved) and every queued one. */
    @Override
    public void close() {
        worker.shutdownNow();
    }
}
