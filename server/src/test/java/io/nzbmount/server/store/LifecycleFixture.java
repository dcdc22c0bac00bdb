package io.nzbmount.server.store;

import io.nzbmount.server.proof.Verdict;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One item for {@link SourceLifecycleTest}: the subject source {@code S} in one of the states a
 * source can be in, the item's primary {@code P} (none when {@code S} is the primary) and a
 * verified standby {@code O}.
 */
final class LifecycleFixture {
    private static final Instant ADDED = Instant.parse("2025-03-01T20:00:00Z");

    /** The states a source can be in, with the proof progress each goes with. */
    enum Subject {
        PRIMARY,
        PENDING,
        VERIFIED,
        FAILED,
        DEAD
    }

    /** Every transition, done to the subject. */
    enum Transition {
        CHOOSE,
        REMOVE,
        ARRIVE,
        LEAVE,
        MARK_DEAD,
        MARK_VERIFIED,
        MARK_FAILED,
        RESTORE_DUE,
        PROOF_VERIFIED,
        PROOF_MISMATCH;

        void apply(SourceLifecycle l, Database db, LifecycleFixture f) throws Exception {
            long s = f.ids.get("S");
            switch (this) {
                case CHOOSE -> l.choosePrimary(f.item, s);
                case REMOVE -> l.remove(f.item, s, "removed by the user");
                case ARRIVE -> l.cutOver(f.item, f.ids.getOrDefault("P", f.ids.get("O")), s, false);
                case LEAVE -> l.cutOver(f.item, s, f.ids.get("O"), false);
                case MARK_DEAD -> l.markDead(s, "bytes differ", Verdict.MISMATCH);
                case MARK_VERIFIED -> l.markVerified(s, "proved during a cutover", 20, 20);
                case MARK_FAILED -> l.markFailed(s, "could not be compared", Duration.ofMinutes(5));
                case RESTORE_DUE -> l.restoreDue(f.item);
                case PROOF_VERIFIED, PROOF_MISMATCH -> {
                    db.transaction(c -> StandbyTables.claim(c, s));
                    SourceRecord source =
                            db.transaction(c -> SourceTable.byId(c, s)).orElseThrow();
                    l.recordProof(
                            source,
                            this == PROOF_VERIFIED ? Verdict.VERIFIED : Verdict.MISMATCH,
                            "the proof's reason",
                            20,
                            20,
                            List.of(Duration.ofMinutes(1)));
                }
            }
        }
    }

    /** Everything a transition may change, by fixture name. */
    record Snapshot(
            Map<String, String> roleStates,
            Map<String, Optional<String>> reasons,
            Map<String, Optional<StandbyProgress>> progress,
            String primary,
            boolean byUser) {
        static Snapshot of(Database db, LifecycleFixture f) throws StoreException {
            return db.transaction(c -> {
                Map<String, String> roles = new LinkedHashMap<>();
                Map<String, Optional<String>> reasons = new LinkedHashMap<>();
                Map<String, Optional<StandbyProgress>> progress = new LinkedHashMap<>();
                String primary = "";
                ItemRecord item = Items.byId(c, f.item).orElseThrow();
                for (Map.Entry<String, Long> e : f.ids.entrySet()) {
                    SourceRecord s = SourceTable.byId(c, e.getValue()).orElseThrow();
                    roles.put(e.getKey(), s.role().word() + "/" + s.state().word());
                    reasons.put(e.getKey(), s.reason());
                    progress.put(e.getKey(), StandbyTables.progress(c, e.getValue()));
                    if (item.primarySource().orElse(-1) == e.getValue()) primary = e.getKey();
                }
                return new Snapshot(roles, reasons, progress, primary, item.primaryByUser());
            });
        }

        String roleState(String name) {
            return roleStates.get(name);
        }
    }

    final long item;
    final Map<String, Long> ids;

    private LifecycleFixture(long item, Map<String, Long> ids) {
        this.item = item;
        this.ids = ids;
    }

    static LifecycleFixture create(Database db, String name, Subject subject) throws StoreException {
        return db.transaction(c -> {
            long item = Items.insert(c, name, ADDED);
            Map<String, Long> ids = new LinkedHashMap<>();
            if (subject == Subject.PRIMARY) {
                ids.put("S", primary(c, item, name + ".S"));
            } else {
                ids.put("P", primary(c, item, name + ".P"));
                ids.put("S", standby(c, item, name + ".S", subject));
            }
            ids.put("O", standby(c, item, name + ".O", Subject.VERIFIED));
            return new LifecycleFixture(item, ids);
        });
    }

    private static long primary(Connection c, long item, String release) throws SQLException {
        long id = insert(c, item, release, SourceRole.PRIMARY, SourceState.READY);
        Items.setPrimary(c, item, id, false);
        return id;
    }

    private static long standby(Connection c, long item, String release, Subject subject) throws SQLException {
        SourceState state = switch (subject) {
            case PENDING -> SourceState.PENDING;
            case VERIFIED -> SourceState.VERIFIED;
            case FAILED -> SourceState.FAILED;
            case DEAD -> SourceState.DEAD;
            case PRIMARY -> throw new IllegalArgumentException("no standby");
        };
        long id = insert(c, item, release, SourceRole.STANDBY, state);
        StandbyProgress pending = StandbyProgress.pending(id, OptionalInt.of(0));
        StandbyProgress p = switch (subject) {
            case VERIFIED ->
                pending.finished(StandbyState.VERIFIED, Optional.of("all samples match"), ADDED, 0, Optional.empty());
            // Failed for transient trouble, its cool-down over.
            case FAILED -> pending.finished(StandbyState.PENDING, Optional.empty(), ADDED, 0, Optional.of(ADDED));
            case DEAD ->
                pending.finished(StandbyState.MISMATCH, Optional.of("bytes differ"), ADDED, 0, Optional.empty());
            default -> pending;
        };
        StandbyTables.putProgress(c, p);
        if (subject == Subject.FAILED || subject == Subject.DEAD) {
            SourceTable.update(
                    c, id, SourceRole.STANDBY, state, Optional.of("why it is " + state.word()), OptionalInt.of(0));
        }
        return id;
    }

    private static long insert(Connection c, long item, String release, SourceRole role, SourceState state)
            throws SQLException {
        return SourceTable.insert(
                c,
                item,
                new NewSource(
                        release.getBytes(),
                        Integer.toHexString(release.hashCode()) + Long.toHexString(System.nanoTime()),
                        release,
                        Optional.empty(),
                        0,
                        role,
                        state,
                        0,
                        0,
                        ADDED));
    }
}
