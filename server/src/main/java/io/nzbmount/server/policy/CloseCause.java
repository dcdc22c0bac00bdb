package io.nzbmount.server.policy;

import java.util.Locale;

/**
 * Why the failure policy ended a response, as a type: what the item's problem says and whether
 * there is one. Only {@link #NO_SOURCE} says {@link FailurePolicy#NO_STABLE_SOURCE}.
 */
public enum CloseCause {
    /** No source could serve the bytes: none was eligible and proved, or the round's cutovers were spent. */
    NO_SOURCE(FailurePolicy.NO_STABLE_SOURCE),
    /** No Usenet provider could be asked for longer than the policy waits (logins, connection limits). */
    PROVIDERS("No Usenet provider can be reached right now."),
    /** The source failed while automatic cutover is off. */
    CUTOVER_OFF("Playback stopped: the release failed and automatic cutover is off."),
    /** The release the user chose keeps failing; it is never left automatically for that. */
    CHOSEN_SOURCE("The release you chose keeps failing: choose another one or let NZBMount choose."),
    /** A read failed in a way the policy does not know. */
    READ_ERROR("Playback stopped on an unexpected read error."),
    /** The player went away: nothing is wrong with the item. */
    CLIENT_LEFT("The player stopped reading.");

    private final String message;

    CloseCause(String message) {
        this.message = message;
    }

    /** What the item's problem says, for the user. */
    public String message() {
        return message;
    }

    /** Whether the item keeps this as its problem (a player that left is none). */
    public boolean problem() {
        return this != CLIENT_LEFT;
    }

    /** The word used in events and JSON: {@code no-source}, {@code providers}, ... */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The cause with this {@link #word()}; {@link #NO_SOURCE} for an unknown one (rows stored before causes were). */
    public static CloseCause ofWord(String word) {
        for (CloseCause c : values()) {
            if (c.word().equals(word)) return c;
        }
        return NO_SOURCE;
    }
}
