package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.repair.par2.Par2Exception;
import io.nzbmount.server.repair.par2.Rebuild;
import io.nzbmount.server.repair.par2.RecoverySlice;
import io.nzbmount.server.repair.par2.RepairImpossible;
import io.nzbmount.server.repair.par2.RepairOutcome;
import io.nzbmount.server.repair.par2.RepairPlan;
import io.nzbmount.server.store.Repairs;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The repair of one source from its PAR2 recovery data: find the set, ask about every article of
 * its input files, map the missing ones onto input slices, read recovery slices (fewest bytes
 * first) until there are enough, read every other input slice (resumably), solve, check each
 * rebuilt slice against its MD5 and CRC-32, store the rebuilt bytes and serve the articles they
 * make. Reading finds a missing article the scan did not: the plan is made again. One run, one
 * thread.
 */
final class RepairJob {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RepairJob.class);
    /** Plans made again for damage found while reading, before the repair gives up for now. */
    private static final int MAX_ROUNDS = 4;

    /** What a job needs from its surroundings. */
    record Parts(
            ItemCatalog catalog,
            SegmentMaps maps,
            Usenet usenet,
            RepairStore store,
            RepairedArticles served,
            RepairLedger ledger,
            Path workDir,
            AtomicLong bytesRead,
            AtomicLong slicesRebuilt,
            HolesFilled filled) {}

    /** The end of a run that the ledger records as failed; a new hole schedules the repair again. */
    static final class Failed extends Exception {
        Failed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Parts parts;
    private final long itemId;
    private final long sourceId;
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicInteger slicesRead = new AtomicInteger();
    private volatile int missing;
    private volatile int total;

    RepairJob(Parts parts, long itemId, long sourceId) {
        this.parts = parts;
        this.itemId = itemId;
        this.sourceId = sourceId;
    }

    /**
     * Runs the repair to its end: done, impossible, no-par2, or {@link Failed}. It is recorded as
     * running, and {@code repair-started} is told, only once the release's PAR2 set is found.
     */
    void run() throws Failed, StoreException, ReadCancelledException {
        try {
            List<NzbFile> files = SourceFiles.of(parts.catalog(), sourceId);
            PostedBytes bytes = new PostedBytes(parts.usenet(), this::counted);
            Optional<Par2Release> found = Par2Release.find(
                    files,
                    SourceFiles.naming(parts.catalog(), sourceId, files),
                    parts.usenet(),
                    bytes,
                    StoredSegmentMaps.of(parts.catalog(), parts.maps(), sourceId));
            if (found.isEmpty()) {
                save(RepairLedger.NO_PAR2, "the release carries no PAR2 recovery files");
                return;
            }
            Par2Release release = found.get();
            total = release.set().inputSlices().size();
            // Started only once there is recovery data to repair from: a release without it never shows a repair.
            save(RepairLedger.RUNNING, "");
            parts.ledger().event(itemId, EventKind.REPAIR_STARTED, detail());
            Damage damage = Damage.scan(release, files, parts.usenet());
            HoleReads.find(release, files, bytes, damage, parts.ledger().holes(sourceId));
            LOG.info(
                    "repair of source {}: {} of {} input slices missing ({} articles placed)",
                    sourceId,
                    damage.slices().size(),
                    total,
                    damage.articles().size());
            for (int round = 0; round < MAX_ROUNDS; round++) {
                if (damage.none()) {
                    // Nothing (more) is missing: an earlier repair's figures stay as they were.
                    parts.ledger()
                            .of(sourceId)
                            .filter(r -> r.slicesMissing() > 0)
                            .ifPresent(r -> {
                                missing = r.slicesMissing();
                                slicesRead.set(r.slicesRead());
                                bytesRead.set(r.bytesRead());
                            });
                    finish(release, files, damage, Map.of());
                    return;
                }
                missing = damage.slices().size();
                save(RepairLedger.RUNNING, "");
                Map<Integer, RecoverySlice> recovery =
                        RecoveryFetch.atLeast(missing, release, files, parts.usenet(), bytes);
                RepairOutcome outcome = RepairPlan.of(
                        (int) release.set().sliceSize(),
                        release.set().inputSlices(),
                        damage.slices(),
                        recovery.keySet());
                if (outcome instanceof RepairImpossible no) {
                    impossible(no.reason(), no.needed(), no.readable());
                    return;
                }
                RepairPlan plan = (RepairPlan) outcome;
                try {
                    Map<Integer, byte[]> rebuilt = solve(plan, recovery, release, files, bytes, damage);
                    finish(release, files, damage, rebuilt);
                    return;
                } catch (InputFeed.NewDamage more) {
                    // The scan missed it (a map it could not place, or a takedown since): plan again.
                    LOG.info("repair of source {}: {}; planning again", sourceId, more.getMessage());
                }
            }
            throw new Failed(
                    "more articles went missing while the repair read the release; it starts again at the next hole",
                    null);
        } catch (ReadFailure e) {
            throw new Failed("the providers could not be read: " + e.getMessage(), e);
        } catch (Par2Exception e) {
            throw new Failed(e.getMessage(), e);
        } catch (IOException e) {
            throw new Failed("the repair store failed: " + e.getMessage(), e);
        }
    }

    /** Feeds the plan's recovery slices and every readable input slice, from a saved state when there is one. */
    private Map<Integer, byte[]> solve(
            RepairPlan plan,
            Map<Integer, RecoverySlice> recovery,
            Par2Release release,
            List<NzbFile> files,
            PostedBytes bytes,
            Damage damage)
            throws InputFeed.NewDamage, ReadFailure, ReadCancelledException, IOException, Par2Exception,
                    StoreException {
        Rebuild rebuild = plan.start();
        Checkpoint checkpoint =
                new Checkpoint(parts.workDir(), sourceId, release.set().setId(), plan);
        var saved = checkpoint.load(plan.exponents().length, plan.sliceSize());
        int from = 0;
        if (saved.isPresent()) {
            rebuild.resume(saved.get().next(), saved.get().rows());
            from = saved.get().next();
            bytesRead.addAndGet(saved.get().bytesRead());
            slicesRead.set(Math.max(0, from - countBelow(plan.missing(), from)));
        } else {
            for (int e : plan.exponents())
                rebuild.addRecovery(e, recovery.get(e).data());
        }
        recovery.clear();
        InputFeed.feed(
                rebuild,
                plan,
                release,
                files,
                bytes,
                damage,
                from,
                next -> {
                    checkpoint.save(next, bytesRead.get(), rebuild.rows());
                    try {
                        save(RepairLedger.RUNNING, "");
                    } catch (StoreException e) {
                        throw new IOException(e.getMessage(), e);
                    }
                },
                index -> slicesRead.incrementAndGet());
        Map<Integer, byte[]> rebuilt = rebuild.finish();
        checkpoint.delete();
        return rebuilt;
    }

    /**
     * Stores the rebuilt slices, lists the articles they make (the damage's, and any other article
     * they hold whole), marks the holes filled.
     */
    private void finish(Par2Release release, List<NzbFile> files, Damage damage, Map<Integer, byte[]> rebuilt)
            throws IOException, StoreException {
        long size = 0;
        for (byte[] s : rebuilt.values()) size += s.length;
        if (!StoreRoom.makeFor(size, sourceId, parts.store(), parts.served(), parts.ledger())) {
            throw new RepairStore.BudgetExceeded("the repair store has no room for " + size + " more bytes (budget "
                    + parts.store().budget() + ", setting repair.storeMiB)");
        }
        Map<Integer, String> keys = new LinkedHashMap<>();
        for (var e : rebuilt.entrySet()) keys.put(e.getKey(), parts.store().put(e.getValue()));
        List<Repairs.Article> articles = new ArrayList<>();
        int sliceSize = (int) release.set().sliceSize();
        // The holes planned for, then the other articles the rebuilt slices hold whole: served
        // from the store too, but not holes of the source (they may be whole on the providers).
        List<Damage.Article> made = new ArrayList<>(damage.articles());
        int planned = made.size();
        made.addAll(damage.alsoRebuilt(release.inputs(), files, rebuilt.keySet()));
        List<Repairs.Article> holes = new ArrayList<>();
        for (int i = 0; i < made.size(); i++) {
            Damage.Article a = made.get(i);
            Par2Release.Input in = release.inputs().get(a.input());
            int first = (int) (a.begin() / sliceSize);
            int last = (int) ((a.begin() + a.length() - 1) / sliceSize);
            List<String> sliceKeys = new ArrayList<>();
            for (int s = first; s <= last; s++) sliceKeys.add(keys.get(in.firstSlice() + s));
            if (sliceKeys.contains(null)) continue;
            Repairs.Article article = new Repairs.Article(
                    a.messageId(),
                    sourceId,
                    in.nzbIndex(),
                    a.part(),
                    in.map().articles(),
                    in.map().size(),
                    a.begin(),
                    a.length(),
                    (long) first * sliceSize,
                    sliceSize,
                    sliceKeys);
            articles.add(article);
            if (i < planned) holes.add(article);
        }
        Set<Integer> inputs = new HashSet<>();
        for (Par2Release.Input in : release.inputs()) if (in.posted()) inputs.add(in.nzbIndex());
        parts.served().add(articles);
        List<Integer> filled = parts.ledger().done(sourceId, articles, holes, inputs, progress());
        parts.slicesRebuilt().addAndGet(rebuilt.size());
        parts.filled().filled(itemId, sourceId, filled);
        Map<String, Object> detail = detail();
        detail.put("slicesRebuilt", rebuilt.size());
        detail.put("articlesRebuilt", holes.size());
        parts.ledger().event(itemId, EventKind.REPAIR_DONE, detail);
    }

    private void impossible(String reason, int needed, int readable) throws StoreException {
        save(RepairLedger.IMPOSSIBLE, reason);
        Map<String, Object> detail = detail();
        detail.put("reason", reason);
        detail.put("needed", needed);
        detail.put("readable", readable);
        parts.ledger().event(itemId, EventKind.REPAIR_IMPOSSIBLE, detail);
    }

    void save(String state, String reason) throws StoreException {
        parts.ledger().put(sourceId, state, reason, progress());
    }

    RepairLedger.Progress progress() {
        return new RepairLedger.Progress(missing, total, slicesRead.get(), bytesRead.get());
    }

    Map<String, Object> detail() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("source", sourceId);
        d.put("slicesMissing", missing);
        d.put("slicesTotal", total);
        d.put("bytesRead", bytesRead.get());
        return d;
    }

    /** Counts read bytes for this job and for the server's total. */
    private void counted(long n) {
        parts.bytesRead().addAndGet(n);
        bytesRead.addAndGet(n);
    }

    private static int countBelow(int[] sorted, int limit) {
        int n = 0;
        for (int m : sorted) if (m < limit) n++;
        return n;
    }
}
