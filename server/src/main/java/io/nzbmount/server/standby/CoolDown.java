package io.nzbmount.server.standby;

import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.Sources;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;

/**
 * A standby given up for transient trouble (inconclusive proofs in a row) is excluded for a
 * cool-down, not for good (seed 003): once it has passed, the standby is back in the pool in the
 * state its proof left it in (verified, or waiting for a proof). The end of the cool-down is kept
 * as the standby's {@code retryAt}, so it survives a restart and an inconclusive standby's
 * background proof is due at the same moment. Stateless; every call works inside the caller's
 * transaction.
 */
public final class CoolDown {
    /** How long a failed standby stays out, as the failure policy's exclusion of a source. */
    public static final Duration DEFAULT = Duration.ofMinutes(5);

    private CoolDown() {
    }

    /** Fails the standby {@code sourceId} now, until {@code now + coolDown}; a source that is no standby is left alone. */
    public static void fail(Connection c, long sourceId, String reason, Instant now, Duration coolDown) throws SQLException {
        Optional<SourceRecord> s = Sources.byId(c, sourceId);
        if (s.isEmpty() || s.get().role() != SourceRole.STANDBY || s.get().state() == SourceState.DEAD) return;
        StandbyProgress p = StandbyTables.progress(c, sourceId).orElse(StandbyProgress.pending(sourceId, s.get().tier()));
        if (p.state().permanent()) return;
        StandbyTables.putProgress(c, new StandbyProgress(sourceId, p.state(), p.samplesDone(), p.samplesTotal(),
                p.validatedAt(), p.reason(), p.tier(), p.attempts(), Optional.of(now.plus(coolDown))));
        Sources.update(c, sourceId, SourceRole.STANDBY, SourceState.FAILED, Optional.of(reason), s.get().tier());
    }

    /**
     * Puts back every failed standby (of one item, or of all when {@code itemId < 0}) whose
     * cool-down has ended by {@code now}.
     *
     * @return how many came back
     */
    public static int restoreDue(Connection c, long itemId, Instant now) throws SQLException {
        int restored = 0;
        for (StandbyProgress p : StandbyTables.progressIn(c, EnumSet.of(StandbyState.VERIFIED, StandbyState.PENDING,
                StandbyState.INCONCLUSIVE))) {
            if (p.retryAt().isEmpty() || p.retryAt().get().isAfter(now)) continue;
            Optional<SourceRecord> s = Sources.byId(c, p.sourceId());
            if (s.isEmpty() || s.get().state() != SourceState.FAILED || s.get().role() != SourceRole.STANDBY) continue;
            if (itemId >= 0 && s.get().itemId() != itemId) continue;
            SourceState back = p.state() == StandbyState.VERIFIED ? SourceState.VALIDATED : SourceState.PENDING;
            Sources.update(c, p.sourceId(), SourceRole.STANDBY, back, Optional.empty(), s.get().tier());
            restored++;
        }
        return restored;
    }
}
