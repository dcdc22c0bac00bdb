package io.nzbmount.server.sweep;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.policy.FailureKind;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SampleHashes;
import io.nzbmount.server.store.StoreException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One fingerprint sweep: the SHA-256 of every planned sample on both sides, compared. Single use,
 * one thread.
 *
 * <p>Cost: readers run with a read-ahead of one article at background priority, and samples are
 * aligned to both sides' articles, so a sample costs at most one article fetch per side. The
 * primary's sample hashes are stored the first time they are computed and read back afterwards,
 * so a second standby (whose articles lie where the first one's do) costs no primary fetch at all.
 * The standby side is never stored: it is read again on every sweep, since a sweep exists to find
 * out whether it can be read now.
 *
 * <p>Holes: a position that either side cannot read moves the sample to bytes both can read
 * ({@link SampleBook}), so two releases broken at different places still prove each other with as
 * many matching samples as were planned, the first and last readable range included. Known holes
 * of both sides are avoided up front. A read of the primary that fails moves the sample; a read of
 * the standby moves it only when the standby lacks the bytes (missing or corrupt on every provider
 * that answered). A transient failure of the standby leaves the sample unreadable: inconclusive.
 * The holes a sweep finds are stored as the sources' own holes only when the proof verifies: a
 * provider answering 430 for everything cannot verify anything, so it never leaves holes behind.
 *
 * <p>In a small file a sample with no readable room left is left out, or shrinks into readable
 * bytes no other sample compares, only when the bytes there are gone for good. When a player waits
 * for the verdict (foreground priority), one sample per sweep may also be excused for bytes the
 * providers that answered lack on the primary while the others cannot be asked: the background
 * proof can wait for those providers, the player cannot, and every byte the primary can read is
 * still compared.
 */
public final class Sweep {

    private static final int BUFFER = 64 * 1024;
    /** Positions the standby must lack, before any of its reads succeeded, to be dead. */
    static final int DEAD_AFTER = 3;

    private final Database db;
    private final Usenet usenet;
    private final long primaryId;
    private final long standbyId;
    private final List<FilePair> pairs;
    private final SweepProgress progress;
    private final ReentrantLock primaryLock;
    private final Duration pause;
    private final Priority priority;
    private final SweepGuard guard;
    private final List<Hole> knownHoles;
    /** The primary's holes a repair rebuilt: read from this machine, they say nothing of the providers. */
    private List<Hole> rebuilt = List.of();

    private final List<Hole> standbyHoles;
    private final ServedBytes served;
    private final HolesFound found;
    private final byte[] buffer = new byte[BUFFER];
    private String firstUnreadable;
    private int leftOut;
    private boolean excusedForProviders;
    /** A read of the standby succeeded in this sweep. */
    private boolean standbyRead;
    /** Positions the standby lacked before {@link #standbyRead}. */
    private int standbyLacked;
    /** A digest of the primary was read from the providers in this sweep (not stored, not served). */
    private boolean primaryReadNow;

    /**
     * @param sources      the primary and the standby compared, by source id
     * @param primaryLock  held while a primary hash is looked up or computed, shared by every sweep of that primary
     * @param priority     of every fetch (background, except when a player waits for the verdict)
     * @param guard        asked before each sample whether to stop, and told of each reader opened
     * @param knownHoles   the known holes of the primary ({@link HoleTable}): no sample is placed there
     * @param standbyHoles the known holes of the standby, by the standby's file indexes
     * @param served       bytes a response sent, sampled in place of primary bytes it cannot read; null when none
     * @param holes        where the holes found are stored when the proof verifies
     */
    public Sweep(
            Database db,
            Usenet usenet,
            Pair sources,
            List<FilePair> pairs,
            SweepProgress progress,
            ReentrantLock primaryLock,
            Duration pause,
            Priority priority,
            SweepGuard guard,
            List<Hole> knownHoles,
            List<Hole> standbyHoles,
            ServedBytes served,
            HoleTable holes) {
        this.knownHoles = List.copyOf(knownHoles);
        this.standbyHoles = List.copyOf(standbyHoles);
        this.served = served;
        this.priority = priority;
        this.guard = guard;
        this.primaryLock = primaryLock;
        this.pause = pause;
        this.db = db;
        this.usenet = usenet;
        this.primaryId = sources.primaryId();
        this.standbyId = sources.standbyId();
        this.pairs = pairs;
        this.progress = progress;
        this.found = new HolesFound(holes);
    }

    /**
     * Holes of the two sources known before the sweep but stored nowhere (the articles each
     * import found missing): stored as the sources' holes when the proof verifies. Call before {@link #run}.
     */
    public Sweep storingWhenVerified(List<Hole> ofPrimary, List<Hole> ofStandby) {
        found.known(ofPrimary, ofStandby);
        return this;
    }

    /** The primary's holes a repair rebuilt ({@link HoleTable#rebuiltOfSource}). Call before {@link #run}. */
    public Sweep rebuiltOfPrimary(List<Hole> holes) {
        rebuilt = List.copyOf(holes);
        return this;
    }

    /** Whether the primary's bytes of {@code sample} come from a repair's rebuilt articles (in part). */
    private boolean onRebuilt(FilePair pair, Sample sample) {
        long end = sample.offset() + sample.length();
        for (Hole h : rebuilt) {
            if (h.fileIndex() == pair.primaryIndex() && h.start() < end && sample.offset() < h.end()) return true;
        }
        return false;
    }

    /** The two sources a sweep compares. */
    public record Pair(long primaryId, long standbyId) {}

    public Proof run() throws StoreException, ReadCancelledException {
        int total = pairs.stream().mapToInt(p -> p.samples().size()).sum();
        SweepTally tally = SweepTally.of(total);
        progress.samples(0, total);
        for (FilePair pair : pairs) {
            SampleBook book = new SampleBook(pair, knownHoles, standbyHoles, served);
            try (Side primary = new Side(pair.primary());
                    Side standby = new Side(pair.standby())) {
                for (int i = 0; i < book.count(); i++) {
                    if (guard.stop()) {
                        return new Proof(
                                Verdict.INCONCLUSIVE,
                                "stopped after " + tally.done() + " of " + total + " samples",
                                tally.done(),
                                tally.total());
                    }
                    if (tally.done() > 0) pace();
                    Compared c = compare(pair, book, i, primary, standby);
                    if (c.dead() != null) return new Proof(Verdict.DEAD, c.dead(), tally.done(), tally.total());
                    if (c.leftOut()) {
                        tally = tally.withoutOne();
                        leftOut++;
                        progress.samples(tally.done(), tally.total());
                        continue;
                    }
                    tally = tally.with(c.outcome());
                    progress.samples(tally.done(), tally.total());
                    if (c.outcome() == SampleOutcome.DIFFER) {
                        Sample sample = c.site();
                        return new Proof(
                                Verdict.MISMATCH,
                                "bytes " + sample.offset() + "+" + sample.length() + " of \"" + pair.name()
                                        + "\" differ from the primary's",
                                tally.done(),
                                tally.total());
                    }
                }
            }
        }
        return switch (tally.verdict()) {
            case VERIFIED -> {
                String holes = found.describe();
                found.store(primaryId, standbyId);
                yield new Proof(
                        Verdict.VERIFIED,
                        "all " + tally.total() + " samples match the primary"
                                + (leftOut == 0
                                        ? ""
                                        : " (" + leftOut + " left out: no bytes both could read were left for"
                                                + " them, and the others compare every byte both can read)")
                                + holes,
                        tally.total(),
                        tally.total());
            }
            case MISMATCH -> throw new IllegalStateException("a difference returns at once");
            case DEAD -> throw new IllegalStateException("a tally never concludes dead");
            case INCONCLUSIVE ->
                new Proof(
                        Verdict.INCONCLUSIVE,
                        tally.unreadable() + " of " + total + " samples could not be read"
                                + (firstUnreadable == null ? "" : " (" + firstUnreadable + ")"),
                        tally.done(),
                        tally.total());
        };
    }

    /**
     * How one planned sample came out.
     *
     * @param site    where it was compared in the end (null when nowhere)
     * @param outcome the comparison there
     * @param leftOut no bytes both sides can read were left for it, and the other samples compare
     *                every byte both can read: it is not counted
     * @param dead    why the standby is dead (its articles are gone where the primary's were just
     *                read), or null
     */
    private record Compared(Sample site, SampleOutcome outcome, boolean leftOut, String dead) {}

    /**
     * Compares sample {@code i}: the primary's digest first, then the standby's. A position either
     * side cannot read moves the sample ({@link SampleBook#failed}): on the primary any failure, on
     * the standby an article missing or corrupt on every provider that answered. A transient
     * failure of the standby leaves the sample unreadable (inconclusive).
     */
    private Compared compare(FilePair pair, SampleBook book, int i, Side primary, Side standby)
            throws StoreException, ReadCancelledException {
        Optional<Sample> site = book.at(i);
        // Known holes leave no room before anything is read; after a read, only a failure that is
        // the side's for good says its bytes are not there.
        boolean goneForGood = site.isEmpty();
        boolean excusable = false;
        while (site.isPresent()) {
            Sample sample = site.get();
            byte[] primaryDigest;
            try {
                primaryDigest = primaryDigest(pair, sample, primary, book);
            } catch (ReadFailure e) {
                ArticleSpan span = primary.failedSpan();
                if (firstUnreadable == null) firstUnreadable = describe(pair, sample, "on the primary", e);
                goneForGood = e.permanent() && e.sourceFault();
                excusable = priority == Priority.FOREGROUND
                        && !excusedForProviders
                        && e instanceof ProvidersUnavailableException p
                        && p.lackedWhereAsked();
                if (FailureKind.of(e) == FailureKind.PERMANENT) found.primary(pair.primaryIndex(), span);
                site = book.failed(i, span.start(), span.end());
                continue;
            }
            try {
                byte[] standbyDigest = standby.digest(sample);
                standbyRead = true;
                return new Compared(sample, SampleOutcome.compare(primaryDigest, standbyDigest), false, null);
            } catch (ReadFailure e) {
                if (!lacks(e)) {
                    if (firstUnreadable == null) firstUnreadable = describe(pair, sample, "here", e);
                    return new Compared(sample, SampleOutcome.UNREADABLE, false, null);
                }
                ArticleSpan span = standby.failedSpan();
                if (FailureKind.of(e) == FailureKind.PERMANENT) {
                    found.standby(pair.standbyIndex(), span);
                    String dead = deadAfter(pair, sample, primary);
                    if (dead != null) return new Compared(sample, SampleOutcome.UNREADABLE, false, dead);
                }
                if (firstUnreadable == null) firstUnreadable = describe(pair, sample, "here", e);
                goneForGood = FailureKind.of(e) == FailureKind.PERMANENT;
                excusable = false;
                site = book.failed(i, span.start(), span.end());
            }
        }
        if (!goneForGood && excusable) {
            excusedForProviders = true;
            goneForGood = true;
        }
        if (!goneForGood) return new Compared(null, SampleOutcome.UNREADABLE, false, null);
        return shrunk(pair, book, i, primary, standby);
    }

    /**
     * Sample {@code i} of a small file, with no room of its length left: left out when the other
     * samples compare every byte both sides can read, else shrunk into readable bytes no other
     * sample compares. Bytes a side turns out to lack for good there are that side's hole, and
     * the sample shrinks into the next such bytes (at most {@link SampleBook#MAX_MOVES} times).
     */
    private Compared shrunk(FilePair pair, SampleBook book, int i, Side primary, Side standby)
            throws StoreException, ReadCancelledException {
        for (int tries = 0; tries <= SampleBook.MAX_MOVES; tries++) {
            if (book.othersCoverEveryReadableByte(i)) return new Compared(null, null, true, null);
            Optional<Sample> gap = book.intoGap(i);
            if (gap.isEmpty()) {
                if (firstUnreadable == null) {
                    firstUnreadable = "no bytes of \"" + pair.name() + "\" that both sides can read were left";
                }
                return new Compared(null, SampleOutcome.UNREADABLE, false, null);
            }
            byte[] primaryDigest;
            try {
                primaryDigest = primaryDigest(pair, gap.get(), primary, book);
            } catch (ReadFailure e) {
                if (firstUnreadable == null) firstUnreadable = describe(pair, gap.get(), "on the primary", e);
                if (FailureKind.of(e) != FailureKind.PERMANENT)
                    return new Compared(gap.get(), SampleOutcome.UNREADABLE, false, null);
                ArticleSpan span = primary.failedSpan();
                found.primary(pair.primaryIndex(), span);
                book.lacking(span.start(), span.end());
                continue;
            }
            try {
                byte[] standbyDigest = standby.digest(gap.get());
                standbyRead = true;
                return new Compared(gap.get(), SampleOutcome.compare(primaryDigest, standbyDigest), false, null);
            } catch (ReadFailure e) {
                if (firstUnreadable == null) firstUnreadable = describe(pair, gap.get(), "here", e);
                if (FailureKind.of(e) != FailureKind.PERMANENT)
                    return new Compared(gap.get(), SampleOutcome.UNREADABLE, false, null);
                ArticleSpan span = standby.failedSpan();
                found.standby(pair.standbyIndex(), span);
                String dead = deadAfter(pair, gap.get(), primary);
                if (dead != null) return new Compared(gap.get(), SampleOutcome.UNREADABLE, false, dead);
                book.lacking(span.start(), span.end());
            }
        }
        return new Compared(null, SampleOutcome.UNREADABLE, false, null);
    }

    /**
     * Whether a failed read of the standby says it lacks those bytes: missing or corrupt on every
     * provider, or missing on every provider that answered while the others could not be asked.
     * A timeout, a refusal or a provider cooling down says nothing about the standby.
     */
    private static boolean lacks(ReadFailure e) {
        return FailureKind.of(e) == FailureKind.PERMANENT
                || e instanceof ProvidersUnavailableException p && p.lackedWhereAsked();
    }

    /**
     * The standby has just been found without the bytes of {@code sample} for good. It is dead when
     * that happened at {@link #DEAD_AFTER} positions before any of its reads succeeded, and the
     * primary was read from the providers in this very sweep (if it was not yet, it is read at
     * {@code sample} now): evidence about the standby from this read, against a primary readable
     * now. A provider that answers 430 for everything fails the primary too, and neither a hash
     * stored by an earlier sweep nor bytes a repair rebuilt (read from this machine) are evidence
     * that the providers hold anything today. Returns the reason, or null.
     */
    private String deadAfter(FilePair pair, Sample sample, Side primary) throws ReadCancelledException {
        if (standbyRead || ++standbyLacked < DEAD_AFTER) return null;
        if (!primaryReadNow) {
            if (onRebuilt(pair, sample)) return null;
            try {
                primary.digest(sample);
                primaryReadNow = true;
            } catch (ReadFailure e) {
                return null;
            }
        }
        return "its \"" + pair.name() + "\" is missing on every provider at " + standbyLacked
                + " places where the primary's bytes were just read, and none of its own could be read";
    }

    private void pace() throws ReadCancelledException {
        if (pause.isZero()) return;
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("sweep interrupted");
        }
    }

    /**
     * The primary's digest of a sample: from the bytes the response served, else stored, else read
     * and stored.
     *
     * @throws ReadFailure when the primary cannot be read there now
     */
    private byte[] primaryDigest(FilePair pair, Sample sample, Side primary, SampleBook book)
            throws StoreException, ReadFailure, ReadCancelledException {
        if (book.servedCovers(sample)) return sha256().digest(book.servedBytes(sample));
        primaryLock.lock();
        try {
            Optional<byte[]> stored = stored(pair, sample);
            if (stored.isPresent()) return stored.get();
            byte[] digest = primary.digest(sample);
            primaryReadNow |= !onRebuilt(pair, sample);
            db.transaction(c -> {
                SampleHashes.put(c, primaryId, pair.primaryIndex(), sample.offset(), sample.length(), digest);
                return null;
            });
            return digest;
        } finally {
            primaryLock.unlock();
        }
    }

    private Optional<byte[]> stored(FilePair pair, Sample sample) throws StoreException {
        return db.transaction(
                c -> SampleHashes.get(c, primaryId, pair.primaryIndex(), sample.offset(), sample.length()));
    }

    private static String describe(FilePair pair, Sample sample, String side, ReadFailure e) {
        return "bytes " + sample.offset() + "+" + sample.length() + " of \"" + pair.name() + "\" unreadable " + side
                + ": " + e.getMessage();
    }

    /** One side's reader, opened on first use (a fully cached primary opens none). */
    private final class Side implements AutoCloseable {
        private final SegmentMap map;
        private NzbReader reader;
        /** Where the last read that failed failed: a sample may span two articles (one of served bytes). */
        private long failedAt;

        Side(SegmentMap map) {
            this.map = map;
        }

        byte[] digest(Sample sample) throws ReadFailure, ReadCancelledException {
            if (reader == null) {
                reader = usenet.open(map, priority, 1);
                guard.opened(reader);
            }
            MessageDigest sha = sha256();
            long position = sample.offset();
            int left = sample.length();
            while (left > 0) {
                failedAt = position;
                int n;
                try {
                    n = reader.read(position, buffer, 0, Math.min(buffer.length, left));
                } catch (ReadFailure f) {
                    failedAt = f.failedAt().orElse(position);
                    throw f;
                }
                if (n < 0) {
                    throw new ArticleMissingException("", "the file ends at " + position + ", before the sample does");
                }
                sha.update(buffer, 0, n);
                position += n;
                left -= n;
            }
            return sha.digest();
        }

        /** The bytes that cannot be read without the article where the last failed read of this side failed. */
        ArticleSpan failedSpan() {
            return map.lackedWithout(failedAt);
        }

        @Override
        public void close() {
            if (reader != null) reader.close();
        }
    }

    /** A new SHA-256 digest, the one the sweeps compare samples with. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
