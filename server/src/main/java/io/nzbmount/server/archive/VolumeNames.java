package io.nzbmount.server.archive;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The conventional names of archive volumes, used only where headers do not say the order: a
 * set's base name and a volume's position counted from 0. Pure.
 */
final class VolumeNames {
    private static final Pattern PART = Pattern.compile("(?i)(.*)\\.part(\\d{1,4})\\.rar");
    private static final Pattern RAR = Pattern.compile("(?i)(.*)\\.rar");
    private static final Pattern OLD_STYLE = Pattern.compile("(?i)(.*)\\.([rs])(\\d{2})");
    private static final Pattern SPLIT = Pattern.compile("(.*)\\.(\\d{3})");

    private VolumeNames() {}

    /** A volume name split into the set's base name and the volume's position (0 = first). */
    record Parsed(String base, int position) {
        String key() {
            return base.toLowerCase(Locale.ROOT);
        }
    }

    /** {@code x.part03.rar} is position 2; {@code x.rar} 0, {@code x.r00} 1, {@code x.s00} 101. */
    static Optional<Parsed> rar(String name) {
        Matcher m = PART.matcher(name);
        if (m.matches()) return Optional.of(new Parsed(m.group(1), Math.max(0, Integer.parseInt(m.group(2)) - 1)));
        m = RAR.matcher(name);
        if (m.matches()) return Optional.of(new Parsed(m.group(1), 0));
        m = OLD_STYLE.matcher(name);
        if (m.matches()) {
            int n = Integer.parseInt(m.group(3));
            return Optional.of(new Parsed(m.group(1), m.group(2).equalsIgnoreCase("r") ? n + 1 : n + 101));
        }
        return Optional.empty();
    }

    /** {@code x.7z.001} is position 0 of base {@code x.7z}; {@code x.7z.000} is no split part. */
    static Optional<Parsed> split(String name) {
        Matcher m = SPLIT.matcher(name);
        if (!m.matches()) return Optional.empty();
        int n = Integer.parseInt(m.group(2));
        return n == 0 ? Optional.empty() : Optional.of(new Parsed(m.group(1), n - 1));
    }

    /** The name without its last extension, for sets whose names follow no convention. */
    static String withoutExtension(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
