package io.nzbmount.server.sabnzbd;

import java.util.Map;
import java.util.Optional;

/** SABnzbd's priority numbers and the words its queue shows them as. */
final class Priorities {

    private static final Map<Integer, String> WORDS =
            Map.of(-100, "Default", -2, "Paused", -1, "Low", 0, "Normal", 1, "High", 2, "Force");

    private Priorities() {}

    /** The priority asked, {@code -100} (the category's default) when none. */
    static int parse(Optional<String> raw) throws SabException {
        if (raw.isEmpty()) return -100;
        try {
            int p = Integer.parseInt(raw.get());
            if (WORDS.containsKey(p)) return p;
        } catch (NumberFormatException e) {
            // answered below, with the numbers that are allowed
        }
        throw new SabException("priority must be one of -100 (default), -2 (paused), -1 (low), 0 (normal), 1 (high)"
                + " or 2 (force), got '" + SabRequest.shorten(raw.get()) + "'");
    }

    /** The word of a priority number (Normal for the default: a job is never held back here). */
    static String word(int priority) {
        return priority == -100 ? "Normal" : WORDS.get(priority);
    }
}
