package io.nzbmount.config;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host named in the configuration, with an optional port: {@code indexer.lan},
 * {@code 192.168.1.20:5076}, {@code [fd00::5]:5076}. Names are kept in lower case, without a final
 * dot; IPv6 addresses without brackets. Immutable.
 *
 * @param host the host name or IP address
 * @param port the port; empty: every port
 */
public record HostPort(String host, OptionalInt port) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern WITH_PORT = Pattern.compile("(.*):(\\d{1,5})");

    /** The entry {@code text} names, or empty when it is no host with an optional port. */
    public static Optional<HostPort> parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        OptionalInt port = OptionalInt.empty();
        String host = t;
        if (t.startsWith("[")) {
            int close = t.indexOf(']');
            if (close < 0) return Optional.empty();
            host = t.substring(1, close);
            String rest = t.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.matches(":\\d{1,5}")) return Optional.empty();
                port = OptionalInt.of(Integer.parseInt(rest.substring(1)));
            }
            if (!isIpv6(host)) return Optional.empty();
        } else if (isIpv6(t)) {
            host = t;
        } else {
            Matcher m = WITH_PORT.matcher(t);
            if (m.matches()) {
                host = m.group(1);
                port = OptionalInt.of(Integer.parseInt(m.group(2)));
            }
            if (host.endsWith(".")) host = host.substring(0, host.length() - 1);
            if (!NAME.matcher(host).matches() || IPV4.matcher(host).matches() && !isIpv4(host)) return Optional.empty();
        }
        if (port.isPresent() && (port.getAsInt() < 1 || port.getAsInt() > 65535)) return Optional.empty();
        return Optional.of(new HostPort(host, port));
    }

    /**
     * Whether {@code uri} names this host (the same name, or the same address written alike) and,
     * when this entry has a port, the same port (the scheme's default when the URI gives none).
     */
    public boolean matches(URI uri) {
        if (uri.getHost() == null) return false;
        Optional<HostPort> target = parse(uri.getHost());
        if (target.isEmpty() || !sameHost(target.get().host)) return false;
        if (port.isEmpty()) return true;
        int p = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        return p == port.getAsInt();
    }

    private boolean sameHost(String other) {
        if (isIpv6(host) && isIpv6(other)) return expanded(host).equals(expanded(other));
        return host.equals(other);
    }

    /** Whether this entry is a link-local address (169.254.0.0/16, fe80::/10): cloud metadata lives there. */
    public boolean linkLocal() {
        if (isIpv4(host)) return host.startsWith("169.254.");
        return isIpv6(host) && expanded(host).matches("fe[89ab][0-9a-f]:.*");
    }

    @Override
    public String toString() {
        String h = isIpv6(host) ? "[" + host + "]" : host;
        return port.isPresent() ? h + ":" + port.getAsInt() : host;
    }

    private static boolean isIpv4(String s) {
        if (!IPV4.matcher(s).matches()) return false;
        for (String part : s.split("\\.")) {
            if (Integer.parseInt(part) > 255) return false;
        }
        return true;
    }

    private static boolean isIpv6(String s) {
        return s.contains(":") && s.matches("[0-9a-f:.]+") && expanded(s) != null;
    }

    /** The eight groups of an IPv6 address, four hex digits each; null when it is none. */
    private static String expanded(String s) {
        String[] halves = s.split("::", -1);
        if (halves.length > 2) return null;
        String[] head = groups(halves[0]);
        String[] tail = halves.length == 2 ? groups(halves[1]) : new String[0];
        if (head == null || tail == null) return null;
        int missing = 8 - head.length - tail.length;
        if (halves.length == 1 && missing != 0 || halves.length == 2 && missing < 1) return null;
        StringBuilder b = new StringBuilder();
        for (String g : head) b.append(g).append(':');
        for (int i = 0; i < (halves.length == 2 ? missing : 0); i++) b.append("0000:");
        for (String g : tail) b.append(g).append(':');
        return b.substring(0, b.length() - 1);
    }

    private static String[] groups(String part) {
        if (part.isEmpty()) return new String[0];
        String[] g = part.split(":", -1);
        for (int i = 0; i < g.length; i++) {
            if (!g[i].matches("[0-9a-f]{1,4}")) return null;
            g[i] = "0".repeat(4 - g[i].length()) + g[i];
        }
        return g;
    }
}
