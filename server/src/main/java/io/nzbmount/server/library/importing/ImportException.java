package io.nzbmount.server.library.importing;

import java.util.Objects;

/**
 * An NZB was not imported. The {@link Reason} is the whole classification (callers decide by it,
 * never by the message); the message says what is wrong in plain words for the user and holds no
 * secret.
 */
public final class ImportException extends Exception {

    /** Why an import was refused, with the HTTP status that answers it. */
    public enum Reason {
        /** Not a usable NZB: not XML, unsafe, no files; the message carries line and column. */
        MALFORMED(400),
        /** Larger than {@link LibraryImporter#MAX_NZB_BYTES}. */
        TOO_LARGE(413),
        /** A standby was added to an item that does not exist. */
        UNKNOWN_ITEM(404),
        /** A standby NZB is already a source of another item, or the standby pool is full. */
        CONFLICT(409),
        /** The NZB is readable but cannot make an item: nothing to show, or its first article is gone. */
        UNPLAYABLE(422),
        /** The providers could not be asked now; trying again later may work. */
        PROVIDERS_UNAVAILABLE(503);

        private final int httpStatus;

        Reason(int httpStatus) {
            this.httpStatus = httpStatus;
        }

        /** The HTTP status an API answers this refusal with. */
        public int httpStatus() {
            return httpStatus;
        }

        /** Whether the same NZB may import later (the refusal is about now, not about the NZB). */
        public boolean transientRefusal() {
            return this == PROVIDERS_UNAVAILABLE;
        }
    }

    private final Reason reason;

    public ImportException(Reason reason, String message) {
        this(reason, message, null);
    }

    public ImportException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Reason reason() {
        return reason;
    }
}
