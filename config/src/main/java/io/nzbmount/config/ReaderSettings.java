package io.nzbmount.config;

import java.time.Duration;
import java.util.List;

/**
 * How sources are read from the providers. The read timeout is a budget of deadlines, not one
 * number: docs/configuration.md (reader) gives the defaults and why.
 *
 * @param readAheadArticles          the most articles fetched ahead of a playing position, 1..64;
 *                                   the window is sized from the measured link below it
 * @param connectTimeoutSeconds      the longest a TCP connect and TLS handshake may take
 * @param firstByteTimeoutMillis     the longest a reply's first byte may take (the greeting's too)
 * @param betweenBytesTimeoutMillis  the longest a reply may go without a byte once it started
 * @param fetchBudgetMillis          the longest one article fetch may take, retries included
 * @param retryBackoffMillis         the waits before each retry of a transient failure; the number
 *                                   of entries is the most retries
 * @param pipelineDepth              the most commands one connection carries at once for playback,
 *                                   1..8; 1 sends one at a time
 */
public record ReaderSettings(
        int readAheadArticles,
        int connectTimeoutSeconds,
        int firstByteTimeoutMillis,
        int betweenBytesTimeoutMillis,
        int fetchBudgetMillis,
        List<Long> retryBackoffMillis,
        int pipelineDepth) {
    public static final int DEFAULT_READ_AHEAD_ARTICLES = 64;
    public static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 3;
    public static final int DEFAULT_FIRST_BYTE_TIMEOUT_MILLIS = 1500;
    public static final int DEFAULT_BETWEEN_BYTES_TIMEOUT_MILLIS = 1000;
    public static final int DEFAULT_FETCH_BUDGET_MILLIS = 5000;
    public static final List<Long> DEFAULT_RETRY_BACKOFF_MILLIS = List.of(500L, 1500L, 3000L);
    public static final int DEFAULT_PIPELINE_DEPTH = 4;

    public ReaderSettings {
        retryBackoffMillis = List.copyOf(retryBackoffMillis);
    }

    /** With the default {@link #pipelineDepth()}. */
    public ReaderSettings(
            int readAheadArticles,
            int connectTimeoutSeconds,
            int firstByteTimeoutMillis,
            int betweenBytesTimeoutMillis,
            int fetchBudgetMillis,
            List<Long> retryBackoffMillis) {
        this(
                readAheadArticles,
                connectTimeoutSeconds,
                firstByteTimeoutMillis,
                betweenBytesTimeoutMillis,
                fetchBudgetMillis,
                retryBackoffMillis,
                DEFAULT_PIPELINE_DEPTH);
    }

    public static ReaderSettings defaults() {
        return new ReaderSettings(
                DEFAULT_READ_AHEAD_ARTICLES,
                DEFAULT_CONNECT_TIMEOUT_SECONDS,
                DEFAULT_FIRST_BYTE_TIMEOUT_MILLIS,
                DEFAULT_BETWEEN_BYTES_TIMEOUT_MILLIS,
                DEFAULT_FETCH_BUDGET_MILLIS,
                DEFAULT_RETRY_BACKOFF_MILLIS,
                DEFAULT_PIPELINE_DEPTH);
    }

    public Duration connectTimeout() {
        return Duration.ofSeconds(connectTimeoutSeconds);
    }

    public Duration firstByteTimeout() {
        return Duration.ofMillis(firstByteTimeoutMillis);
    }

    public Duration betweenBytesTimeout() {
        return Duration.ofMillis(betweenBytesTimeoutMillis);
    }

    public Duration fetchBudget() {
        return Duration.ofMillis(fetchBudgetMillis);
    }

    public List<Duration> retryBackoff() {
        return retryBackoffMillis.stream().map(Duration::ofMillis).toList();
    }
}
