package io.nzbmount.server.store;

import java.util.Objects;

/**
 * Something a source holds that cannot be served, with why.
 *
 * @param name    the archive or the file inside it
 * @param reason  the kind of refusal, a lower-case word (e.g. {@code compressed})
 * @param message a sentence for the user
 */
public record RefusalRecord(String name, String reason, String message) {
    public RefusalRecord {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
    }
}
