package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import java.util.List;
import java.util.Map;

/**
 * What a fetcher knows of the link to the providers it asks first: how many connections
 * foreground work may use there, and their measured first-byte latency (the slowest of those
 * providers). With one command outstanding per connection the window needs no throughput: the
 * link is full when every connection carries an article, whatever its rate.
 *
 * @param foregroundConnections the connections a foreground fetch may take on the first
 *                              providers asked; 0 when unknown
 * @param samples               articles the estimate is made of; 0 when nothing is measured yet
 */
public record Pipe(int foregroundConnections, int samples, double firstByteNanos) {

    /** A fetcher that knows nothing of its connections. */
    public static final Pipe UNKNOWN = new Pipe(0, 0, 0);

    /**
     * The pipe of the first tier that has a provider not demoted at {@code now} (the providers a
     * foreground fetch asks first); the first tier whole when every provider there is demoted.
     */
    static Pipe of(List<List<ConnectionPool>> tiers, Map<ConnectionPool, ProviderMeter> meters, long now) {
        for (List<ConnectionPool> tier : tiers) {
            Pipe pipe = of(tier, meters, now, true);
            if (pipe.foregroundConnections() > 0) return pipe;
        }
        return tiers.isEmpty() ? UNKNOWN : of(tiers.getFirst(), meters, now, false);
    }

    private static Pipe of(List<ConnectionPool> tier, Map<ConnectionPool, ProviderMeter> meters, long now,
                           boolean skipDemoted) {
        int connections = 0;
        int samples = 0;
        double firstByte = 0;
        for (ConnectionPool p : tier) {
            ProviderMeter meter = meters.get(p);
            if (skipDemoted && meter.demotedAt(now)) continue;
            connections += p.capacity(Priority.FOREGROUND);
            LatencyEstimate.Snapshot s = meter.estimate();
            if (s.samples() == 0) continue;
            samples += s.samples();
            firstByte = Math.max(firstByte, s.firstByteNanos());
        }
        return new Pipe(connections, samples, firstByte);
    }
}
