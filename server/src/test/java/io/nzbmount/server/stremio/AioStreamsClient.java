package io.nzbmount.server.stremio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * AIOStreams' Usenet streaming services (nzbdav and altmount), replayed from its source
 * ({@code packages/core/src/debrid/usenet-stream-base.ts}, {@code nzbdav.ts}, {@code altmount.ts}):
 * <ul>
 *   <li>nzbdav: WebDAV at {@code <base>/}, content under {@code /content}, API at {@code <base>/api},
 *       job name {@code nzb.filename}; altmount: WebDAV at {@code <base>/webdav/}, content under
 *       {@code /complete}, API at {@code <base>/sabnzbd/api}, job name the NZB URL's base name
 *       without {@code .nzb};</li>
 *   <li>category {@code TV} when a season or episode is asked, else {@code Movies};</li>
 *   <li>find: {@code stat} (PROPFIND Depth 0) of {@code <prefix>/<category>/<job>}: a folder means done;</li>
 *   <li>add: {@code GET <api>?mode=addurl&apikey=K&name=URL&cat=C&nzbname=N&output=json}, header
 *       {@code x-api-key}; {@code status} must be true and {@code nzo_ids[0]} present;</li>
 *   <li>poll: {@code mode=history&apikey=K&nzo_ids=ID&category=C} every 2 s, at most 90 s:
 *       {@code completed} (lower-cased) ends it, {@code failed} fails with {@code fail_message};
 *       the content path is {@code <prefix>/<slot.category>/<basename(slot.storage)>};</li>
 *   <li>list: PROPFIND Depth infinity of the content path ({@code getDirectoryContents deep}); when
 *       that fails, a walk with Depth 1 that stops at the first folder holding a video;</li>
 *   <li>pick: the one file, else the first video;</li>
 *   <li>play: {@code https://user:pass@host<webdav path><encodeURIComponent per segment>} (a player
 *       turns the credentials into HTTP Basic);</li>
 *   <li>altmount first: {@code POST <base>/api/nzb/streams} with form {@code nzb_url} and
 *       {@code X-Api-Key}; a 404 or 405 falls back to the flow above; streams[].url is played as is.</li>
 * </ul>
 */
final class AioStreamsClient {

    /** Which of AIOStreams' services is played. */
    enum Service {
        NZBDAV,
        ALTMOUNT
    }

    /** A WebDAV entry as the {@code webdav} npm client gives it: the path below the WebDAV root. */
    record Entry(String filename, boolean directory, long size) {
        String basename() {
            return filename.substring(filename.lastIndexOf('/') + 1);
        }
    }

    /** What a resolve did, for the test to look at. */
    record Resolved(String playbackUrl, boolean alreadyExisted, List<Entry> deep, List<Entry> walked, int polls) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> VIDEO = List.of(".mkv", ".mp4", ".avi", ".m4v", ".mov", ".ts", ".webm");
    private static final Duration POLL = Duration.ofSeconds(2);
    private static final Duration MAX_WAIT = Duration.ofSeconds(90);
    private static final String PROPS = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:resourcetype/><d:getcontentlength/>\
            <d:getlastmodified/><d:getcontenttype/><d:getetag/></d:prop></d:propfind>""";

    private final Service service;
    private final String base;
    private final String apiKey;
    private final String user;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    AioStreamsClient(Service service, String base, String apiKey, String user, String password) {
        this.service = service;
        this.base = base;
        this.apiKey = apiKey;
        this.user = user;
    }

    private String webdavRoot() {
        return service == Service.NZBDAV ? base : base + "/webdav";
    }

    private String apiUrl() {
        return service == Service.NZBDAV ? base + "/api" : base + "/sabnzbd/api";
    }

    private String prefix() {
        return service == Service.NZBDAV ? "/content" : "/complete";
    }

    /** The SABnzbd+WebDAV flow of {@code UsenetStreamService._resolve}. */
    Resolved resolve(String nzbUrl, String filename, boolean episode) throws Exception {
        String category = episode ? "TV" : "Movies";
        String expected = service == Service.NZBDAV ? filename : baseName(nzbUrl);
        String contentPath = prefix() + "/" + category + "/" + expected;
        boolean exists = stat(contentPath).filter(Entry::directory).isPresent();
        int polls = 0;
        if (!exists) {
            JsonNode added = api(Map.of("mode", "addurl", "name", nzbUrl, "cat", category, "nzbname", expected));
            if (!added.path("status").asBoolean(false)) {
                throw new IllegalStateException(
                        "Failed to queue NZB: " + added.path("error").asText("Unknown error"));
            }
            String nzoId = added.path("nzo_ids").path(0).asText(null);
            if (nzoId == null) throw new IllegalStateException("addurl succeeded but no nzo_id returned");
            long deadline = System.nanoTime() + MAX_WAIT.toNanos();
            JsonNode slot = null;
            while (System.nanoTime() < deadline) {
                polls++;
                JsonNode history = api(Map.of("mode", "history", "nzo_ids", nzoId, "category", category));
                if (history.has("status") && !history.path("status").asBoolean(true) || !history.has("history")) {
                    throw new IllegalStateException("Failed to query history: " + history);
                }
                for (JsonNode s : history.path("history").path("slots")) {
                    if (!s.path("nzo_id").asText().equals(nzoId)) continue;
                    String status = s.path("status").asText("").toLowerCase(Locale.ROOT);
                    if (status.equals("completed")) slot = s;
                    if (status.equals("failed"))
                        throw new IllegalStateException(
                                "NZB failed: " + s.path("fail_message").asText());
                }
                if (slot != null) break;
                Thread.sleep(POLL);
            }
            if (slot == null) throw new IllegalStateException("Timeout while waiting for NZB to become streamable");
            String storage = slot.path("storage").asText("");
            String job = storage.isEmpty() ? slot.path("name").asText(filename) : baseName(storage);
            String jobCategory = slot.path("category").asText(category);
            contentPath = prefix() + "/" + jobCategory + "/" + job;
        }
        List<Entry> deep = files(propfind(contentPath, "infinity"));
        List<Entry> walked = walk(contentPath, 0);
        if (deep.isEmpty()) throw new IllegalStateException("No files found in NZB download");
        Entry chosen = deep.size() == 1
                ? deep.get(0)
                : deep.stream().filter(AioStreamsClient::isVideo).findFirst().orElseThrow();
        return new Resolved(webdavRoot() + encodeWebdavPath(chosen.filename()), exists, deep, walked, polls);
    }

    /** altmount's native call; empty on 404 or 405 (AIOStreams then falls back). */
    Optional<HttpResponse<String>> nativeStreams(String nzbUrl, String... moreFields) throws Exception {
        StringBuilder form = new StringBuilder("nzb_url=" + URLEncoder.encode(nzbUrl, StandardCharsets.UTF_8));
        for (String f : moreFields) form.append('&').append(f);
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(base + "/api/nzb/streams"))
                        .header("X-Api-Key", apiKey)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form.toString()))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 404 || r.statusCode() == 405) return Optional.empty();
        return Optional.of(r);
    }

    /** The player's GET of a playback URL: the URL's credentials as HTTP Basic, redirects followed. */
    HttpResponse<byte[]> play(String url, boolean withCredentials) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url));
        if (withCredentials) b.header("Authorization", StremioRig.basic());
        HttpClient player = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
        try (player) {
            return player.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    private JsonNode api(Map<String, String> params) throws Exception {
        Map<String, String> all = new LinkedHashMap<>(params);
        all.put("apikey", apiKey);
        all.put("output", "json");
        StringBuilder url = new StringBuilder(apiUrl()).append('?');
        for (Map.Entry<String, String> e : all.entrySet()) {
            url.append(e.getKey())
                    .append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                    .append('&');
        }
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(url.substring(0, url.length() - 1)))
                        .header("x-api-key", apiKey)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(r.body());
    }

    /** {@code webdavClient.stat}: PROPFIND Depth 0; empty on any error (AIOStreams then adds the NZB). */
    Optional<Entry> stat(String path) throws Exception {
        HttpResponse<byte[]> r = send(path, "0");
        if (r.statusCode() == 401) throw new IllegalStateException("Could not access WebDAV: Unauthorized");
        if (r.statusCode() != 207) return Optional.empty();
        List<Entry> entries = parse(r.body());
        return entries.isEmpty() ? Optional.empty() : Optional.of(entries.get(0));
    }

    /** {@code getDirectoryContents}: the entries below {@code path}, without the folder itself. */
    List<Entry> propfind(String path, String depth) throws Exception {
        HttpResponse<byte[]> r = send(path, depth);
        if (r.statusCode() != 207) {
            throw new IllegalStateException("Failed to list WebDAV directory " + path + ": " + r.statusCode());
        }
        String self = trimSlash(path);
        List<Entry> out = new ArrayList<>();
        for (Entry e : parse(r.body())) {
            if (!trimSlash(e.filename()).equals(self)) out.add(e);
        }
        return out;
    }

    /** {@code collectFilesManually}: Depth 1, down into folders until one holds a video. */
    List<Entry> walk(String path, int depth) throws Exception {
        if (depth >= 6) return List.of();
        List<Entry> contents = propfind(path, "1");
        List<Entry> files = files(contents);
        if (files.stream().anyMatch(AioStreamsClient::isVideo)
                || contents.stream().noneMatch(Entry::directory)) {
            return files;
        }
        List<Entry> all = new ArrayList<>(files);
        for (Entry dir : contents) {
            if (!dir.directory()) continue;
            List<Entry> sub = walk(dir.filename(), depth + 1);
            all.addAll(sub);
            if (sub.stream().anyMatch(AioStreamsClient::isVideo)) break;
        }
        return all;
    }

    private HttpResponse<byte[]> send(String path, String depth) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(webdavRoot() + encodeWebdavPath(path)))
                .header("Depth", depth)
                .header("Content-Type", "application/xml; charset=utf-8")
                .method("PROPFIND", HttpRequest.BodyPublishers.ofString(PROPS));
        if (user != null) b.header("Authorization", StremioRig.basic());
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The multistatus's responses, their hrefs made paths below the WebDAV root, decoded. */
    private List<Entry> parse(byte[] xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        NodeList responses = doc.getElementsByTagNameNS("DAV:", "response");
        String rootPath = URI.create(webdavRoot() + "/").getPath();
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < responses.getLength(); i++) {
            Element response = (Element) responses.item(i);
            String href = response.getElementsByTagNameNS("DAV:", "href")
                    .item(0)
                    .getTextContent()
                    .strip();
            String path = URLDecoder.decode(URI.create(href).getRawPath().replace("+", "%2B"), StandardCharsets.UTF_8);
            if (path.startsWith(rootPath)) path = "/" + path.substring(rootPath.length());
            boolean dir = response.getElementsByTagNameNS("DAV:", "collection").getLength() > 0;
            NodeList length = response.getElementsByTagNameNS("DAV:", "getcontentlength");
            long size =
                    length.getLength() > 0 && !length.item(0).getTextContent().isBlank()
                            ? Long.parseLong(length.item(0).getTextContent().strip())
                            : 0;
            out.add(new Entry(trimSlash(path), dir, size));
        }
        return out;
    }

    private static List<Entry> files(List<Entry> entries) {
        return entries.stream().filter(e -> !e.directory()).toList();
    }

    static boolean isVideo(Entry e) {
        String name = e.basename().toLowerCase(Locale.ROOT);
        return VIDEO.stream().anyMatch(name::endsWith);
    }

    private static String trimSlash(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** Node's {@code path.basename(s, '.nzb')} of the string as it is (a URL is not decoded). */
    static String baseName(String urlOrPath) {
        String name = trimSlash(urlOrPath);
        name = name.substring(name.lastIndexOf('/') + 1);
        return name.endsWith(".nzb") ? name.substring(0, name.length() - 4) : name;
    }

    /** {@code encodeWebdavPath}: {@code encodeURIComponent} of every segment. */
    static String encodeWebdavPath(String path) {
        StringBuilder out = new StringBuilder();
        String[] segments = path.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            if (i > 0) out.append('/');
            out.append(URLEncoder.encode(segments[i], StandardCharsets.UTF_8)
                    .replace("+", "%20")
                    .replace("%21", "!")
                    .replace("%27", "'")
                    .replace("%28", "(")
                    .replace("%29", ")")
                    .replace("%7E", "~"));
        }
        return out.toString();
    }
}
