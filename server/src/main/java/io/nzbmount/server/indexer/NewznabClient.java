package io.nzbmount.server.indexer;

import io.nzbmount.config.IndexerSettings;
import io.nzbmount.server.http.FetchTargets;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Talks Newznab to one indexer (NZBHydra2, Prowlarr or an indexer itself): searches, capabilities
 * and NZB downloads.
 *
 * <p>Calls block the caller's thread (meant to be a virtual thread) until the answer is complete,
 * the request timeout passes, or the thread is interrupted; each is bounded by
 * {@link ClientOptions#requestTimeout()} from start to last byte. Thread safe: many callers may use
 * one client at once. Close it to release its HTTP client.
 *
 * <p>The API URL is the configured URL with {@code /api} appended to its path unless the path
 * already ends in {@code /api}; Prowlarr's per-indexer URLs ({@code http://host:9696/1/}) and
 * NZBHydra2's ({@code http://host:5076}) both work that way.
 *
 * <p>Redirects are followed by hand, at most {@value #MAX_REDIRECTS}, never from https to http, and
 * every URL asked (a download link as the indexer gave it, each redirect) is checked first: the
 * indexer's own host (the host and port of its configured URL) may be asked, any other only when it
 * is no address of this machine ({@link FetchTargets}); a link-local address never. An indexer
 * cannot make this server reach loopback services that way, and no error quotes what such a
 * target answered.
 *
 * <p>The API key goes into request URLs only. Every URL this class shows (messages, logs,
 * {@link #toString()}) has it masked.
 */
public final class NewznabClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NewznabClient.class);
    private static final String USER_AGENT = "NZBMount";
    static final int MAX_REDIRECTS = 5;

    private final IndexerSettings settings;
    private final ClientOptions options;
    private final Failures failures;
    private final String apiBase;
    private final HttpClient http;

    public NewznabClient(IndexerSettings settings, ClientOptions options) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.options = Objects.requireNonNull(options, "options");
        this.failures = new Failures(settings.name(), new Redactor(settings.apiKey()));
        this.apiBase = apiBase(settings.url());
        this.http = HttpClient.newBuilder()
                .connectTimeout(options.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** The configured name of the indexer. */
    public String name() {
        return settings.name();
    }

    /** Searches the indexer. */
    public SearchPage search(SearchQuery query) throws IndexerException {
        FeedNode root = api(query.parameters());
        try {
            return FeedReader.searchPage(root, name());
        } catch (UnreadableAnswer e) {
            throw failures.malformed(e.getMessage());
        }
    }

    /** Asks what the indexer supports ({@code t=caps}); also a cheap check of URL and key. */
    public Capabilities caps() throws IndexerException {
        FeedNode root = api(Map.of("t", "caps"));
        try {
            return FeedReader.capabilities(root);
        } catch (UnreadableAnswer e) {
            throw failures.malformed(e.getMessage());
        }
    }

    /**
     * Downloads a result's NZB, following redirects (never from https to http), each URL checked
     * as the class says. The bytes are
     * returned as the indexer sent them, after checking that they start like an NZB; the caller
     * owns the array.
     *
     * @throws IllegalArgumentException when the result came from another indexer
     * @throws IndexerException {@link IndexerException.NzbGone} for 404, 410 or code 300,
     *         {@link IndexerException.NzbTooLarge} past {@link ClientOptions#maxNzbBytes()}, and the
     *         other subtypes as for a search
     */
    public byte[] downloadNzb(SearchResult result) throws IndexerException {
        if (!result.indexer().equals(name())) {
            throw new IllegalArgumentException(
                    "a result of indexer '" + result.indexer() + "' given to '" + name() + "'");
        }
        URI uri;
        try {
            uri = new URI(result.link());
        } catch (URISyntaxException e) {
            throw failures.malformed("the download link is not a valid URL");
        }
        String shown = failures.redact(result.link());
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
            throw failures.malformed("the download link is not an http or https URL: " + shown);
        }
        HttpResponse<byte[]> response = fetch(uri, shown, options.maxNzbBytes(), true);
        byte[] body = response.body();
        Optional<String> root = AnswerParser.rootElement(body);
        if (root.map(r -> r.equals("error")).orElse(false) || AnswerParser.looksLikeJson(body)) {
            throwIfNewznabError(body);
        }
        if (response.statusCode() / 100 != 2) throw failures.httpStatus(response.statusCode(), true, shown);
        if (!root.map(r -> r.equals("nzb")).orElse(false)) {
            // What the link answered is not quoted: the link is the indexer's to choose.
            throw failures.malformed("the download is not an NZB, from " + shown);
        }
        return body;
    }

    @Override
    public void close() {
        http.shutdownNow();
    }

    @Override
    public String toString() {
        return "NewznabClient[name=" + name() + ", api=" + failures.redact(apiBase) + "]";
    }

    private FeedNode api(Map<String, String> parameters) throws IndexerException {
        Map<String, String> all = new LinkedHashMap<>(parameters);
        if (options.json()) all.put("o", "json");
        String shown = apiUrl(all, Redactor.MASK);
        URI uri = URI.create(apiUrl(all, settings.apiKey()));
        HttpResponse<byte[]> response = fetch(uri, shown, options.maxAnswerBytes(), false);
        FeedNode root;
        try {
            root = AnswerParser.parse(response.body());
        } catch (UnreadableAnswer e) {
            if (response.statusCode() / 100 != 2) throw failures.httpStatus(response.statusCode(), false, shown);
            throw failures.malformed(e.getMessage());
        }
        Optional<FeedReader.ErrorAnswer> error = FeedReader.error(root);
        if (error.isPresent())
            throw failures.newznabError(error.get().code(), error.get().description());
        if (response.statusCode() / 100 != 2) throw failures.httpStatus(response.statusCode(), false, shown);
        return root;
    }

    /** A download's Newznab error, classified by its code; its description is not quoted. */
    private void throwIfNewznabError(byte[] body) throws IndexerException {
        try {
            Optional<FeedReader.ErrorAnswer> error = FeedReader.error(AnswerParser.parse(body));
            if (error.isPresent()) throw failures.newznabError(error.get().code(), null);
        } catch (UnreadableAnswer e) {
            // Not a readable error answer: the status and the NZB check that follow classify it.
        }
    }

    /** GETs {@code first}, following redirects by hand; each URL asked is checked first. */
    private HttpResponse<byte[]> fetch(URI first, String shown, long cap, boolean download) throws IndexerException {
        long deadline = System.nanoTime() + options.requestTimeout().toNanos();
        URI uri = first;
        for (int hop = 0; ; hop++) {
            checkTarget(uri, shown);
            HttpResponse<byte[]> response = fetchOnce(uri, shown, cap, download, deadline);
            int status = response.statusCode();
            Optional<String> location = response.headers().firstValue("Location");
            if (status < 300 || status >= 400 || status == 304 || location.isEmpty()) return response;
            if (hop >= MAX_REDIRECTS) {
                throw failures.malformed("more than " + MAX_REDIRECTS + " redirects from " + shown);
            }
            URI next;
            try {
                next = uri.resolve(new URI(location.get().strip()));
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw failures.malformed("a redirect from " + shown + " names no valid URL");
            }
            String scheme = next.getScheme() == null ? "" : next.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")
                    || uri.getScheme().equalsIgnoreCase("https") && scheme.equals("http")) {
                throw failures.malformed("a redirect from " + shown + " leaves https or http");
            }
            uri = next;
        }
    }

    /** Refuses a URL this client must not ask (see the class). */
    private void checkTarget(URI uri, String shown) throws IndexerException {
        if (uri.getHost() == null) throw failures.malformed("the URL asked from " + shown + " has no host");
        boolean own = FetchTargets.sameHost(settings.url(), uri);
        Optional<String> refusal = FetchTargets.refusal(uri.getHost(), own);
        if (refusal.isPresent()) {
            throw new IndexerException.RefusedTarget(
                    name(), "a link or redirect of the indexer (" + shown + ") was not followed: " + refusal.get());
        }
    }

    private HttpResponse<byte[]> fetchOnce(URI uri, String shown, long cap, boolean download, long deadline)
            throws IndexerException {
        Duration limit = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(limit)
                .header("User-Agent", USER_AGENT)
                .GET()
                .build();
        LOG.debug("indexer {}: GET {}", name(), failures.redact(uri.toString()));
        CompletableFuture<HttpResponse<byte[]>> pending = http.sendAsync(request, CappedBody.handler(cap));
        try {
            return pending.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw failures.timeout(shown, options.requestTimeout());
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw failures.interrupted(shown);
        } catch (ExecutionException e) {
            for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
                if (t instanceof CappedBody.TooLarge) {
                    if (download) throw failures.tooLarge(shown, cap);
                    throw failures.malformed("the answer is larger than " + cap + " bytes");
                }
            }
            if (e.getCause() instanceof IOException io) throw failures.io(shown, io);
            throw new IndexerException.Unavailable(
                    name(),
                    0,
                    "the request to " + shown + " failed ("
                            + (e.getCause() == null
                                    ? "unknown"
                                    : e.getCause().getClass().getSimpleName()) + ")");
        }
    }

    private String apiUrl(Map<String, String> parameters, String key) {
        StringBuilder url = new StringBuilder(apiBase).append(apiBase.contains("?") ? '&' : '?');
        for (Map.Entry<String, String> p : parameters.entrySet()) {
            url.append(p.getKey()).append('=').append(encode(p.getValue())).append('&');
        }
        return url.append("apikey=").append(encode(key)).toString();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The configured URL with {@code /api} appended to its path unless it already ends there. */
    static String apiBase(URI url) {
        String path = url.getRawPath() == null ? "" : url.getRawPath();
        while (path.endsWith("/")) path = path.substring(0, path.length() - 1);
        if (!path.endsWith("/api")) path = path + "/api";
        String query = url.getRawQuery() == null ? "" : "?" + url.getRawQuery();
        return url.getScheme() + "://" + url.getRawAuthority() + path + query;
    }
}
