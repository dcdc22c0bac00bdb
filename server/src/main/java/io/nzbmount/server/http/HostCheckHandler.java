package io.nzbmount.server.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A defence against DNS rebinding, in front of everything else: a request is answered only when
 * its {@code Host} header names this server by a name the user chose. A page on
 * {@code evil.example}, whose name the attacker points at 127.0.0.1 after the page loaded, is
 * same-origin to itself and could read every answer; its requests name {@code evil.example},
 * and this refuses them with a 403 that says which setting allows a name.
 *
 * <p>Allowed: any IP address (a name that is an address cannot be rebound), {@code localhost}
 * and the names below it ({@code *.localhost}, which browsers keep on loopback), the bind name
 * when it is a host name, and the configured names ({@code server.allowedHosts}: exact, or
 * {@code *.example.lan} for the names below {@code example.lan}). Names are compared without case
 * and without the port. A request without {@code Host} (HTTP/1.0) comes from no browser and is
 * let through. Stateless and thread safe.
 */
public final class HostCheckHandler extends Handler.Wrapper {

    /** The setting named in the refusal. */
    public static final String SETTING = "server.allowedHosts";

    private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");

    private final List<String> names;

    /**
     * @param bind         the address the server listens on; allowed when it is a host name
     * @param allowedHosts the configured names, lower case
     */
    public HostCheckHandler(String bind, List<String> allowedHosts, Handler next) {
        super(next);
        Objects.requireNonNull(bind, "bind");
        this.names = new ArrayList<>(allowedHosts);
        this.names.add(bind.toLowerCase(Locale.ROOT));
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String host = request.getHeaders().get(HttpHeader.HOST);
        if (host != null && !allowed(hostName(host))) {
            throw new HttpProblem.Forbidden(
                    "this server does not answer to the name " + HttpProblem.printable(hostName(host))
                            + " (a defence against DNS rebinding); to reach it by that name, add it to " + SETTING
                            + " in the configuration");
        }
        return super.handle(request, response, callback);
    }

    /** The host of a {@code Host} header value: lower case, without port, an IPv6 literal without brackets. */
    static String hostName(String header) {
        String h = header.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return close < 0 ? h : h.substring(1, close);
        }
        int colon = h.lastIndexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }

    boolean allowed(String host) {
        if (host.isEmpty()) {
            return false;
        }
        if (IPV4.matcher(host).matches() || host.indexOf(':') >= 0) {
            return true;
        }
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        if (name.equals("localhost") || name.endsWith(".localhost")) {
            return true;
        }
        for (String allowed : names) {
            if (allowed.startsWith("*.") ? name.endsWith(allowed.substring(1)) : name.equals(allowed)) {
                return true;
            }
        }
        return false;
    }
}
