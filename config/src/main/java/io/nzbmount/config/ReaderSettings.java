package io.nzbmount.config;

import java.time.Duration;
import java.util.List;

/**
 * How sources are read from the providers.
 *
 * @param readAheadArticles      articles fetched ahead of a playing position, 1..64
 * @param socketTimeoutSeconds   a read that delivers nothing for this long is a timeout
 * @param connectTimeoutSeconds  the longest wait for a connection to a provider
 * @param retryBackoffMillis     the waits before each retry of a transient failure; the number
 *                               of entries is the number of retries
 */
public record ReaderSettings(int readAheadArticles, int socketTimeoutSeconds, int connectTimeoutSeconds,
                             List<Long> retryBackoffMillis) {
    public static final int DEFAULT_READ_AHEAD_ARTICLES = 8;
    public static final int DEFAULT_SOCKET_TIMEOUT_SECONDS = 30;
    public static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
    public static final List<Long> DEFAULT_RETRY_BACKOFF_MILLIS = List.of(500L, 1500L, 3000L);

    public ReaderSettings {
        retryBackoffMillis = List.copyOf(retryBackoffMillis);
    }

    public static ReaderSettings defaults() {
        return new ReaderSettings(DEFAULT_READ_AHEAD_ARTICLES, DEFAULT_SOCKET_TIMEOUT_SECONDS,
                DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_RETRY_BACKOFF_MILLIS);
    }

    public Duration socketTimeout() {
        return Duration.ofSeconds(socketTimeoutSeconds);
    }

    public Duration connectTimeout() {
        return Duration.ofSeconds(connectTimeoutSeconds);
    }

    public List<Duration> retryBackoff() {
        return retryBackoffMillis.stream().map(Duration::ofMillis).toList();
    }
}
