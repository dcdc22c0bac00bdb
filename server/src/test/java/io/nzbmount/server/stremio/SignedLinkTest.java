package io.nzbmount.server.stremio;

import static io.nzbmount.server.stremio.StremioRig.random;
import static io.nzbmount.server.stremio.StremioRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.streamlink.StreamLinks;
import io.nzbmount.server.streamlink.StreamSecret;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signed stream link opens its one file, read-only, with no login, until it expires; an expired,
 * altered or borrowed one opens nothing and says why; the secret never leaves the data directory.
 */
class SignedLinkTest {
    private static final int PART = 100_000;

    @TempDir
    Path dataDir;

    private StremioRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void aSignedLinkOpensItsFileAloneAndOnlyUntilItExpires() throws Exception {
        rig = StremioRig.start(dataDir);
        byte[] filmA = random(4 * PART + 3, 5);
        byte[] filmB = random(3 * PART + 8, 6);
        String a = rig.offer("Film.A.2021.1080p.WEB-DL.x264-NZBM", "Film.mkv", filmA, PART);
        String b = rig.offer("Film.B.2022.1080p.WEB-DL.x264-NZBM", "Film.mkv", filmB, PART);
        String linkA = streamUrl(a);
        String linkB = streamUrl(b);

        HttpResponse<byte[]> whole = rig.anonymousGet(linkA);
        assertEquals(200, whole.statusCode());
        assertArrayEquals(sha256(filmA), sha256(whole.body()));
        assertEquals(
                "private, no-store", whole.headers().firstValue("Cache-Control").orElse(""));
        HttpResponse<byte[]> range = rig.anonymousGet(linkA, "Range", "bytes=" + PART + "-" + (2 * PART + 9));
        assertEquals(206, range.statusCode());
        assertArrayEquals(Arrays.copyOfRange(filmA, PART, 2 * PART + 10), range.body());
        HttpResponse<byte[]> head = rig.anonymous("HEAD", linkB);
        assertEquals(200, head.statusCode());
        assertEquals(
                String.valueOf(filmB.length),
                head.headers().firstValue("Content-Length").orElse(""));

        // Read-only: nothing but GET and HEAD.
        for (String method : List.of("PUT", "DELETE", "PROPFIND")) {
            assertEquals(405, rig.anonymous(method, linkA).statusCode(), method);
        }

        // Signed with the server's own secret, but for a time already past: 410.
        byte[] secret = Files.readAllBytes(dataDir.resolve(StreamSecret.FILE_NAME));
        Instant then = Instant.now().minus(Duration.ofDays(3));
        StreamLinks past = new StreamLinks(secret, Clock.fixed(then, ZoneOffset.UTC));
        long itemA = itemId("Film A (2021)");
        long itemB = itemId("Film B (2022)");
        assertRefused(410, "expired", rig.base() + past.path(itemA, "Film.mkv", then.plus(Duration.ofDays(1))));

        // Altered: another expiry, a changed signature, another file name.
        String token = linkA.substring(linkA.indexOf("/s/") + 3, linkA.lastIndexOf('/'));
        String[] parts = token.split("\\.");
        String later = parts[0] + "." + (Long.parseLong(parts[1]) + 86_400) + "." + parts[2];
        assertRefused(403, "not valid", linkA.replace(token, later));
        char last = parts[2].charAt(parts[2].length() - 1);
        String flipped = parts[0] + "." + parts[1] + "." + parts[2].substring(0, parts[2].length() - 1)
                + (last == 'A' ? 'B' : 'A');
        assertRefused(403, "not valid", linkA.replace(token, flipped));
        assertRefused(403, "not valid", linkA.replace("/Film.mkv", "/Other.mkv"));

        // Another item: A's token with B's id, for a file of the same name.
        String borrowed = itemB + "." + parts[1] + "." + parts[2];
        assertRefused(403, "not valid", linkA.replace(token, borrowed));
        assertNotEquals(parts[0], String.valueOf(itemB), "the items differ");
        assertRefused(400, "not a stream link", rig.base() + "/s/garbage/Film.mkv");

        // The secret is nowhere in what the server answers.
        String settings = rig.send(HttpRequest.newBuilder(java.net.URI.create(rig.base() + "/api/settings"))
                        .header("Authorization", StremioRig.basic())
                        .header("X-NZBMount-Request", "1"))
                .body();
        String hex = java.util.HexFormat.of().formatHex(secret);
        String b64 = java.util.Base64.getEncoder().encodeToString(secret);
        for (String text : List.of(settings, linkA, linkB)) {
            assertFalse(text.contains(hex) || text.contains(b64), text);
        }
    }

    @Test
    void theSecretOutlivesARestartAndDeletingItRevokesEveryLink() throws Exception {
        rig = StremioRig.start(dataDir);
        byte[] film = random(2 * PART + 1, 7);
        String link = streamUrl(rig.offer("Film.C.2023.720p.WEB-DL.x264-NZBM", "Film.C.mkv", film, PART));
        String path = link.substring(rig.base().length());
        Path secretFile = dataDir.resolve(StreamSecret.FILE_NAME);
        if (Files.getFileAttributeView(secretFile, java.nio.file.attribute.PosixFileAttributeView.class) != null) {
            assertEquals(
                    "rw-------",
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(secretFile)));
        }
        rig.restart();
        HttpResponse<byte[]> after = rig.anonymousGet(rig.base() + path);
        assertEquals(200, after.statusCode());
        assertArrayEquals(sha256(film), sha256(after.body()));

        rig.app.close();
        Files.delete(secretFile);
        rig.restart();
        assertRefused(403, "not valid", rig.base() + path);
    }

    @Test
    void withSignedStrmLinksAJobsStrmFilePlaysWithoutALogin() throws Exception {
        rig = StremioRig.start(dataDir, "  strmLinks: signed");
        byte[] film = random(3 * PART + 17, 8);
        String url = rig.offer("Strm.Film.2024.1080p.WEB-DL.x264-NZBM", "Strm.Film.2024.mkv", film, PART);
        HttpResponse<String> added = rig.send(HttpRequest.newBuilder(java.net.URI.create(rig.base()
                + "/api?mode=addurl&cat=movies&output=json&name=" + URLEncoder.encode(url, StandardCharsets.UTF_8))));
        assertTrue(added.body().contains("\"status\":true"), added::body);
        Path strm = dataDir.resolve("complete/movies/Strm.Film.2024.1080p.WEB-DL.x264-NZBM/Strm.Film.2024.strm");
        String link = Files.readString(strm).strip();
        assertTrue(link.startsWith(rig.base() + "/s/") && link.endsWith("/Strm.Film.2024.mkv"), link);
        HttpResponse<byte[]> played = rig.anonymousGet(link);
        assertEquals(200, played.statusCode());
        assertArrayEquals(sha256(film), sha256(played.body()));
    }

    private long itemId(String name) throws Exception {
        try (Stream<JsonNode> items =
                java.util.stream.StreamSupport.stream(rig.items().spliterator(), false)) {
            return items.filter(i -> i.path("name").asText().equals(name))
                    .findFirst()
                    .orElseThrow()
                    .path("id")
                    .asLong();
        }
    }

    private String streamUrl(String nzbUrl) throws Exception {
        HttpResponse<String> r = rig.send(HttpRequest.newBuilder(java.net.URI.create(rig.base() + "/api/nzb/streams"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "nzb_url=" + URLEncoder.encode(nzbUrl, StandardCharsets.UTF_8))));
        assertEquals(200, r.statusCode(), r::body);
        return StremioRig.JSON
                .readTree(r.body())
                .path("streams")
                .path(0)
                .path("url")
                .asText();
    }

    private void assertRefused(int status, String words, String url) throws Exception {
        HttpResponse<byte[]> r = rig.anonymousGet(url);
        String body = new String(r.body(), StandardCharsets.UTF_8);
        assertEquals(status, r.statusCode(), body);
        assertTrue(StremioRig.JSON.readTree(body).path("error").asText().contains(words), body);
    }
}
