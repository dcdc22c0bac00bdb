package io.nzbmount.server.kodi;

import io.nzbmount.server.http.HttpProblem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Serves NZBMount's Kodi add-on under {@code /kodi/}: {@code plugin.video.nzbmount.zip} for
 * "Install from zip file", and the add-on as a one-entry Kodi repository ({@code addons.xml},
 * {@code addons.xml.md5}, and the zip under {@code plugin.video.nzbmount/plugin.video.nzbmount-VERSION.zip},
 * the layout Kodi fetches a repository's add-ons from). {@code repository.nzbmount.zip} is the
 * repository add-on pointing at the address the request came to ({@link RepositoryAddon}), so
 * Kodi finds updates. {@code /kodi/} itself is a plain HTML list of the zips and the index, which
 * Kodi's file browser can open as an HTTP source.
 *
 * <p>The files are built with the server (module {@code kodi}) and read from the class path at
 * construction; a server built without them answers 404 on every path here. GET and HEAD only
 * (405 otherwise); other paths are a JSON 404. Immutable and thread-safe.
 */
public final class KodiAddonHandler extends Handler.Abstract {

    public static final String PATH_SPEC = "/kodi/*";
    static final String ADDON_ID = "plugin.video.nzbmount";
    static final String REPOSITORY_ZIP = RepositoryAddon.ID + ".zip";
    private static final String RESOURCES = "/io/nzbmount/kodi/";
    private static final Pattern VERSION =
            Pattern.compile("<addon id=\"" + Pattern.quote(ADDON_ID) + "\"[^>]*\\sversion=\"([0-9.]+)\"");

    private record File(byte[] body, String contentType) {}

    private final Map<String, File> files;

    /** Reads the add-on files from the class path. */
    public KodiAddonHandler() {
        this(readResource(ADDON_ID + ".zip"), readResource("addons.xml"), readResource("addons.xml.md5"));
    }

    KodiAddonHandler(Optional<byte[]> zip, Optional<byte[]> index, Optional<byte[]> indexMd5) {
        super(InvocationType.NON_BLOCKING);
        if (zip.isEmpty() || index.isEmpty() || indexMd5.isEmpty()) {
            this.files = Map.of();
            return;
        }
        String version = versionOf(index.get());
        File zipFile = new File(zip.get(), "application/zip");
        File list = new File(listing(version).getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8");
        this.files = Map.of(
                "",
                list,
                ADDON_ID + ".zip",
                zipFile,
                ADDON_ID + "/" + ADDON_ID + "-" + version + ".zip",
                zipFile,
                "addons.xml",
                new File(index.get(), "text/xml; charset=utf-8"),
                "addons.xml.md5",
                new File(indexMd5.get(), "text/plain; charset=us-ascii"));
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        boolean head = HttpProblem.MethodNotAllowed.headOfGetOnly(request.getMethod());
        String path = request.getHttpURI().getDecodedPath();
        String name = path.equals("/kodi") ? "" : path.startsWith("/kodi/") ? path.substring("/kodi/".length()) : null;
        File file = name == null ? null : files.get(name);
        if (file == null && REPOSITORY_ZIP.equals(name) && !files.isEmpty()) {
            file = new File(RepositoryAddon.zip(baseOf(request)), "application/zip");
        }
        if (file == null) {
            throw new HttpProblem.NotFound(path);
        }
        HttpFields.Mutable headers = response.getHeaders();
        headers.put(HttpHeader.CONTENT_TYPE, file.contentType());
        headers.put(HttpHeader.CONTENT_LENGTH, file.body().length);
        // Kodi compares addons.xml.md5 to decide whether to fetch the index again.
        headers.put(HttpHeader.CACHE_CONTROL, "no-cache");
        headers.put("X-Content-Type-Options", "nosniff");
        response.setStatus(200);
        response.write(true, head ? null : ByteBuffer.wrap(file.body()), callback);
        return true;
    }

    /**
     * The address the request was sent to: its scheme, or {@code https} when a reverse proxy says
     * it received HTTPS ({@code X-Forwarded-Proto}; it only shapes the zip this requester gets),
     * and its {@code Host}.
     */
    static String baseOf(Request request) {
        HttpURI uri = request.getHttpURI();
        String forwarded = request.getHeaders().get("X-Forwarded-Proto");
        String scheme =
                "https".equalsIgnoreCase(forwarded == null ? "" : forwarded.strip()) ? "https" : uri.getScheme();
        return scheme + "://" + uri.getAuthority();
    }

    /** The add-on's version as the repository index names it. */
    static String versionOf(byte[] index) {
        Matcher m = VERSION.matcher(new String(index, StandardCharsets.UTF_8));
        if (!m.find()) {
            throw new IllegalStateException("addons.xml names no version of " + ADDON_ID);
        }
        return m.group(1);
    }

    private static String listing(String version) {
        return "<!DOCTYPE html>\n<html><head><title>NZBMount for Kodi</title></head><body>\n"
                + "<h1>NZBMount for Kodi " + version + "</h1>\n<ul>\n"
                + "<li><a href=\"" + ADDON_ID + ".zip\">" + ADDON_ID + ".zip</a></li>\n"
                + "<li><a href=\"" + REPOSITORY_ZIP + "\">" + REPOSITORY_ZIP + "</a></li>\n"
                + "<li><a href=\"addons.xml\">addons.xml</a></li>\n"
                + "<li><a href=\"addons.xml.md5\">addons.xml.md5</a></li>\n"
                + "</ul>\n</body></html>\n";
    }

    private static Optional<byte[]> readResource(String name) {
        try (InputStream in = KodiAddonHandler.class.getResourceAsStream(RESOURCES + name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Kodi add-on's " + name + " from the class path", e);
        }
    }
}
