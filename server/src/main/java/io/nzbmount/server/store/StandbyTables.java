package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The standby tables of schema V2 (standby progress, source keys, dead candidates), on a caller's
 * connection (see {@link Items}). Stateless. Sample hashes and result pools are in
 * {@link SampleHashes} and {@link ResultPool}.
 *
 * <p>Who may replace a standby's proof state is decided here, nowhere else: a background proof
 * {@link #claim}s the standby and writes through {@link #putClaimed}, a verdict acted on at once
 * goes through {@link #putVerdict}. Each reads and writes on the caller's transaction, which
 * {@link Database} runs alone, so the check and the write cannot be split by another writer.
 */
public final class StandbyTables {

    private static final String PROGRESS_COLUMNS =
            "source_id, state, samples_done, samples_total, validated_at," + " reason, tier, attempts, retry_at";

    private StandbyTables() {}

    /**
     * Claims a standby for a background proof: a {@code PENDING} or {@code INCONCLUSIVE} one becomes
     * {@code PROVING} (samples 0 of 0). The claim lasts while the row stays {@code PROVING}:
     * every later write of that proof goes through {@link #putClaimed}, and any verdict stored by
     * someone else meanwhile ({@link #putVerdict}) ends it. Only one proof of a source may run at a
     * time (the standby service makes sure), so {@code PROVING} names that proof.
     *
     * @return the claimed progress, empty when the standby is decided, being proved, or unknown
     */
    public static Optional<StandbyProgress> claim(Connection c, long sourceId) throws SQLException {
        Optional<StandbyProgress> p = progress(c, sourceId);
        if (p.isEmpty() || (p.get().state() != StandbyState.PENDING && p.get().state() != StandbyState.INCONCLUSIVE)) {
            return Optional.empty();
        }
        StandbyProgress claimed =
                p.get().withState(StandbyState.PROVING, Optional.empty()).withSamples(0, 0);
        putProgress(c, claimed);
        return Optional.of(claimed);
    }

    /**
     * Stores a write of the proof that holds the claim (its samples, its result, or {@code PENDING}
     * when it was cut short), but only while the claim stands: the stored state is still
     * {@code PROVING}. Once a cutover or the user decided the standby, an older proof's result,
     * whatever it is, changes nothing.
     *
     * @return whether {@code next} was stored; when false the caller must change nothing else either
     */
    public static boolean putClaimed(Connection c, StandbyProgress next) throws SQLException {
        Optional<StandbyProgress> stored = progress(c, next.sourceId());
        if (stored.isEmpty() || stored.get().state() != StandbyState.PROVING) return false;
        putProgress(c, next);
        return true;
    }

    /**
     * Ends the claim of a proof that was cut short (its thread stopped): the standby is
     * {@code PENDING} again, due at once, as long as the claim still stands ({@link #putClaimed}).
     *
     * @return whether it was stored
     */
    public static boolean releaseClaim(Connection c, long sourceId) throws SQLException {
        Optional<StandbyProgress> p = progress(c, sourceId);
        return p.isPresent()
                && putClaimed(c, p.get().withState(StandbyState.PENDING, p.get().reason()));
    }

    /** Ends every claim after a start: the proofs a stop cut short are {@code PENDING} again. */
    public static void releaseAllClaims(Connection c) throws SQLException {
        for (StandbyProgress p : progressIn(c, Set.of(StandbyState.PROVING))) {
            putProgress(c, p.withState(StandbyState.PENDING, p.reason()));
        }
    }

    /**
     * Stores a verdict reached now by someone who acts on it at once (a cutover's sweep or range
     * proof, a demoted primary, a user's action): it replaces any state, a running proof's claim
     * included, except a permanent verdict ({@code MISMATCH}, {@code DEAD}, the user's removal),
     * which nothing replaces: the first permanent verdict and its reason stand.
     *
     * @param verdict {@code VERIFIED}, {@code MISMATCH} or {@code DEAD}
     * @return whether it was stored; when false the caller must change nothing else either
     */
    public static boolean putVerdict(Connection c, StandbyProgress verdict) throws SQLException {
        StandbyState state = verdict.state();
        if (state != StandbyState.VERIFIED && !state.permanent()) {
            throw new IllegalArgumentException("not a verdict: " + state);
        }
        Optional<StandbyProgress> stored = progress(c, verdict.sourceId());
        if (stored.isPresent() && stored.get().state().permanent()) return false;
        putProgress(c, verdict);
        return true;
    }

    /**
     * Stores the progress of a standby, replacing what was stored: for a new standby's first row
     * and for a restart's cleanup. A proof's result goes through {@link #putClaimed} or
     * {@link #putVerdict} instead.
     */
    public static void putProgress(Connection c, StandbyProgress p) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR REPLACE INTO standby_progress(" + PROGRESS_COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setLong(1, p.sourceId());
            s.setString(2, p.state().word());
            s.setInt(3, p.samplesDone());
            s.setInt(4, p.samplesTotal());
            setInstant(s, 5, p.provedAt());
            s.setString(6, p.reason().orElse(null));
            if (p.tier().isPresent()) s.setInt(7, p.tier().getAsInt());
            else s.setNull(7, Types.INTEGER);
            s.setInt(8, p.attempts());
            setInstant(s, 9, p.retryAt());
            s.executeUpdate();
        }
    }

    public static Optional<StandbyProgress> progress(Connection c, long sourceId) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("SELECT " + PROGRESS_COLUMNS + " FROM standby_progress WHERE source_id = ?")) {
            s.setLong(1, sourceId);
            List<StandbyProgress> found = progressList(s);
            return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
        }
    }

    /** The progress of every standby of an item that has some, by source id. */
    public static List<StandbyProgress> progressOfItem(Connection c, long itemId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT p.source_id, p.state, p.samples_done, p.samples_total,"
                + " p.validated_at, p.reason, p.tier, p.attempts, p.retry_at FROM standby_progress p"
                + " JOIN sources s ON s.id = p.source_id WHERE s.item_id = ? ORDER BY p.source_id")) {
            s.setLong(1, itemId);
            return progressList(s);
        }
    }

    /** Every stored progress in one of these states. */
    public static List<StandbyProgress> progressIn(Connection c, Set<StandbyState> states) throws SQLException {
        List<StandbyProgress> all;
        try (PreparedStatement s =
                c.prepareStatement("SELECT " + PROGRESS_COLUMNS + " FROM standby_progress ORDER BY source_id")) {
            all = progressList(s);
        }
        return all.stream().filter(p -> states.contains(p.state())).toList();
    }

    /** Standby sources that have no progress yet (added by hand, or by an older version): their ids. */
    public static List<Long> standbysWithoutProgress(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT s.id FROM sources s LEFT JOIN standby_progress p"
                        + " ON p.source_id = s.id WHERE s.role = 'standby' AND s.state = 'pending' AND p.source_id IS NULL"
                        + " ORDER BY s.id");
                ResultSet rs = s.executeQuery()) {
            List<Long> ids = new ArrayList<>();
            while (rs.next()) ids.add(rs.getLong(1));
            return ids;
        }
    }

    /** Records a source's stable key. */
    public static void putKey(Connection c, long sourceId, String key) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO source_keys(source_id, key) VALUES (?, ?)")) {
            s.setLong(1, sourceId);
            s.setString(2, key);
            s.executeUpdate();
        }
    }

    public static Optional<String> key(Connection c, long sourceId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT key FROM source_keys WHERE source_id = ?")) {
            s.setLong(1, sourceId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /** Remembers a dead candidate; a key already dead keeps its first reason. */
    public static void putDead(Connection c, DeadCandidate d) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO dead_candidates(key, item_id,"
                + " release_name, reason, at) VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, d.key());
            if (d.itemId().isPresent()) s.setLong(2, d.itemId().getAsLong());
            else s.setNull(2, Types.INTEGER);
            s.setString(3, d.releaseName());
            s.setString(4, d.reason());
            s.setLong(5, d.at().toEpochMilli());
            s.executeUpdate();
        }
    }

    /** Every dead key. */
    public static Set<String> deadKeys(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT key FROM dead_candidates");
                ResultSet rs = s.executeQuery()) {
            Set<String> keys = new HashSet<>();
            while (rs.next()) keys.add(rs.getString(1));
            return keys;
        }
    }

    private static List<StandbyProgress> progressList(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            List<StandbyProgress> list = new ArrayList<>();
            while (rs.next()) {
                int tier = rs.getInt(7);
                OptionalInt tierValue = rs.wasNull() ? OptionalInt.empty() : OptionalInt.of(tier);
                list.add(new StandbyProgress(
                        rs.getLong(1),
                        StandbyState.ofWord(rs.getString(2)),
                        rs.getInt(3),
                        rs.getInt(4),
                        instant(rs, 5),
                        Optional.ofNullable(rs.getString(6)),
                        tierValue,
                        rs.getInt(8),
                        instant(rs, 9)));
            }
            return list;
        }
    }

    private static void setInstant(PreparedStatement s, int index, Optional<Instant> t) throws SQLException {
        if (t.isPresent()) s.setLong(index, t.get().toEpochMilli());
        else s.setNull(index, Types.INTEGER);
    }

    private static Optional<Instant> instant(ResultSet rs, int index) throws SQLException {
        long millis = rs.getLong(index);
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
    }
}
