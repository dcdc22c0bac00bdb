package io.nzbmount.server.observe;

import io.nzbmount.nntp.ProviderHealth;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The server's health at one moment: what {@code GET /api/health} and {@code GET /metrics} show.
 *
 * @param at        when it was taken
 * @param started   when the server started
 * @param version   the server's version
 * @param counters  streams and cutovers
 * @param providers each provider's connections and trouble, by priority
 * @param memory    what the process holds: resident set, heap, direct buffers, threads, descriptors
 */
public record HealthReport(
        Instant at,
        Instant started,
        String version,
        StreamRegistry.Counters counters,
        List<ProviderHealth> providers,
        ProcessMemory memory) {
    public HealthReport {
        providers = List.copyOf(providers);
    }

    public Duration uptime() {
        return Duration.between(started, at);
    }
}
