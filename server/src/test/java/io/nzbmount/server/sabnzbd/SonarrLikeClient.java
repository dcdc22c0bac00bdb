package io.nzbmount.server.sabnzbd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A download client of the kind Sonarr and Radarr are, written from what their SABnzbd client does
 * (its proxy, its parsing and its tests of the connection), so that the API is held to what they
 * really send and parse:
 * <ul>
 *   <li>every call is {@code GET <base>/api?mode=...} with {@code apikey} and {@code output=json}
 *       last; {@code addfile} is a multipart POST with the NZB in part {@code name};</li>
 *   <li>any HTTP status but 2xx is "unable to connect"; a body {@code {"status":false}} is an error
 *       carrying {@code error};</li>
 *   <li>statuses are parsed into Sonarr's enum: an unknown word fails the whole poll;
 *       {@code timeleft} must be {@code H:MM:SS} or {@code D:H:MM:SS}; priorities are enum names;</li>
 *   <li>the test of the client: a version matching {@code \d+.\d+.(\d+|x)} of at least 0.7.0, a
 *       working key, the category present with a dir not ending in '*', no sorting on;</li>
 *   <li>its import: the history slot's {@code storage} must exist and hold a media file.</li>
 * </ul>
 */
final class SonarrLikeClient {

    /** Sonarr's {@code SabnzbdDownloadStatus}: the only words its JSON parser takes. */
    enum SabStatus {
        Grabbing,
        Queued,
        Paused,
        Checking,
        Downloading,
        QuickCheck,
        Verifying,
        Repairing,
        Fetching,
        Extracting,
        Moving,
        Running,
        Completed,
        Failed,
        Deleted,
        Propagating
    }

    /** Sonarr's {@code SabnzbdPriority}. */
    enum SabPriority {
        Default,
        Paused,
        Low,
        Normal,
        High,
        Force
    }

    /** What Sonarr throws for an answer it cannot use: its whole poll or call fails. */
    static final class ClientException extends RuntimeException {
        ClientException(String message) {
            super(message);
        }
    }

    record QueueItem(
            String id,
            String title,
            String category,
            double mb,
            double mbLeft,
            Duration timeLeft,
            SabPriority priority,
            SabStatus status,
            int percentage) {}

    record HistoryItem(
            String id,
            String title,
            String category,
            long size,
            SabStatus status,
            String storage,
            String failMessage,
            int downloadTime) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+|x)");
    /** A few of the extensions Sonarr imports as video (its list has many more, ".strm" among them). */
    private static final List<String> MEDIA = List.of(".mkv", ".mp4", ".avi", ".m4v", ".ts", ".strm");

    private final URI base;
    private final String apiKey;
    private final String category;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** @param base {@code http://host:port} plus the URL base ("" or "/sabnzbd") */
    SonarrLikeClient(String base, String apiKey, String category) {
        this.base = URI.create(base);
        this.apiKey = apiKey;
        this.category = category;
    }

    String version() {
        return call("version", Map.of()).path("version").asText(null);
    }

    JsonNode config() {
        return call("get_config", Map.of()).get("config");
    }

    /**
     * Sonarr's connection test: version, authentication, global config and category. Returns the
     * failures it would show (empty: the client can be saved).
     */
    List<String> test() {
        List<String> failures = new ArrayList<>();
        String raw = version();
        Matcher m = raw == null ? null : VERSION.matcher(raw);
        if (m == null || !m.find()) {
            failures.add("Unknown version: " + raw);
            return failures;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        if (major < 1 && minor < 7) failures.add("version " + raw + " is older than 0.7.0");
        JsonNode config;
        try {
            config = config();
        } catch (ClientException e) {
            if (e.getMessage().contains("API Key Incorrect")) failures.add("API Key Incorrect");
            else if (e.getMessage().contains("API Key Required")) failures.add("API Key Required");
            else throw e;
            return failures;
        }
        JsonNode misc = config.get("misc");
        if (misc.path("pre_check").asBoolean() && major < 1) failures.add("check before download is on");
        Optional<JsonNode> cat = Optional.empty();
        for (JsonNode c : config.path("categories")) {
            if (c.path("name").asText().equals(category)) cat = Optional.of(c);
        }
        if (cat.isEmpty()) failures.add("category " + category + " does not exist");
        else if (cat.get().path("dir").asText().endsWith("*")) failures.add("enable job folders");
        for (JsonNode s : config.path("sorters")) {
            if (s.path("is_active").asBoolean()) failures.add("a sorter is active");
        }
        for (String sort : List.of("tv", "movie", "date")) {
            if (misc.path("enable_" + sort + "_sorting").asBoolean()) failures.add(sort + " sorting is on");
        }
        String retention = misc.path("history_retention_option").asText("");
        if (!retention.equals("all") && !retention.isEmpty()) failures.add("the client removes completed downloads");
        return failures;
    }

    /** Where Sonarr expects this category's downloads: complete_dir (or fullstatus's) plus its dir. */
    Path outputRoot() {
        JsonNode config = config();
        String completeDir = config.path("misc").path("complete_dir").asText();
        if (!Path.of(completeDir).isAbsolute()) {
            completeDir = call("fullstatus", Map.of("skip_dashboard", "1"))
                    .path("status")
                    .path("completedir")
                    .asText();
        }
        for (JsonNode c : config.path("categories")) {
            if (c.path("name").asText().equals(category)) {
                return Path.of(completeDir).resolve(c.path("dir").asText().replaceAll("\\*+$", ""));
            }
        }
        throw new ClientException("no category " + category);
    }

    /** {@code addfile}: the NZB as part {@code name}, {@code <title>.nzb}; returns the first nzo_id. */
    String add(String title, byte[] nzb, int priority) {
        String boundary = "----" + UUID.randomUUID();
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"name\"; filename=\"" + title
                        + ".nzb\"\r\nContent-Type: application/x-nzb\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + nzb.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(nzb, 0, body, head.length, nzb.length);
        System.arraycopy(tail, 0, body, head.length + nzb.length, tail.length);
        Map<String, String> q = new LinkedHashMap<>();
        q.put("cat", category);
        q.put("priority", Integer.toString(priority));
        JsonNode answer = send(HttpRequest.newBuilder(url("addfile", q))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
        JsonNode ids = answer.path("nzo_ids");
        if (!ids.isArray() || ids.isEmpty())
            throw new ClientException("SABnzbd rejected the NZB for an unknown reason");
        return ids.get(0).asText();
    }

    /** {@code queue}, start 0, limit 0 (all), this category; parsed as Sonarr parses it. */
    List<QueueItem> queue() {
        JsonNode queue = call("queue", Map.of("start", "0", "limit", "0", "category", category))
                .get("queue");
        if (queue == null) throw new ClientException("no queue in the answer");
        queue.path("paused").asBoolean();
        List<QueueItem> out = new ArrayList<>();
        for (JsonNode s : queue.path("slots")) {
            out.add(new QueueItem(
                    s.path("nzo_id").asText(),
                    s.path("filename").asText(),
                    s.path("cat").asText(),
                    decimal(s, "mb"),
                    decimal(s, "mbleft"),
                    timeLeft(s.path("timeleft").asText()),
                    priority(s.path("priority").asText()),
                    status(s.path("status").asText()),
                    s.path("percentage").asInt()));
        }
        return out;
    }

    /** {@code history}, start 0, limit 60 (Sonarr's default), this category. */
    List<HistoryItem> history() {
        JsonNode history = call("history", Map.of("start", "0", "limit", "60", "category", category))
                .get("history");
        if (history == null) throw new ClientException("no history in the answer");
        List<HistoryItem> out = new ArrayList<>();
        for (JsonNode s : history.path("slots")) {
            if (!s.path("bytes").canConvertToLong()) throw new ClientException("bytes is not a number: " + s);
            out.add(new HistoryItem(
                    s.path("nzo_id").asText(),
                    s.path("name").asText(),
                    s.path("category").asText(),
                    s.path("bytes").asLong(),
                    status(s.path("status").asText()),
                    s.path("storage").asText(null),
                    s.path("fail_message").asText(null),
                    s.path("download_time").asInt()));
        }
        return out;
    }

    /** Sonarr's GetItems: queue then history, only those of its category. */
    List<Object> items() {
        List<Object> all = new ArrayList<>();
        queue().stream().filter(q -> q.category().equals(category)).forEach(all::add);
        history().stream().filter(h -> h.category().equals(category)).forEach(all::add);
        return all;
    }

    void removeFromQueue(String id, boolean deleteData) {
        call("queue", Map.of("name", "delete", "del_files", deleteData ? "1" : "0", "value", id));
    }

    void removeFromHistory(String id, boolean deleteData, boolean permanently) {
        call(
                "history",
                Map.of(
                        "name",
                        "delete",
                        "del_files",
                        deleteData ? "1" : "0",
                        "value",
                        id,
                        "archive",
                        permanently ? "0" : "1"));
    }

    /**
     * Sonarr's import of a completed download: the output path must exist and hold a media file.
     * Returns the media files found.
     */
    static List<Path> importable(HistoryItem item) throws IOException {
        if (item.status() != SabStatus.Completed) throw new ClientException("not completed: " + item.status());
        Path output = Path.of(item.storage());
        if (!output.isAbsolute()) throw new ClientException("storage is not an absolute path: " + output);
        if (!Files.isDirectory(output)) throw new ClientException("the output path does not exist: " + output);
        try (Stream<Path> files = Files.list(output)) {
            List<Path> media = files.filter(f -> MEDIA.stream()
                            .anyMatch(ext -> f.getFileName()
                                    .toString()
                                    .toLowerCase(Locale.ROOT)
                                    .endsWith(ext)))
                    .toList();
            if (media.isEmpty()) throw new ClientException("no media file in " + output);
            return media;
        }
    }

    JsonNode call(String mode, Map<String, String> params) {
        return send(HttpRequest.newBuilder(url(mode, params)).GET());
    }

    private URI url(String mode, Map<String, String> params) {
        StringBuilder q = new StringBuilder("mode=").append(enc(mode));
        params.forEach((k, v) -> q.append('&').append(enc(k)).append('=').append(enc(v)));
        q.append("&apikey=").append(enc(apiKey)).append("&output=json");
        return URI.create(base + "/api?" + q);
    }

    private JsonNode send(HttpRequest.Builder request) {
        HttpResponse<String> response;
        try {
            response = http.send(
                    request.header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new ClientException("Unable to connect to SABnzbd, " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException("interrupted");
        }
        if (response.statusCode() / 100 != 2) {
            throw new ClientException("Unable to connect to SABnzbd, HTTP " + response.statusCode());
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            if (response.body().toLowerCase(Locale.ROOT).startsWith("error")) {
                throw new ClientException("Error response received from SABnzbd: " + response.body());
            }
            throw new ClientException("not JSON: " + response.body());
        }
        if (body.path("status").isBoolean() && !body.path("status").asBoolean()
                || body.path("status").asText("").equalsIgnoreCase("false")) {
            throw new ClientException("Error response received from SABnzbd: "
                    + body.path("error").asText());
        }
        return body;
    }

    private static SabStatus status(String word) {
        try {
            return SabStatus.valueOf(word);
        } catch (IllegalArgumentException e) {
            throw new ClientException("unknown status '" + word + "': the whole poll fails");
        }
    }

    private static SabPriority priority(String word) {
        try {
            return SabPriority.valueOf(word);
        } catch (IllegalArgumentException e) {
            // Sonarr's converter falls back to the enum's default on a word it does not know.
            return SabPriority.Default;
        }
    }

    private static Duration timeLeft(String raw) {
        String[] parts = raw.split(":");
        try {
            int[] n = Stream.of(parts).mapToInt(Integer::parseInt).toArray();
            return switch (n.length) {
                case 4 -> Duration.ofHours(n[0] * 24L + n[1]).plusMinutes(n[2]).plusSeconds(n[3]);
                case 3 -> Duration.ofHours(n[0]).plusMinutes(n[1]).plusSeconds(n[2]);
                default -> throw new ClientException("Expected either 0:0:0:0 or 0:0:0 format, but received: " + raw);
            };
        } catch (NumberFormatException e) {
            throw new ClientException("timeleft is not a time: " + raw);
        }
    }

    private static double decimal(JsonNode slot, String field) {
        try {
            return Double.parseDouble(slot.path(field).asText());
        } catch (NumberFormatException e) {
            throw new ClientException(field + " is not a number: " + slot.path(field));
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
