package io.nzbmount.server.store;

import java.util.Locale;

/** What a source is to its item: the one being played, or one kept ready to take over. */
public enum SourceRole {
    PRIMARY,
    STANDBY;

    /** The lower-case word stored in the database and shown by the API. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    static SourceRole ofWord(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }
}
