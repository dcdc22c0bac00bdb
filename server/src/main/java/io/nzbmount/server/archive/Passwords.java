package io.nzbmount.server.archive;

import java.util.List;
import java.util.Optional;

/**
 * The passwords a release offers for its encrypted archives, tried in turn, and the one that
 * opened an archive, once one did. A password is a secret: {@link #toString()} never shows it.
 * Not thread-safe: one scan uses it.
 */
public final class Passwords {
    private final List<String> candidates;
    private String opened;

    public Passwords(List<String> candidates) {
        this.candidates = List.copyOf(candidates);
    }

    /** No password given. */
    public static Passwords none() {
        return new Passwords(List.of());
    }

    /** Those to try, the one that opened an archive first. */
    List<String> toTry() {
        if (opened == null) return candidates;
        java.util.ArrayList<String> out = new java.util.ArrayList<>(List.of(opened));
        candidates.stream().filter(c -> !c.equals(opened)).forEach(out::add);
        return out;
    }

    boolean given() {
        return !candidates.isEmpty();
    }

    void opened(String password) {
        if (opened == null) opened = password;
    }

    /** The password that opened an archive of the release. */
    public Optional<String> opened() {
        return Optional.ofNullable(opened);
    }

    /** A password that opened something, kept without ever showing it. */
    record Opened(String password) {
        @Override
        public String toString() {
            return "Opened[(hidden)]";
        }
    }

    @Override
    public String toString() {
        return "Passwords[" + candidates.size() + " given" + (opened != null ? ", one opened" : "") + "]";
    }
}
