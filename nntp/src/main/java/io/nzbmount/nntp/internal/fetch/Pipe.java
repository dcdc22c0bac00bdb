package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import java.util.List;
import java.util.Map;

/**
 * What a fetcher knows of the link to the providers it asks first: how many connections
 * foreground work may use there, how many commands each may carry at once, and the measured
 * first-byte latency and per-connection rate (the slowest of those providers).
 *
 * <p>A connection is busy all the time when it has the next command's reply on its way while it
 * receives an article: {@link #commandsPerConnection} of them, one for the article arriving and
 * one more for each article time the round trip lasts. A command queued on a connection waits for
 * the articles before its own, so a connection carries no more than it can answer within
 * {@code queueNanos}: on a slow connection the fetch budget, not the round trip, is what matters.
 *
 * @param foregroundConnections the connections a foreground fetch may take on the first
 *                              providers asked; 0 when unknown
 * @param samples               articles the estimate is made of; 0 when nothing is measured yet
 * @param firstByteNanos        the first-byte latency of a command on an idle connection
 * @param bytesPerSecond        what one connection receives per second inside an article
 * @param depth                 the most commands one connection may carry at once
 * @param queueNanos            the longest the last command queued on a connection may take to
 *                              be answered
 */
public record Pipe(
        int foregroundConnections,
        int samples,
        double firstByteNanos,
        double bytesPerSecond,
        int depth,
        long queueNanos) {

    /** A fetcher that knows nothing of its connections. */
    public static final Pipe UNKNOWN = new Pipe(0, 0, 0, 0, 1, Long.MAX_VALUE);

    /**
     * The commands one connection needs at once to stay busy with articles of {@code partBytes}:
     * 1 plus the round trip in article times, rounded up; at most {@link #depth}, and at most as
     * many as it answers within {@link #queueNanos} (the k-th comes a round trip plus k article
     * times after it was sent); 1 before the rate is measured.
     */
    public int commandsPerConnection(int partBytes) {
        if (depth <= 1 || samples == 0 || bytesPerSecond <= 0) return 1;
        double articleNanos = Math.max(1, partBytes * 1e9 / bytesPerSecond);
        double needed = 1 + Math.ceil(firstByteNanos / articleNanos);
        double answered = Math.floor((queueNanos - firstByteNanos) / articleNanos);
        return (int) Math.max(1, Math.min(depth, Math.min(needed, answered)));
    }

    /**
     * The pipe of the first tier that has a provider not demoted at {@code now} (the providers a
     * foreground fetch asks first); the first tier whole when every provider there is demoted.
     * {@code queueNanos}: see {@link #queueNanos}.
     */
    static Pipe of(
            List<List<ConnectionPool>> tiers, Map<ConnectionPool, ProviderMeter> meters, long now, long queueNanos) {
        for (List<ConnectionPool> tier : tiers) {
            Pipe pipe = of(tier, meters, now, true, queueNanos);
            if (pipe.foregroundConnections() > 0) return pipe;
        }
        return tiers.isEmpty() ? UNKNOWN : of(tiers.getFirst(), meters, now, false, queueNanos);
    }

    private static Pipe of(
            List<ConnectionPool> tier,
            Map<ConnectionPool, ProviderMeter> meters,
            long now,
            boolean skipDemoted,
            long queueNanos) {
        int connections = 0;
        int samples = 0;
        double firstByte = 0;
        double rate = Double.MAX_VALUE;
        int depth = Integer.MAX_VALUE;
        for (ConnectionPool p : tier) {
            ProviderMeter meter = meters.get(p);
            if (skipDemoted && meter.demotedAt(now)) continue;
            connections += p.capacity(Priority.FOREGROUND);
            depth = Math.min(depth, p.depth());
            LatencyEstimate.Snapshot s = meter.estimate();
            if (s.samples() == 0) continue;
            samples += s.samples();
            firstByte = Math.max(firstByte, s.firstByteNanos());
            rate = Math.min(rate, s.bytesPerSecond());
        }
        return new Pipe(
                connections, samples, firstByte, samples == 0 ? 0 : rate, connections == 0 ? 1 : depth, queueNanos);
    }
}
