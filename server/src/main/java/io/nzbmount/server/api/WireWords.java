package io.nzbmount.server.api;

import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.StandbyState;

/**
 * The words the API's JSON sends for stored states, the only place they are spelled for clients
 * (the web UI, the Kodi add-on, scripts): they stay as clients know them, whatever the code calls
 * the states. A verified source is {@code validated} and a proof under way {@code validating}.
 * Stateless.
 */
final class WireWords {
    private WireWords() {}

    /** A source's {@code state}: ready, pending, validated, failed or dead. */
    static String of(SourceState state) {
        return switch (state) {
            case READY -> "ready";
            case PENDING -> "pending";
            case VERIFIED -> "validated";
            case FAILED -> "failed";
            case DEAD -> "dead";
        };
    }

    /** A standby's proof {@code state}: pending, validating, verified, mismatch, inconclusive or dead. */
    static String of(StandbyState state) {
        return switch (state) {
            case PENDING -> "pending";
            case PROVING -> "validating";
            case VERIFIED -> "verified";
            case MISMATCH -> "mismatch";
            case INCONCLUSIVE -> "inconclusive";
            case DEAD -> "dead";
        };
    }
}
