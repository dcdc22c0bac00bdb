package io.nzbmount.server.sabnzbd;

import io.nzbmount.config.HostPort;
import io.nzbmount.server.http.LocalAddress;
import io.nzbmount.server.library.importing.LibraryImporter;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fetches the NZB of an {@code addurl}. The URL comes from a caller with the API key, but it makes
 * this server send a request, so it must not reach what only this machine or its network can: http
 * and https only, no login in the URL, and no host that resolves to an address of this machine or
 * its own network ({@link LocalAddress}: loopback, private LAN, unique-local, link-local, ...). A
 * host the user named in {@code downloads.allowedNzbHosts} (a self-hosted indexer on this machine or
 * the LAN) is let through by name and port; a name not listed is judged by the addresses it
 * resolves to, whatever is listed. Link-local addresses (cloud metadata) are refused always.
 * Redirects are followed by hand, at most {@value #MAX_REDIRECTS}, each checked the same way. The
 * body is cut off past {@link LibraryImporter#MAX_NZB_BYTES}. Thread safe.
 */
final class NzbUrlFetcher {

    static final int MAX_REDIRECTS = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern FILENAME =
            Pattern.compile("filename\\*?=(?:UTF-8'')?\"?([^\";]+)\"?", Pattern.CASE_INSENSITIVE);

    /** What may be asked for: a check of a URL's host and port and the addresses the host resolves to. */
    interface AddressPolicy {
        /** Throws when the URL's host may not be asked. */
        void check(URI uri) throws SabException;
    }

    /** The fetched NZB and the file name the server gave it, if any. */
    record Fetched(byte[] bytes, Optional<String> fileName) {}

    /** Refuses every host that resolves to an address of this machine or its network. */
    static final AddressPolicy INTERNET_ONLY = allowing(List.of());

    /**
     * {@link #INTERNET_ONLY}, except that a URL whose host and port an entry of {@code allowed}
     * names may also reach this machine and its network (only link-local addresses are refused
     * for it).
     */
    static AddressPolicy allowing(List<HostPort> allowed) {
        List<HostPort> named = List.copyOf(allowed);
        return uri -> {
            boolean listed = named.stream().anyMatch(h -> h.matches(uri));
            String host = uri.getHost();
            InetAddress[] all;
            try {
                all = InetAddress.getAllByName(host);
            } catch (UnknownHostException e) {
                throw new SabException(
                        SabException.Kind.NZB_SERVER_FAILED, "addurl: the host " + host + " is not known");
            }
            for (InetAddress a : all) {
                Optional<String> local = LocalAddress.kind(a);
                if (local.isEmpty() || listed && !a.isLinkLocalAddress()) continue;
                if (listed) {
                    throw new SabException(
                            SabException.Kind.HOST_REFUSED,
                            "addurl: " + host + " resolves to "
                                    + a.getHostAddress() + ", " + local.get() + ", which is never fetched from,"
                                    + " not even when downloads.allowedNzbHosts names the host");
                }
                throw new SabException(
                        SabException.Kind.HOST_REFUSED,
                        "addurl: " + host + " is an address of this"
                                + " machine or its network (" + a.getHostAddress() + ", " + local.get() + "); NZBMount"
                                + " fetches from such a host only when downloads.allowedNzbHosts names it, as the URL writes"
                                + " it (" + example(uri) + ")");
            }
        };
    }

    /** The entry of {@code downloads.allowedNzbHosts} that would let {@code uri} through. */
    private static String example(URI uri) {
        String host = uri.getHost();
        return "'" + host + (uri.getPort() >= 0 ? ":" + uri.getPort() : "") + "'";
    }

    private final HttpClient http;
    private final AddressPolicy policy;

    NzbUrlFetcher(AddressPolicy policy) {
        this.policy = policy;
        this.http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(TIMEOUT)
                .build();
    }

    Fetched fetch(String raw) throws SabException {
        URI uri = checked(raw);
        for (int hop = 0; ; hop++) {
            HttpResponse<InputStream> response;
            try {
                response = http.send(
                        HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
                        HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                throw new SabException(
                        SabException.Kind.NZB_SERVER_FAILED, "addurl: the NZB could not be fetched: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SabException(SabException.Kind.TRY_LATER, "addurl: interrupted");
            }
            int status = response.statusCode();
            if (status >= 300
                    && status < 400
                    && response.headers().firstValue("Location").isPresent()) {
                close(response);
                if (hop >= MAX_REDIRECTS)
                    throw new SabException(
                            SabException.Kind.NZB_SERVER_FAILED, "addurl: more than " + MAX_REDIRECTS + " redirects");
                uri = checked(
                        uri.resolve(response.headers().firstValue("Location").get())
                                .toString());
                continue;
            }
            if (status != 200) {
                close(response);
                throw new SabException(
                        SabException.Kind.NZB_SERVER_FAILED, "addurl: the server answered HTTP " + status);
            }
            return new Fetched(
                    body(response),
                    response.headers()
                            .firstValue("Content-Disposition")
                            .map(FILENAME::matcher)
                            .filter(Matcher::find)
                            .map(m -> m.group(1)));
        }
    }

    private URI checked(String raw) throws SabException {
        URI uri;
        try {
            uri = new URI(raw.strip());
        } catch (URISyntaxException e) {
            throw new SabException("addurl: not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new SabException("addurl: only http:// and https:// URLs are fetched");
        }
        if (uri.getHost() == null) throw new SabException("addurl: the URL has no host");
        if (uri.getRawUserInfo() != null) throw new SabException("addurl: the URL must not carry a login");
        policy.check(uri);
        return uri;
    }

    private static byte[] body(HttpResponse<InputStream> response) throws SabException {
        int max = LibraryImporter.MAX_NZB_BYTES;
        try (InputStream in = response.body()) {
            byte[] bytes = in.readNBytes(max + 1);
            if (bytes.length > max)
                throw new SabException(
                        SabException.Kind.NOT_AN_NZB, "addurl: the NZB is larger than " + max + " bytes");
            return bytes;
        } catch (IOException e) {
            throw new SabException(
                    SabException.Kind.NZB_SERVER_FAILED, "addurl: the NZB could not be read: " + e.getMessage());
        }
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException ignored) {
            // nothing to do: the response is dropped
        }
    }
}
