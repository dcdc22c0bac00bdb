package io.nzbmount.server.indexer;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * A search, caps request or NZB download that did not give a usable answer. The subtype says why;
 * it is decided once, where the answer is read (by the Newznab error code, else by the HTTP status
 * or the kind of I/O failure), and callers act on the type, never on the message.
 *
 * <p>Messages name the indexer and say what happened in plain words. They never contain the API
 * key: they are built from redacted text only, and no exception from a lower layer is attached as
 * a cause (its message may quote a URL or an answer holding the key).
 */
public abstract sealed class IndexerException extends Exception {
    private final String indexer;
    private final int newznabCode;

    private IndexerException(String indexer, int newznabCode, String message) {
        super("indexer '" + indexer + "': " + message);
        this.indexer = Objects.requireNonNull(indexer, "indexer");
        this.newznabCode = newznabCode;
    }

    /** The configured name of the indexer. */
    public String indexer() {
        return indexer;
    }

    /** The Newznab error code the indexer answered with, if the failure came as one. */
    public OptionalInt newznabCode() {
        return newznabCode > 0 ? OptionalInt.of(newznabCode) : OptionalInt.empty();
    }

    /**
     * Whether the same request may succeed later without anyone changing anything (a timeout, a
     * busy or rate-limited indexer, a garbled answer). False for a rejected key, a request the
     * indexer does not accept, and an NZB that is gone or too large.
     */
    public abstract boolean isTransient();

    /** The indexer rejected the API key or the account (codes 100, 101, 102; HTTP 401, 403). */
    public static final class CredentialsRejected extends IndexerException {
        CredentialsRejected(String indexer, int code, String message) {
            super(indexer, code, message);
        }

        @Override
        public boolean isTransient() {
            return false;
        }
    }

    /** The account's API or download quota is used up (codes 500, 501; HTTP 429). */
    public static final class LimitReached extends IndexerException {
        LimitReached(String indexer, int code, String message) {
            super(indexer, code, message);
        }

        @Override
        public boolean isTransient() {
            return true;
        }
    }

    /**
     * The indexer does not accept the request: a missing or wrong parameter, a function it does
     * not have (codes 200-203; HTTP 400, 404 on the API URL and other 4xx). Usually a wrong URL.
     */
    public static final class BadRequest extends IndexerException {
        BadRequest(String indexer, int code, String message) {
            super(indexer, code, message);
        }

        @Override
        public boolean isTransient() {
            return false;
        }
    }

    /**
     * The indexer could not be reached or did not answer in time, or reported a failure of its own
     * (codes 900, 910 and unknown codes; HTTP 5xx; connect and request timeouts, refused or reset
     * connections).
     */
    public static final class Unavailable extends IndexerException {
        Unavailable(String indexer, int code, String message) {
            super(indexer, code, message);
        }

        @Override
        public boolean isTransient() {
            return true;
        }
    }

    /** The answer was not a Newznab answer: not XML or JSON, cut short, an HTML page, refused XML. */
    public static final class MalformedAnswer extends IndexerException {
        MalformedAnswer(String indexer, String message) {
            super(indexer, 0, message);
        }

        @Override
        public boolean isTransient() {
            return true;
        }
    }

    /**
     * The NZB is gone for good: the download link answered 404 or 410, or the indexer answered
     * code 300 (no such item). A candidate whose NZB is gone is dead.
     */
    public static final class NzbGone extends IndexerException {
        NzbGone(String indexer, int code, String message) {
            super(indexer, code, message);
        }

        @Override
        public boolean isTransient() {
            return false;
        }
    }

    /** The NZB is larger than the configured cap; it was not read to the end. */
    public static final class NzbTooLarge extends IndexerException {
        NzbTooLarge(String indexer, String message) {
            super(indexer, 0, message);
        }

        @Override
        public boolean isTransient() {
            return false;
        }
    }

    /**
     * A download link or a redirect named a place this server does not ask: an address of this
     * machine or its link that is not the indexer's own host. Nothing was sent there.
     */
    public static final class RefusedTarget extends IndexerException {
        RefusedTarget(String indexer, String message) {
            super(indexer, 0, message);
        }

        @Override
        public boolean isTransient() {
            return false;
        }
    }
}
