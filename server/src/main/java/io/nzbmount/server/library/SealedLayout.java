package io.nzbmount.server.library;

import io.nzbmount.server.archive.Sealing;
import java.util.Optional;

/**
 * The stored layout of a file inside encrypted archive volumes: its {@link Sealing} (no secret)
 * before the reader's layout of its run of ciphertext. Pure.
 */
public final class SealedLayout {
    private static final String PREFIX = "sealed/";

    private SealedLayout() {}

    /** A sealed file's layout as stored. */
    public static String of(Sealing sealing, String runLayout) {
        return PREFIX + sealing.text() + "/" + runLayout;
    }

    /** The sealing and the run's layout of a stored layout; empty for a plain file's. */
    static Optional<Parsed> parse(String layout) {
        if (!layout.startsWith(PREFIX)) return Optional.empty();
        int slash = layout.indexOf('/', PREFIX.length());
        if (slash < 0) throw new IllegalArgumentException("a sealed layout without its run's layout");
        return Optional.of(
                new Parsed(Sealing.parse(layout.substring(PREFIX.length(), slash)), layout.substring(slash + 1)));
    }

    record Parsed(Sealing sealing, String runLayout) {}
}
