package io.nzbmount.server.library;

import io.nzbmount.server.archive.Sealing;
import java.util.Optional;

/**
 * The stored text of a {@link SealedSegmentMap}: its {@link Sealing} (no secret) before the
 * text of its run's segment map. Pure.
 */
public final class SealedSegmentMapText {
    private static final String PREFIX = "sealed/";

    private SealedSegmentMapText() {}

    /** A sealed file's map's text as stored. */
    public static String of(Sealing sealing, String runText) {
        return PREFIX + sealing.text() + "/" + runText;
    }

    /** The sealing and the run's map's text of a stored text; empty for a plain file's. */
    static Optional<Parsed> parse(String mapText) {
        if (!mapText.startsWith(PREFIX)) return Optional.empty();
        int slash = mapText.indexOf('/', PREFIX.length());
        if (slash < 0) throw new IllegalArgumentException("a sealed map without its run's map");
        return Optional.of(
                new Parsed(Sealing.parse(mapText.substring(PREFIX.length(), slash)), mapText.substring(slash + 1)));
    }

    record Parsed(Sealing sealing, String runText) {}
}
