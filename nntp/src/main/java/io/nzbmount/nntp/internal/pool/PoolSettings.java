package io.nzbmount.nntp.internal.pool;

import java.time.Duration;
import java.util.Objects;

/**
 * Connection and pool timings of one provider. Immutable.
 *
 * @param connectTimeout      the longest a TCP connect and TLS handshake may take
 * @param firstByteTimeout    the longest a reply's first byte (the greeting's too) may take
 * @param betweenBytesTimeout the longest a reply may go without a byte once it has started
 * @param idleTimeout         an idle connection older than this is closed (providers drop idle
 *                            connections themselves, and a dead one costs a failed fetch)
 * @param coolDownFirst       how long a provider is skipped after it rejected the login or
 *                            refused more connections
 * @param coolDownMax         the cool-down doubles with each rejection in a row, up to this
 * @param pipelineDepth       the most commands a foreground borrower may have on one connection at
 *                            once when every connection is in use (pipelining); 1 for one at a time
 */
public record PoolSettings(
        Duration connectTimeout,
        Duration firstByteTimeout,
        Duration betweenBytesTimeout,
        Duration idleTimeout,
        Duration coolDownFirst,
        Duration coolDownMax,
        int pipelineDepth) {

    /** The default {@link #pipelineDepth()}; see docs/configuration.md (reader) for why. */
    public static final int DEFAULT_PIPELINE_DEPTH = io.nzbmount.nntp.Usenet.Settings.DEFAULT_PIPELINE_DEPTH;
    /** The most commands ever sent ahead on one connection. */
    public static final int MAX_PIPELINE_DEPTH = io.nzbmount.nntp.Usenet.Settings.MAX_PIPELINE_DEPTH;

    public PoolSettings {
        if (pipelineDepth < 1 || pipelineDepth > MAX_PIPELINE_DEPTH) {
            throw new IllegalArgumentException("pipelineDepth must be 1.." + MAX_PIPELINE_DEPTH + ": " + pipelineDepth);
        }
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(firstByteTimeout, "firstByteTimeout");
        Objects.requireNonNull(betweenBytesTimeout, "betweenBytesTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(coolDownFirst, "coolDownFirst");
        Objects.requireNonNull(coolDownMax, "coolDownMax");
        if (coolDownMax.compareTo(coolDownFirst) < 0) throw new IllegalArgumentException("coolDownMax < coolDownFirst");
    }

    /** One command per connection at a time: no pipelining. */
    public PoolSettings(
            Duration connectTimeout,
            Duration firstByteTimeout,
            Duration betweenBytesTimeout,
            Duration idleTimeout,
            Duration coolDownFirst,
            Duration coolDownMax) {
        this(connectTimeout, firstByteTimeout, betweenBytesTimeout, idleTimeout, coolDownFirst, coolDownMax, 1);
    }

    /**
     * Connect 3 s, first byte 1.5 s, between bytes 1 s, idle 60 s, cool-down 30 s doubling up to
     * 5 min, {@value #DEFAULT_PIPELINE_DEPTH} commands on a connection (the reasons are in
     * docs/configuration.md, reader section).
     */
    public static PoolSettings defaults() {
        return new PoolSettings(
                Duration.ofSeconds(3),
                Duration.ofMillis(1500),
                Duration.ofSeconds(1),
                Duration.ofSeconds(60),
                Duration.ofSeconds(30),
                Duration.ofMinutes(5),
                DEFAULT_PIPELINE_DEPTH);
    }

    /** These settings with one timeout for a reply's first byte and for the gaps after it. */
    public PoolSettings withReadTimeout(Duration d) {
        return new PoolSettings(connectTimeout, d, d, idleTimeout, coolDownFirst, coolDownMax, pipelineDepth);
    }

    /** These settings with another {@link #pipelineDepth()}. */
    public PoolSettings withPipelineDepth(int depth) {
        return new PoolSettings(
                connectTimeout, firstByteTimeout, betweenBytesTimeout, idleTimeout, coolDownFirst, coolDownMax, depth);
    }
}
