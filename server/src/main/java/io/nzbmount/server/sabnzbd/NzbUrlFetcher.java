package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.http.FetchTargets;
import io.nzbmount.server.library.LibraryImporter;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fetches the NZB of an {@code addurl}. The URL comes from a caller with the API key, but it makes
 * this server send a request, so it must not reach what only this machine can: http and https only,
 * no login in the URL, and no host that resolves to a loopback, link-local (cloud metadata),
 * wildcard or multicast address (hosts on the LAN stay allowed: indexers and their proxies live
 * there). Redirects are followed by hand, at most {@value #MAX_REDIRECTS}, each checked the same
 * way. The body is cut off past {@link LibraryImporter#MAX_NZB_BYTES}. Thread safe.
 */
final class NzbUrlFetcher {

    static final int MAX_REDIRECTS = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern FILENAME = Pattern.compile("filename\\*?=(?:UTF-8'')?\"?([^\";]+)\"?",
            Pattern.CASE_INSENSITIVE);

    /** What may be asked for: a check of the addresses a host resolves to. */
    interface AddressPolicy {
        /** Throws when the host may not be asked. */
        void check(String host) throws SabException;
    }

    /** The fetched NZB and the file name the server gave it, if any. */
    record Fetched(byte[] bytes, Optional<String> fileName) {
    }

    /** Refuses hosts that resolve to loopback, link-local, wildcard or multicast addresses ({@link FetchTargets}). */
    static final AddressPolicy PUBLIC_AND_LAN = host -> {
        Optional<String> refusal = FetchTargets.refusal(host, false);
        if (refusal.isPresent()) throw new SabException("addurl: " + refusal.get());
    };

    private final HttpClient http;
    private final AddressPolicy policy;

    NzbUrlFetcher(AddressPolicy policy) {
        this.policy = policy;
        this.http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(TIMEOUT).build();
    }

    Fetched fetch(String raw) throws SabException {
        URI uri = checked(raw);
        for (int hop = 0; ; hop++) {
            HttpResponse<InputStream> response;
            try {
                response = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
                        HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                throw new SabException("addurl: the NZB could not be fetched: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SabException("addurl: interrupted");
            }
            int status = response.statusCode();
            if (status >= 300 && status < 400 && response.headers().firstValue("Location").isPresent()) {
                close(response);
                if (hop >= MAX_REDIRECTS) throw new SabException("addurl: more than " + MAX_REDIRECTS + " redirects");
                uri = checked(uri.resolve(response.headers().firstValue("Location").get()).toString());
                continue;
            }
            if (status != 200) {
                close(response);
                throw new SabException("addurl: the server answered HTTP " + status);
            }
            return new Fetched(body(response), response.headers().firstValue("Content-Disposition")
                    .map(FILENAME::matcher).filter(Matcher::find).map(m -> m.group(1)));
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
        policy.check(uri.getHost());
        return uri;
    }

    private static byte[] body(HttpResponse<InputStream> response) throws SabException {
        int max = LibraryImporter.MAX_NZB_BYTES;
        try (InputStream in = response.body()) {
            byte[] bytes = in.readNBytes(max + 1);
            if (bytes.length > max) throw new SabException("addurl: the NZB is larger than " + max + " bytes");
            return bytes;
        } catch (IOException e) {
            throw new SabException("addurl: the NZB could not be read: " + e.getMessage());
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
