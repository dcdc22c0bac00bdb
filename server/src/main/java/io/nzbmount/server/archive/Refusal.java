package io.nzbmount.server.archive;

import java.util.Objects;

/**
 * Why an archive, or one member of it, cannot be served as plain bytes.
 *
 * @param reason  the kind of refusal
 * @param message a sentence for the user that names the archive or member and what is wrong
 */
public record Refusal(Reason reason, String message) {
    public Refusal {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
    }

    /** The kinds of archive that cannot be streamed. */
    public enum Reason {
        /** The member's data is compressed: only stored (method 0, copy) data can be served. */
        COMPRESSED,
        /** A solid archive: a member's data depends on the members before it. */
        SOLID,
        /** The data or the headers are encrypted and no password was given, or the format's encryption is not read. */
        ENCRYPTED,
        /** The data or the headers are encrypted and no password given opens them. */
        WRONG_PASSWORD,
        /** A volume the data runs through is not in the release. */
        MISSING_VOLUME,
        /** The headers contradict themselves or the volumes (bad CRC, sizes that do not add up). */
        DAMAGED,
        /**
         * The volumes' order cannot be known: no volume numbers in the headers, names that follow
         * no volume scheme, no par2 names, and more volumes than the split flags can order.
         */
        UNKNOWN_ORDER,
        /**
         * The volumes contradict each other: a volume posted twice with other contents, parts of
         * one member that disagree on its size or time, or part checksums that do not add up to
         * the member's (volumes of two sets mixed, or in the wrong order).
         */
        CONFLICT,
        /** A format feature this reader does not know. */
        UNSUPPORTED
    }
}
