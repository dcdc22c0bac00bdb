package io.nzbmount.server.library.importing;

import io.nzbmount.server.archive.Passwords;
import io.nzbmount.server.store.SourcePasswords;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The passwords an import offers for encrypted archives, from the first place that gives any:
 * the import's {@code password} parameter, then {@code {{password}}} at the end of the NZB's
 * name, then the NZB's {@code <meta type="password">} values (several are tried in turn). A
 * secret: {@link #toString()} shows where they came from, never what they are. Immutable.
 *
 * @param candidates the passwords to try, in order
 * @param origin     where they came from
 */
record PasswordOffer(List<String> candidates, Origin origin) {
    PasswordOffer {
        candidates = List.copyOf(candidates);
        Objects.requireNonNull(origin, "origin");
    }

    /** Where a password was given; {@link #word()} is what the store keeps. */
    enum Origin {
        API("api", "the import's password parameter"),
        NAME("name", "{{password}} at the end of the NZB's name"),
        META("meta", "the NZB's <meta type=\"password\">"),
        NONE("none", "nowhere");

        private final String word;
        private final String described;

        Origin(String word, String described) {
            this.word = word;
            this.described = described;
        }

        String word() {
            return word;
        }

        String described() {
            return described;
        }
    }

    static PasswordOffer of(Optional<String> parameter, Optional<String> inName, List<String> meta) {
        Optional<String> p = parameter.filter(s -> !s.isEmpty());
        if (p.isPresent()) return new PasswordOffer(List.of(p.get()), Origin.API);
        if (inName.isPresent()) return new PasswordOffer(List.of(inName.get()), Origin.NAME);
        List<String> m = meta.stream().filter(s -> !s.isEmpty()).distinct().toList();
        return m.isEmpty() ? new PasswordOffer(List.of(), Origin.NONE) : new PasswordOffer(m, Origin.META);
    }

    Passwords passwords() {
        return new Passwords(candidates);
    }

    /** What to store when {@code opened} opened the release's archives. */
    Optional<SourcePasswords.Stored> stored(Optional<String> opened) {
        return opened.map(p -> new SourcePasswords.Stored(p, origin.word()));
    }

    @Override
    public String toString() {
        return "PasswordOffer[" + candidates.size() + " from " + origin.word() + "]";
    }
}
