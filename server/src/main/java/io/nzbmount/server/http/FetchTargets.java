package io.nzbmount.server.http;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Which hosts this server may send a request to when a URL comes from a configured indexer (its
 * download link or a redirect): none that resolves to a loopback, link-local (cloud metadata),
 * wildcard or multicast address. Hosts on the LAN stay allowed: the user configured the indexer,
 * and indexers and their proxies live there. ({@code addurl} is stricter; see
 * {@link LocalAddress}.) Stateless and thread safe; resolving blocks.
 */
public final class FetchTargets {

    private FetchTargets() {}

    /**
     * Why {@code host} may not be asked; empty when it may. {@code ownHost}: the host is one the
     * user configured (an indexer's own), so only link-local addresses are refused.
     */
    public static Optional<String> refusal(String host, boolean ownHost) {
        InetAddress[] all;
        try {
            all = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return Optional.of("the host " + host + " is not known");
        }
        for (InetAddress a : all) {
            if (a.isLinkLocalAddress()
                    || !ownHost && (a.isLoopbackAddress() || a.isAnyLocalAddress() || a.isMulticastAddress())) {
                return Optional.of(host + " is an address of this machine or its link (" + a.getHostAddress()
                        + "); NZBMount fetches only from other hosts");
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code target} is at the same place as {@code own}: the same port (the scheme's
     * default when none is given) and the same host name, or two names of this machine.
     */
    public static boolean sameHost(URI own, URI target) {
        if (own.getHost() == null || target.getHost() == null || port(own) != port(target)) return false;
        if (own.getHost().toLowerCase(Locale.ROOT).equals(target.getHost().toLowerCase(Locale.ROOT))) return true;
        return loopbackOnly(own.getHost()) && loopbackOnly(target.getHost());
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) return uri.getPort();
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** Whether {@code host} resolves to loopback addresses only; false when it does not resolve. */
    public static boolean loopbackOnly(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()) return false;
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
