package io.nzbmount.nntp.embedded;

import java.time.Duration;

/**
 * A fault the embedded server injects into its answer to an article command (BODY, ARTICLE,
 * HEAD, STAT). Immutable values; switch them on and off with {@link Faults}.
 */
public sealed interface ArticleFault {

    /** Answer 430 as if the article did not exist (all article commands). */
    record Missing() implements ArticleFault {}

    /** Send nothing for {@code millis} before answering, or until released when negative (all article commands). */
    record Stall(long millis) implements ArticleFault {}

    /** Send the response at about {@code bytesPerSecond} (BODY, ARTICLE, HEAD). */
    record Trickle(int bytesPerSecond) implements ArticleFault {
        public Trickle {
            if (bytesPerSecond < 1) throw new IllegalArgumentException("bytesPerSecond must be >= 1");
        }
    }

    /** Send the first {@code bytes} bytes of the response, then reset the connection with RST (BODY, ARTICLE, HEAD). */
    record ResetAfter(int bytes) implements ArticleFault {}

    /** Flip one encoded data byte of the body so its CRC32 no longer matches (BODY, ARTICLE). */
    record CorruptData() implements ArticleFault {}

    /** Answer 503 (a server-side failure) instead of the article (all article commands). */
    record ServiceError() implements ArticleFault {}

    static ArticleFault missing() {
        return new Missing();
    }

    static ArticleFault stall(Duration duration) {
        return new Stall(duration.toMillis());
    }

    static ArticleFault stallUntilReleased() {
        return new Stall(-1);
    }

    static ArticleFault trickle(int bytesPerSecond) {
        return new Trickle(bytesPerSecond);
    }

    static ArticleFault resetAfter(int bytes) {
        return new ResetAfter(bytes);
    }

    static ArticleFault corruptData() {
        return new CorruptData();
    }

    static ArticleFault serviceError() {
        return new ServiceError();
    }

    /** Whether this fault changes the answer to a command that returns no article text (STAT). */
    default boolean appliesToStat() {
        return this instanceof Missing || this instanceof Stall || this instanceof ServiceError;
    }
}
