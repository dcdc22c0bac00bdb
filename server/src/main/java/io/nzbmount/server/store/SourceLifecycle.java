package io.nzbmount.server.store;

import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.TransitionRefused.Rule;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The one owner of a source's role and state. Every change of who is an item's primary, and of a
 * source's {@link SourceState}, is a named transition here, one transaction each (except
 * {@link #imported}, which is part of the import's own), and each enforces its rules:
 * <ul>
 * <li>an item has exactly one primary, and only a standby proved identical to it ({@code VERIFIED})
 *     may take its place when the user chooses ({@link #choosePrimary});</li>
 * <li>the primary never leaves the pool nor fails: it is the reference every standby is proved
 *     against ({@link #remove}, {@link #markDead}, {@link #markFailed});</li>
 * <li>a source failed for good ({@code dead}) never comes back; a verdict a cutover or the user
 *     stored first is never replaced by a later one ({@link StandbyTables#putVerdict},
 *     {@link StandbyTables#putClaimed});</li>
 * <li>a standby failed for transient trouble is out only for a cool-down, the caller's
 *     ({@link #markFailed}): the end of it is kept as the standby's {@code retryAt}, so it survives
 *     a restart, and once it has passed the standby is back in the state its proof left it in
 *     ({@link #restoreDue}).</li>
 * </ul>
 * Thread-safe (the database serialises).
 */
public final class SourceLifecycle {
    /** What {@link #choosePrimary} did: the item's primary went {@code from} (-1: none) {@code to}. */
    public record Choice(long from, long to, String release) {}

    /** A source with the size of its media files, for ranking a standby against the primary. */
    public record SizedSource(SourceRecord source, long mediaSize) {}

    /** How close a standby is to the primary; see {@link #adopt}. */
    @FunctionalInterface
    public interface TierRule {
        /** @param primary the item's primary; empty when it has none */
        OptionalInt tier(Optional<SizedSource> primary, SizedSource standby);
    }

    private final Database db;
    private final Clock clock;

    public SourceLifecycle(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * The first source of a new item becomes its primary, inside the caller's import transaction;
     * the source was stored as {@code primary} and {@code ready}.
     */
    public static void imported(Connection c, long itemId, long sourceId) throws SQLException {
        Items.setPrimary(c, itemId, sourceId, false);
    }

    /**
     * The user makes {@code sourceId} the item's primary. Choosing the primary it has records that
     * the user chose it. Otherwise the chosen source must be verified; the old primary, unless
     * dead, stays in the pool as a verified standby (it served the same content).
     *
     * @throws TransitionRefused {@code UNKNOWN_ITEM}, {@code UNKNOWN_SOURCE} (not a source of the
     *                           item), {@code NOT_VERIFIED}
     */
    public Choice choosePrimary(long itemId, long sourceId) throws StoreException, TransitionRefused {
        return refusable(c -> {
            ItemRecord item = Items.byId(c, itemId).orElseThrow(() -> refuse(Rule.UNKNOWN_ITEM, Optional.empty()));
            SourceRecord chosen = sourceOf(c, itemId, sourceId);
            long old = item.primarySource().orElse(-1);
            Choice choice = new Choice(old, sourceId, chosen.releaseName());
            if (old == sourceId) {
                Items.setPrimary(c, itemId, sourceId, true);
                return choice;
            }
            if (chosen.state() != SourceState.VERIFIED) throw refuse(Rule.NOT_VERIFIED, Optional.of(chosen));
            Optional<SourceRecord> previous = SourceTable.byId(c, old);
            if (previous.isPresent() && previous.get().state() != SourceState.DEAD) {
                SourceTable.update(
                        c,
                        old,
                        SourceRole.STANDBY,
                        SourceState.VERIFIED,
                        Optional.empty(),
                        previous.get().tier());
                StandbyProgress p = StandbyTables.progress(c, old)
                        .orElse(StandbyProgress.pending(old, previous.get().tier()));
                StandbyTables.putProgress(
                        c,
                        p.finished(
                                StandbyState.VERIFIED,
                                Optional.of("it was the primary until another release was chosen"),
                                clock.instant(),
                                0,
                                Optional.empty()));
            }
            Items.setPrimary(c, itemId, sourceId, true);
            SourceTable.update(c, sourceId, SourceRole.PRIMARY, SourceState.READY, Optional.empty(), chosen.tier());
            return choice;
        });
    }

    /**
     * The user takes a standby out of the pool for good: dead with {@code reason}, its progress
     * dead and its key remembered, so neither its proof nor a later search brings it back.
     *
     * @return the source's release name
     * @throws TransitionRefused {@code UNKNOWN_ITEM}, {@code UNKNOWN_SOURCE}, {@code IS_PRIMARY},
     *                           {@code NOT_IN_POOL} (dead already)
     */
    public String remove(long itemId, long sourceId, String reason) throws StoreException, TransitionRefused {
        return refusable(c -> {
            ItemRecord item = Items.byId(c, itemId).orElseThrow(() -> refuse(Rule.UNKNOWN_ITEM, Optional.empty()));
            SourceRecord s = sourceOf(c, itemId, sourceId);
            if (item.primarySource().orElse(-1) == sourceId) throw refuse(Rule.IS_PRIMARY, Optional.of(s));
            if (s.state() == SourceState.DEAD) throw refuse(Rule.NOT_IN_POOL, Optional.of(s));
            SourceTable.update(c, sourceId, SourceRole.STANDBY, SourceState.DEAD, Optional.of(reason), s.tier());
            StandbyProgress p = StandbyTables.progress(c, sourceId).orElse(StandbyProgress.pending(sourceId, s.tier()));
            StandbyTables.putProgress(
                    c, p.finished(StandbyState.DEAD, Optional.of(reason), clock.instant(), 0, Optional.empty()));
            remember(c, s, reason, clock.instant());
            return s.releaseName();
        });
    }

    /**
     * A stream of the item went from {@code from} to {@code to}. {@code from}, unless dead, is
     * verified (it served these very bytes) unless a permanent verdict was stored first; when it is
     * the item's primary it leaves that role (verified, or dead with that verdict's reason) and
     * {@code to} becomes the primary, so new requests go where the stream is. A primary the user
     * chose is replaced only after a permanent failure.
     *
     * @return true when the item's primary changed
     */
    public boolean cutOver(long itemId, long from, long to, boolean permanentFailure) throws StoreException {
        return db.transaction(c -> {
            Optional<ItemRecord> item = Items.byId(c, itemId);
            Optional<SourceRecord> old = SourceTable.byId(c, from);
            Optional<SourceRecord> next = SourceTable.byId(c, to);
            if (item.isEmpty() || old.isEmpty() || next.isEmpty()) return false;
            boolean fromIsPrimary = item.get().primarySource().orElse(-1) == from;
            if (fromIsPrimary && item.get().primaryByUser() && !permanentFailure) return false;
            if (old.get().state() != SourceState.DEAD) {
                StandbyProgress p = StandbyTables.progress(c, from)
                        .orElse(StandbyProgress.pending(from, old.get().tier()));
                if (StandbyTables.putVerdict(
                        c,
                        p.finished(
                                StandbyState.VERIFIED,
                                Optional.of("it served these bytes as the primary"),
                                clock.instant(),
                                0,
                                Optional.empty()))) {
                    SourceTable.update(
                            c,
                            from,
                            SourceRole.STANDBY,
                            SourceState.VERIFIED,
                            Optional.empty(),
                            old.get().tier());
                } else if (fromIsPrimary) {
                    // Decided for good while it served (removed by the user, or found to differ): it
                    // stays out of the pool, and it leaves the primary role all the same, so the item
                    // never has two primaries.
                    SourceTable.update(
                            c,
                            from,
                            SourceRole.STANDBY,
                            SourceState.DEAD,
                            p.reason(),
                            old.get().tier());
                }
            }
            if (!fromIsPrimary) return false;
            Items.setPrimary(c, itemId, to, false);
            SourceTable.update(
                    c,
                    to,
                    SourceRole.PRIMARY,
                    SourceState.READY,
                    Optional.empty(),
                    next.get().tier());
            return true;
        });
    }

    /**
     * A standby never to be tried again; {@code verdict} is {@code MISMATCH} or {@code DEAD}. One
     * already failed for good keeps its first verdict and reason; the item's primary, or a source
     * that is no standby, is left alone.
     */
    public void markDead(long sourceId, String reason, Verdict verdict) throws StoreException {
        if (verdict != Verdict.MISMATCH && verdict != Verdict.DEAD) {
            throw new IllegalArgumentException("not a failure for good: " + verdict);
        }
        StandbyState state = VerdictStates.standby(verdict);
        db.transaction(c -> {
            Optional<SourceRecord> s = SourceTable.byId(c, sourceId);
            if (s.isEmpty() || s.get().role() == SourceRole.PRIMARY || isPrimary(c, s.get())) return null;
            StandbyProgress p = StandbyTables.progress(c, sourceId)
                    .orElse(StandbyProgress.pending(sourceId, s.get().tier()));
            if (!StandbyTables.putVerdict(
                    c, p.finished(state, Optional.of(reason), clock.instant(), 0, Optional.empty()))) {
                return null;
            }
            SourceTable.update(
                    c,
                    sourceId,
                    SourceRole.STANDBY,
                    SourceState.DEAD,
                    Optional.of(reason),
                    s.get().tier());
            remember(c, s.get(), reason, clock.instant());
            return null;
        });
    }

    /**
     * A standby proved during a cutover: verified from now on, overruling a background proof of
     * it still running.
     *
     * @return false when it may not take over: dead (a background proof or the user failed it for
     *         good first), no standby, or gone; true, and nothing stored, when it is the item's
     *         primary already
     */
    public boolean markVerified(long sourceId, String reason, int samplesDone, int samplesTotal) throws StoreException {
        return db.transaction(c -> {
            Optional<SourceRecord> s = SourceTable.byId(c, sourceId);
            if (s.isPresent() && s.get().role() == SourceRole.PRIMARY && s.get().state() != SourceState.DEAD)
                return true;
            if (s.isEmpty() || s.get().role() != SourceRole.STANDBY || s.get().state() == SourceState.DEAD)
                return false;
            StandbyProgress p = StandbyTables.progress(c, sourceId)
                    .orElse(StandbyProgress.pending(sourceId, s.get().tier()));
            if (!StandbyTables.putVerdict(
                    c,
                    p.withSamples(samplesDone, samplesTotal)
                            .finished(
                                    StandbyState.VERIFIED,
                                    Optional.of(reason),
                                    clock.instant(),
                                    0,
                                    Optional.empty()))) {
                return false;
            }
            SourceTable.update(
                    c,
                    sourceId,
                    SourceRole.STANDBY,
                    SourceState.VERIFIED,
                    Optional.empty(),
                    s.get().tier());
            return true;
        });
    }

    /**
     * A standby given up for transient trouble: failed with {@code reason} until now plus
     * {@code coolDown}. A source that is no standby, is dead, or whose proof's verdict is permanent
     * is left alone.
     */
    public void markFailed(long sourceId, String reason, Duration coolDown) throws StoreException {
        db.transaction(c -> {
            Optional<SourceRecord> s = SourceTable.byId(c, sourceId);
            if (s.isEmpty() || s.get().role() != SourceRole.STANDBY || s.get().state() == SourceState.DEAD) return null;
            StandbyProgress p = StandbyTables.progress(c, sourceId)
                    .orElse(StandbyProgress.pending(sourceId, s.get().tier()));
            if (p.state().permanent()) return null;
            StandbyTables.putProgress(
                    c,
                    new StandbyProgress(
                            sourceId,
                            p.state(),
                            p.samplesDone(),
                            p.samplesTotal(),
                            p.provedAt(),
                            p.reason(),
                            p.tier(),
                            p.attempts(),
                            Optional.of(clock.instant().plus(coolDown))));
            SourceTable.update(
                    c,
                    sourceId,
                    SourceRole.STANDBY,
                    SourceState.FAILED,
                    Optional.of(reason),
                    s.get().tier());
            return null;
        });
    }

    /**
     * Puts back every failed standby (of one item, or of all when {@code itemId < 0}) whose
     * cool-down has ended: {@code VERIFIED} when its last proof matched, else pending.
     *
     * @return how many came back
     */
    public int restoreDue(long itemId) throws StoreException {
        Instant now = clock.instant();
        return db.transaction(c -> {
            int restored = 0;
            for (StandbyProgress p : StandbyTables.progressIn(
                    c, EnumSet.of(StandbyState.VERIFIED, StandbyState.PENDING, StandbyState.INCONCLUSIVE))) {
                if (p.retryAt().isEmpty() || p.retryAt().get().isAfter(now)) continue;
                Optional<SourceRecord> s = SourceTable.byId(c, p.sourceId());
                if (s.isEmpty()
                        || s.get().state() != SourceState.FAILED
                        || s.get().role() != SourceRole.STANDBY) continue;
                if (itemId >= 0 && s.get().itemId() != itemId) continue;
                SourceState back = p.state() == StandbyState.VERIFIED ? SourceState.VERIFIED : SourceState.PENDING;
                SourceTable.update(
                        c,
                        p.sourceId(),
                        SourceRole.STANDBY,
                        back,
                        Optional.empty(),
                        s.get().tier());
                restored++;
            }
            return restored;
        });
    }

    /**
     * Starts tracking a standby added without the standby service (by hand): its key is its NZB's
     * hash unless it has one, its progress pending, its tier what {@code rule} says. Its role and
     * state stay as they are.
     */
    public void adopt(long sourceId, TierRule rule) throws StoreException {
        db.transaction(c -> {
            Optional<SourceRecord> source = SourceTable.byId(c, sourceId);
            if (source.isEmpty()) return null;
            Optional<SizedSource> primary = Optional.empty();
            Optional<ItemRecord> item = Items.byId(c, source.get().itemId());
            if (item.isPresent() && item.get().primarySource().isPresent()) {
                Optional<SourceRecord> p =
                        SourceTable.byId(c, item.get().primarySource().getAsLong());
                if (p.isPresent())
                    primary = Optional.of(
                            new SizedSource(p.get(), mediaSize(c, p.get().id())));
            }
            OptionalInt tier = rule.tier(primary, new SizedSource(source.get(), mediaSize(c, sourceId)));
            if (StandbyTables.key(c, sourceId).isEmpty())
                StandbyTables.putKey(c, sourceId, source.get().sha256());
            StandbyTables.putProgress(c, StandbyProgress.pending(sourceId, tier));
            SourceTable.update(
                    c,
                    sourceId,
                    source.get().role(),
                    source.get().state(),
                    source.get().reason(),
                    tier);
            return null;
        });
    }

    /**
     * Stores a background proof's verdict on {@code source}, as long as the proof's claim stands
     * ({@link StandbyTables#putClaimed}), in the states {@link VerdictStates} gives it: a
     * {@code VERIFIED} verdict makes the source {@code VERIFIED}, mismatch or dead makes it dead
     * with {@code reason} and remembers its key, an inconclusive one makes it pending again, due
     * after the wait {@code retryWaits} gives its attempt (the last one from then on).
     *
     * @return empty when stored; else why the verdict was dropped
     */
    public Optional<String> recordProof(
            SourceRecord source,
            Verdict verdict,
            String reason,
            int samplesDone,
            int samplesTotal,
            List<Duration> retryWaits)
            throws StoreException {
        Instant now = clock.instant();
        StandbyState proved = VerdictStates.standby(verdict);
        return db.transaction(c -> {
            Optional<StandbyProgress> stored = StandbyTables.progress(c, source.id());
            if (stored.isEmpty()) return Optional.of("the standby is gone");
            StandbyProgress p = stored.get();
            int attempts = verdict == Verdict.INCONCLUSIVE ? p.attempts() + 1 : 0;
            Optional<Instant> due = verdict == Verdict.INCONCLUSIVE
                    ? Optional.of(now.plus(retryWaits.get(Math.min(attempts, retryWaits.size()) - 1)))
                    : Optional.empty();
            if (!StandbyTables.putClaimed(
                    c,
                    p.withSamples(samplesDone, samplesTotal)
                            .finished(proved, Optional.of(reason), now, attempts, due))) {
                return Optional.of("decided while it ran: " + p.state().word()
                        + p.reason().map(r -> " (" + r + ")").orElse(""));
            }
            SourceState state = VerdictStates.source(verdict);
            Optional<String> why = state == SourceState.DEAD ? Optional.of(reason) : Optional.empty();
            SourceTable.update(c, source.id(), SourceRole.STANDBY, state, why, p.tier());
            if (proved.permanent()) remember(c, source, reason, now);
            return Optional.<String>empty();
        });
    }

    private static long mediaSize(Connection c, long sourceId) throws SQLException {
        return Files.ofSource(c, sourceId).stream()
                .filter(f -> f.media() && f.size() > 0)
                .mapToLong(FileRecord::size)
                .sum();
    }

    /** The source's key is dead: a later search never adds it again. */
    private static void remember(Connection c, SourceRecord s, String reason, Instant now) throws SQLException {
        String key = StandbyTables.key(c, s.id()).orElse(s.sha256());
        StandbyTables.putDead(c, new DeadCandidate(key, OptionalLong.of(s.itemId()), s.releaseName(), reason, now));
    }

    private static boolean isPrimary(Connection c, SourceRecord s) throws SQLException {
        return Items.byId(c, s.itemId())
                .map(i -> i.primarySource().orElse(-1) == s.id())
                .orElse(false);
    }

    private static SourceRecord sourceOf(Connection c, long itemId, long sourceId) throws SQLException {
        return SourceTable.byId(c, sourceId)
                .filter(s -> s.itemId() == itemId)
                .orElseThrow(() -> refuse(Rule.UNKNOWN_SOURCE, Optional.empty()));
    }

    private static Refusal refuse(Rule rule, Optional<SourceRecord> source) {
        return new Refusal(new TransitionRefused(rule, source));
    }

    private <T> T refusable(Database.Work<T> work) throws StoreException, TransitionRefused {
        try {
            return db.transaction(work);
        } catch (Refusal r) {
            throw r.refused;
        }
    }

    /** Carries a refusal out of the transaction, which it rolls back. */
    private static final class Refusal extends RuntimeException {
        private final TransitionRefused refused;

        Refusal(TransitionRefused refused) {
            super(null, null, false, false);
            this.refused = refused;
        }
    }
}
