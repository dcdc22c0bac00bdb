package io.nzbmount.server.archive;

/**
 * An archive that cannot be served, found while reading its headers. Carries the kind of refusal;
 * the message says what is wrong and where, so it can be shown to the user as it is.
 */
final class ArchiveException extends Exception {
    private final Refusal.Reason reason;

    ArchiveException(Refusal.Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    Refusal.Reason reason() {
        return reason;
    }

    Refusal refusal() {
        return new Refusal(reason, getMessage());
    }

    static ArchiveException damaged(String message) {
        return new ArchiveException(Refusal.Reason.DAMAGED, message);
    }
}
