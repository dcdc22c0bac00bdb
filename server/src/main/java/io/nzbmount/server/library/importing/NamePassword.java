package io.nzbmount.server.library.importing;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * An NZB name split from the password at its end, as SABnzbd and NZBGet write it:
 * {@code Film.2021{{secret}}.nzb} is the name {@code Film.2021} with the password {@code secret}.
 * A name without one is left as it is. A secret: {@link #toString()} does not show it. Immutable.
 *
 * @param name     the name without the password (and without ".nzb" when it had a password)
 * @param password the password, when the name ended with one
 */
public record NamePassword(String name, Optional<String> password) {
    public NamePassword {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(password, "password");
    }

    /** Splits {@code {{password}}} (before an optional ".nzb") off the end of {@code name}. */
    public static NamePassword split(String name) {
        String s = name.strip();
        if (s.toLowerCase(Locale.ROOT).endsWith(".nzb")) s = s.substring(0, s.length() - 4);
        if (!s.endsWith("}}")) return new NamePassword(name, Optional.empty());
        int open = s.lastIndexOf("{{");
        if (open < 0 || open + 2 > s.length() - 2) return new NamePassword(name, Optional.empty());
        String password = s.substring(open + 2, s.length() - 2);
        if (password.isEmpty()) return new NamePassword(name, Optional.empty());
        return new NamePassword(s.substring(0, open).strip(), Optional.of(password));
    }

    @Override
    public String toString() {
        return "NamePassword[name=" + name + ", password=" + (password.isPresent() ? "(hidden)" : "none") + "]";
    }
}
