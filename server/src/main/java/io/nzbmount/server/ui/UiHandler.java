package io.nzbmount.server.ui;

import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.webui.WebUi;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Serves the browser UI's static files from the class path ({@link WebUi}): {@code /} is
 * {@code index.html}, {@code /app.js} the file of that name. The UI routes with hash fragments, so
 * no other paths exist; anything else is a JSON 404. Only GET and HEAD (405 otherwise).
 *
 * <p>Caching: the file names carry no content hash, so every answer is {@code Cache-Control:
 * no-cache} with a strong ETag of the content; a browser revalidates with {@code If-None-Match}
 * and gets a body-less 304 while nothing changed. After an upgrade the new files are picked up at
 * the next page load, never a mix of old and new modules.
 *
 * <p>Every answer carries a Content-Security-Policy that allows scripts, styles and requests only
 * from this origin and no inline script: even if a server string were ever put into the page as
 * markup, an injected {@code onerror=} handler would not run. The page may not be framed.
 *
 * <p>Files are read once and kept in memory (the set is small and fixed). Thread safe.
 */
public final class UiHandler extends Handler.Abstract {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self';"
            + " base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"),
            Map.entry("ico", "image/x-icon"),
            Map.entry("json", "application/json"),
            Map.entry("webmanifest", "application/manifest+json"),
            Map.entry("woff2", "font/woff2"),
            Map.entry("txt", "text/plain; charset=utf-8"));

    /** A file ready to send. */
    private record Asset(byte[] body, String contentType, String etag) {}

    /** Only files that exist are kept, so random paths cannot grow it. */
    private final Map<String, Asset> assets = new ConcurrentHashMap<>();

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        boolean head = HttpProblem.MethodNotAllowed.headOfGetOnly(request.getMethod());
        String path = request.getHttpURI().getDecodedPath();
        String name = path.equals("/") || path.isEmpty() ? WebUi.INDEX : path.substring(1);
        Asset asset = find(name).orElseThrow(() -> new HttpProblem.NotFound(path));

        HttpFields.Mutable headers = response.getHeaders();
        headers.put(HttpHeader.ETAG, asset.etag());
        headers.put(HttpHeader.CACHE_CONTROL, "no-cache");
        headers.put("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "no-referrer");
        if (notModified(request.getHeaders().get(HttpHeader.IF_NONE_MATCH), asset.etag())) {
            response.setStatus(HttpStatus.NOT_MODIFIED_304);
            response.write(true, null, callback);
            return true;
        }
        response.setStatus(HttpStatus.OK_200);
        headers.put(HttpHeader.CONTENT_TYPE, asset.contentType());
        headers.put(HttpHeader.CONTENT_LENGTH, asset.body().length);
        response.write(true, head ? null : ByteBuffer.wrap(asset.body()), callback);
        return true;
    }

    private Optional<Asset> find(String name) {
        Asset known = assets.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        return WebUi.read(name)
                .map(body -> assets.computeIfAbsent(name, n -> new Asset(body, contentType(n), contentTag(body))));
    }

    /** {@code If-None-Match} (RFC 9110 section 13.1.2): weak comparison, a list, or {@code *}. */
    static boolean notModified(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.strip();
            if (t.equals("*") || (t.startsWith("W/") ? t.substring(2) : t).equals(etag)) {
                return true;
            }
        }
        return false;
    }

    static String contentType(String name) {
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(extension, "application/octet-stream");
    }

    /** A strong entity tag that changes whenever a byte of the file does. */
    private static String contentTag(byte[] body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return "\"" + HexFormat.of().formatHex(digest, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
