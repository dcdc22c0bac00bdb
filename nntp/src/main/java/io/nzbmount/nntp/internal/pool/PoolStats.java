package io.nzbmount.nntp.internal.pool;

/**
 * A consistent snapshot of one provider's pool, for health reports and tests.
 *
 * @param provider            the provider's name
 * @param open                connections that exist (leased + idle + connecting)
 * @param idle                connections waiting to be lent
 * @param leased              connections carrying at least one command (or lent and not yet used)
 * @param places              places lent on those connections: commands in flight, being
 *                            drained, or about to be sent (more than {@code leased} when pipelining)
 * @param foregroundWaiting   foreground borrowers waiting for a connection
 * @param backgroundWaiting   background borrowers waiting for a connection
 * @param coolDown            why the provider is being skipped now, or null when it is not
 * @param coolDownLeftMillis  how much longer it is skipped (0 when it is not)
 */
public record PoolStats(
        String provider,
        int open,
        int idle,
        int leased,
        int places,
        int foregroundWaiting,
        int backgroundWaiting,
        CoolDownReason coolDown,
        long coolDownLeftMillis) {}
