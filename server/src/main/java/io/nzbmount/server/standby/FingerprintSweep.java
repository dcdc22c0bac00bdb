package io.nzbmount.server.standby;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.policy.FailureKind;
import io.nzbmount.server.policy.Hole;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SampleHashes;
import io.nzbmount.server.store.StandbyState;
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
 * so a second standby (whose articles lie where the first one's do) costs no primary fetch at all. The standby side
 * is never stored: it is read again on every sweep, since a sweep exists to find out whether it
 * can be read now.
 *
 * <p>Holes of the primary: a sample the primary cannot read (a known hole, or a read that fails
 * now) moves to bytes it can read ({@link SampleBook}), so the sweep still needs every planned
 * sample to match, the first and last readable range included. A read of the primary that fails
 * is avoided for the rest of this sweep only and stored nowhere: background work may run while a
 * provider answers 430 for everything, and only a stream's own reads make stored holes. A sample
 * the standby cannot read stays unreadable: the proof is then inconclusive.
 *
 * <p>In a small file a sample with no readable room left is left out, or shrinks into readable
 * bytes no other sample compares, only when the primary's bytes there are gone for good. When a
 * player waits for the verdict (foreground priority), one sample per sweep may also be excused
 * for bytes the providers that answered lack while the others cannot be asked: the background
 * proof can wait for those providers, the player cannot, and every byte the primary can read is
 * still compared.
 */
final class FingerprintSweep {

    private static final int BUFFER = 64 * 1024;

    private final Database db;
    private final Usenet usenet;
    private final long primaryId;
    private final List<FilePair> pairs;
    private final StandbyProver.Progress progress;
    private final ReentrantLock primaryLock;
    private final Duration pause;
    private final Priority priority;
    private final SweepGuard guard;
    private final List<Hole> knownHoles;
    private final ServedBytes served;
    private final byte[] buffer = new byte[BUFFER];

    /**
     * @param primaryLock held while a primary hash is looked up or computed, shared by every sweep of that primary
     * @param priority    of every fetch (background, except when a player waits for the verdict)
     * @param guard       asked before each sample whether to stop, and told of each reader opened
     * @param knownHoles  the known holes of the primary ({@link HoleTable}): no sample is placed there
     * @param served      bytes a response sent, sampled in place of primary bytes it cannot read; null when none
     */
    FingerprintSweep(Database db, Usenet usenet, long primaryId, List<FilePair> pairs, StandbyProver.Progress progress,
                     ReentrantLock primaryLock, Duration pause, Priority priority, SweepGuard guard,
                     List<Hole> knownHoles, ServedBytes served) {
        this.knownHoles = List.copyOf(knownHoles);
        this.served = served;
        this.priority = priority;
        this.guard = guard;
        this.primaryLock = primaryLock;
        this.pause = pause;
        this.db = db;
        this.usenet = usenet;
        this.primaryId = primaryId;
        this.pairs = pairs;
        this.progress = progress;
    }

    Proof run() throws StoreException, ReadCancelledException {
        int total = pairs.stream().mapToInt(p -> p.samples().size()).sum();
        SweepTally tally = SweepTally.of(total);
        progress.samples(0, total);
        String firstUnreadable = null;
        int leftOut = 0;
        boolean excusedForProviders = false;
        for (FilePair pair : pairs) {
            SampleBook book = new SampleBook(pair, knownHoles, served);
            try (Side primary = new Side(pair.primary()); Side standby = new Side(pair.standby())) {
                for (int i = 0; i < book.count(); i++) {
                    if (guard.stop()) {
                        return new Proof(StandbyState.INCONCLUSIVE, "stopped after " + tally.done() + " of " + total
                                + " samples", tally.done(), tally.total());
                    }
                    if (tally.done() > 0) pace();
                    // A stored hash was read from the primary before: its bytes are known even in a hole found since.
                    byte[] primaryDigest = stored(pair, book.planned(i)).orElse(null);
                    Optional<Sample> site = primaryDigest != null ? Optional.of(book.planned(i)) : book.at(i);
                    // Known holes leave no room before anything is read; after a read, only a
                    // failure that is the primary's for good says its bytes are not there.
                    boolean goneForGood = site.isEmpty();
                    boolean excusable = false;
                    while (site.isPresent() && primaryDigest == null) {
                        try {
                            primaryDigest = primaryDigest(pair, site.get(), primary, book);
                        } catch (ReadFailure e) {
                            ArticleSpan span = pair.primary().span(site.get().offset());
                            if (firstUnreadable == null) firstUnreadable = describe(pair, site.get(), "on the primary", e);
                            goneForGood = e.permanent() && e.sourceFault();
                            excusable = priority == Priority.FOREGROUND && !excusedForProviders
                                    && e instanceof ProvidersUnavailableException p && p.lackedWhereAsked();
                            site = book.failed(i, span.start(), span.end());
                        }
                    }
                    if (primaryDigest == null && !goneForGood && excusable) {
                        excusedForProviders = true;
                        goneForGood = true;
                    }
                    if (primaryDigest == null && goneForGood) {
                        if (book.othersCoverEveryReadableByte(i)) {
                            // Every byte the primary can read is compared by the other samples.
                            tally = tally.withoutOne();
                            leftOut++;
                            progress.samples(tally.done(), tally.total());
                            continue;
                        }
                        // A small file: no room of the sample's length, but readable bytes no
                        // other sample compares; the sample shrinks to them.
                        site = book.intoGap(i);
                        if (site.isPresent()) {
                            try {
                                primaryDigest = primaryDigest(pair, site.get(), primary, book);
                            } catch (ReadFailure e) {
                                if (firstUnreadable == null) firstUnreadable = describe(pair, site.get(), "on the primary", e);
                            }
                        }
                    }
                    byte[] standbyDigest = null;
                    if (primaryDigest != null) {
                        Sample sample = site.get();
                        try {
                            standbyDigest = standby.digest(sample);
                        } catch (ReadFailure e) {
                            // Missing on every provider condemns the standby only when the primary's
                            // bytes there are known: a provider that answers 430 for everything (the
                            // wrong server, one that lost a day of posts) must not make a good
                            // standby dead for good.
                            if (FailureKind.missingForGood(e) && sample.offset() < firstArticleEnd(pair.standby())) {
                                return new Proof(StandbyState.DEAD, "the first article of its \"" + pair.name()
                                        + "\" is missing on every provider", tally.done(), tally.total());
                            }
                            if (firstUnreadable == null) firstUnreadable = describe(pair, sample, "here", e);
                        }
                    } else if (firstUnreadable == null) {
                        firstUnreadable = "no readable bytes of \"" + pair.name() + "\" were left on the primary";
                    }
                    SampleOutcome outcome = SampleOutcome.compare(primaryDigest, standbyDigest);
                    tally = tally.with(outcome);
                    progress.samples(tally.done(), tally.total());
                    if (outcome == SampleOutcome.DIFFER) {
                        Sample sample = site.get();
                        return new Proof(StandbyState.MISMATCH, "bytes " + sample.offset() + "+" + sample.length()
                                + " of \"" + pair.name() + "\" differ from the primary's", tally.done(), tally.total());
                    }
                }
            }
        }
        return switch (tally.verdict()) {
            case VERIFIED -> new Proof(StandbyState.VERIFIED, "all " + tally.total() + " samples match the primary"
                    + (leftOut == 0 ? "" : " (" + leftOut + " left out: no readable bytes of the primary were left for"
                    + " them, and the others compare every byte it can read)"), tally.total(), tally.total());
            case MISMATCH -> throw new IllegalStateException("a difference returns at once");
            case INCONCLUSIVE -> new Proof(StandbyState.INCONCLUSIVE, tally.unreadable() + " of " + total
                    + " samples could not be read" + (firstUnreadable == null ? "" : " (" + firstUnreadable + ")"),
                    tally.done(), tally.total());
        };
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
        return db.transaction(c -> SampleHashes.get(c, primaryId, pair.primaryIndex(), sample.offset(), sample.length()));
    }

    private static long firstArticleEnd(FileMap map) {
        return map.size() > 0 ? map.span(0).end() : 1;
    }

    private static String describe(FilePair pair, Sample sample, String side, ReadFailure e) {
        return "bytes " + sample.offset() + "+" + sample.length() + " of \"" + pair.name() + "\" unreadable " + side
                + ": " + e.getMessage();
    }

    /** One side's reader, opened on first use (a fully cached primary opens none). */
    private final class Side implements AutoCloseable {
        private final FileMap map;
        private NzbReader reader;

        Side(FileMap map) {
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
                int n = reader.read(position, buffer, 0, Math.min(buffer.length, left));
                if (n < 0) {
                    throw new ArticleMissingException("", "the file ends at " + position + ", before the sample does");
                }
                sha.update(buffer, 0, n);
                position += n;
                left -= n;
            }
            return sha.digest();
        }

        @Override
        public void close() {
            if (reader != null) reader.close();
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
