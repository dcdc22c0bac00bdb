package io.nzbmount.server.indexer;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link NewznabClient} talks to its indexer.
 *
 * @param connectTimeout  the most time to open a connection
 * @param requestTimeout  the most time for a whole answer, from sending the request to its last byte
 * @param maxAnswerBytes  the largest search or caps answer read; a larger one is a malformed answer
 * @param maxNzbBytes     the largest NZB downloaded; a larger one is {@link IndexerException.NzbTooLarge}
 * @param json            ask for JSON ({@code o=json}) instead of XML; either is read whatever was asked
 */
public record ClientOptions(
        Duration connectTimeout, Duration requestTimeout, long maxAnswerBytes, long maxNzbBytes, boolean json) {

    /** Connect 10 s, whole answer 30 s, answers up to 16 MiB, NZBs up to 64 MiB, XML. */
    public static final ClientOptions DEFAULTS =
            new ClientOptions(Duration.ofSeconds(10), Duration.ofSeconds(30), 16L << 20, 64L << 20, false);

    public ClientOptions {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (connectTimeout.isNegative()
                || connectTimeout.isZero()
                || requestTimeout.isNegative()
                || requestTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
        if (maxAnswerBytes <= 0 || maxNzbBytes <= 0) throw new IllegalArgumentException("size caps must be positive");
    }

    public ClientOptions withTimeouts(Duration connect, Duration request) {
        return new ClientOptions(connect, request, maxAnswerBytes, maxNzbBytes, json);
    }

    public ClientOptions withMaxNzbBytes(long bytes) {
        return new ClientOptions(connectTimeout, requestTimeout, maxAnswerBytes, bytes, json);
    }

    public ClientOptions withJson(boolean asJson) {
        return new ClientOptions(connectTimeout, requestTimeout, maxAnswerBytes, maxNzbBytes, asJson);
    }
}
