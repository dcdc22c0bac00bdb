package io.nzbmount.server.http;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Optional;

/**
 * Which addresses belong to this machine or its own network rather than the internet: loopback,
 * wildcard and "this network" (0.0.0.0/8), multicast, link-local (169.254.0.0/16, fe80::/10, where
 * cloud metadata lives), private IPv4 (10/8, 172.16/12, 192.168/16), shared address space
 * (100.64/10, carrier NAT and overlay networks) and IPv6 unique-local (fc00::/7) and site-local
 * (fec0::/10) addresses. An IPv4 address written as IPv6 ({@code ::ffff:10.0.0.1}) is judged as the
 * IPv4 address (Java resolves it to one). Stateless and thread safe.
 */
public final class LocalAddress {

    private LocalAddress() {}

    /** What kind of local address {@code a} is, in words for a message; empty for an address on the internet. */
    public static Optional<String> kind(InetAddress a) {
        if (a.isLinkLocalAddress()) return Optional.of("a link-local address");
        if (a.isLoopbackAddress()) return Optional.of("a loopback address");
        if (a.isAnyLocalAddress()) return Optional.of("the wildcard address");
        if (a.isMulticastAddress()) return Optional.of("a multicast address");
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0) return Optional.of("an address of \"this network\" (0.0.0.0/8)");
            if (a.isSiteLocalAddress()) return Optional.of("a private LAN address");
            if (first == 100 && second >= 64 && second < 128) return Optional.of("a shared address (100.64.0.0/10)");
        } else if (a instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) return Optional.of("a unique-local IPv6 address (a LAN's)");
            if (a.isSiteLocalAddress()) return Optional.of("a site-local IPv6 address (a LAN's)");
        }
        return Optional.empty();
    }
}
