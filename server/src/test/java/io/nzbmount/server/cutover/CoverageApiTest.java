package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /api/items/{id}/coverage}: what each source lacks, which sampled ranges are proved
 * equal, and which source serves which part of a stream that is open now.
 */
class CoverageApiTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2021.1080p.mkv";
    private static final String TITLE = "Film 2021";

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        http.close();
        if (rig != null) rig.close();
    }

    @Test
    void aVerifiedStandbyShowsEverySampleOfItsPlanAsProvedAndTheHealthyPrimaryLacksNothing() throws Exception {
        byte[] film = random(30 * PART, 5);
        rig = CutoverRig.start(dataDir, "");
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceA = rig.item(item).get("primary").get("id").asLong();
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);

        JsonNode file = coverage(item).get("files").get(0);
        assertEquals(FILE, file.get("name").asText());
        assertEquals(film.length, file.get("size").asLong());
        JsonNode primary = source(file, sourceA);
        assertEquals("primary", primary.get("role").asText());
        assertEquals(0, primary.get("missing").size());
        assertEquals(0, primary.get("proved").size(), "the primary is what the others are proved against");
        JsonNode standby = source(file, sourceB);
        assertEquals("standby", standby.get("role").asText());
        assertEquals("validated", standby.get("state").asText());
        assertEquals(TITLE + " REPOST", standby.get("release").asText());

        List<Sample> plan = SamplePlan.alignToParts(SamplePlan.forSize(film.length), film.length, PART);
        assertEquals(20, plan.size());
        JsonNode proved = standby.get("proved");
        assertEquals(plan.size(), proved.size(), proved.toString());
        for (int i = 0; i < plan.size(); i++) {
            long start = proved.get(i).get(0).asLong();
            long end = proved.get(i).get(1).asLong();
            assertEquals(plan.get(i).offset(), start);
            assertEquals(plan.get(i).offset() + plan.get(i).length(), end);
            assertEquals(start / PART, (end - 1) / PART, "a sample lies inside one article");
        }
        assertEquals(0, proved.get(0).get(0).asLong());
        assertEquals(film.length, proved.get(proved.size() - 1).get(1).asLong());
        assertEquals(0, file.get("playback").size(), "nothing plays");
        assertEquals(0, file.get("served").size());
    }

    @Test
    void afterACutoverAtARemovedArticleTheOldPrimaryLacksExactlyThatArticleAndTheOpenStreamShowsTheSwitch()
            throws Exception {
        byte[] film = random(120 * PART, 6);
        rig = CutoverRig.start(dataDir, LiveCutoverTest.SHORT_READ_AHEAD);
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceA = rig.item(item).get("primary").get("id").asLong();
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);
        rig.nntp.removeArticle(a.messageIds().get(5));

        URI uri = rig.dav(TITLE, FILE);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (Socket socket = new Socket()) {
            // A small window keeps the response open while the coverage is asked for.
            socket.setReceiveBufferSize(16 * 1024);
            socket.setSoTimeout(60_000);
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()));
            socket.getOutputStream()
                    .write(("GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                                    + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            String headers = headers(in);
            assertTrue(headers.startsWith("HTTP/1.1 200"), headers);
            assertTrue(headers.contains("Content-Length: " + film.length), headers);
            long read = copy(in, sha, 7 * PART);

            JsonNode file = awaitSwitchServed(item);
            JsonNode served = file.get("served");
            assertEquals(2, served.size(), served.toString());
            assertEquals(0, served.get(0).get("start").asLong());
            assertEquals(5L * PART, served.get(0).get("end").asLong());
            assertEquals(sourceA, served.get(0).get("source").asLong());
            assertEquals(5L * PART, served.get(1).get("start").asLong());
            assertTrue(served.get(1).get("end").asLong() >= read, served.toString());
            assertEquals(sourceB, served.get(1).get("source").asLong());
            JsonNode playing = file.get("playback");
            assertEquals(1, playing.size());
            assertEquals(
                    served.get(1).get("end").asLong(),
                    playing.get(0).get("offset").asLong());
            assertEquals(sourceB, playing.get(0).get("source").asLong());
            assertEquals(
                    served.get(0).get("stream").asText(),
                    playing.get(0).get("stream").asText());

            JsonNode old = source(file, sourceA);
            assertEquals(1, old.get("missing").size(), old.toString());
            assertEquals(5L * PART, old.get("missing").get(0).get(0).asLong());
            assertEquals(6L * PART, old.get("missing").get(0).get(1).asLong());
            assertEquals(0, source(file, sourceB).get("missing").size());

            read += copy(in, sha, Long.MAX_VALUE);
            assertEquals(film.length, read);
        }
        assertArrayEquals(sha256(film), sha.digest(), "the bytes served across the cutover are the film's");
    }

    @Test
    void aBadItemIdIsRefusedAndAnUnknownItemIsNotFound() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        assertEquals(400, get("/api/items/abc/coverage").statusCode());
        assertEquals(400, get("/api/items/0/coverage").statusCode());
        assertEquals(400, get("/api/items/-3/coverage").statusCode());
        HttpResponse<String> missing = get("/api/items/987654/coverage");
        assertEquals(404, missing.statusCode());
        assertTrue(missing.body().contains("\"error\""), missing.body());
        HttpResponse<String> post = http.send(
                HttpRequest.newBuilder(rig.app.uri().resolve("/api/items/1/coverage"))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(405, post.statusCode());
    }

    /** Polls the coverage (at most 30 s) until the open stream's served parts show a switch. */
    private JsonNode awaitSwitchServed(long item) throws Exception {
        JsonNode[] file = {null};
        return Await.value(
                Duration.ofSeconds(30),
                () -> {
                    file[0] = coverage(item).get("files").get(0);
                    return file[0].get("served").size() >= 2 ? file[0] : null;
                },
                () -> "a switch in the served parts: " + file[0]);
    }

    private JsonNode coverage(long item) throws Exception {
        HttpResponse<String> r = get("/api/items/" + item + "/coverage");
        assertEquals(200, r.statusCode(), r.body());
        return CutoverRig.JSON.readTree(r.body());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(rig.app.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode source(JsonNode file, long id) {
        List<Long> ids = new ArrayList<>();
        for (JsonNode s : file.get("sources")) {
            if (s.get("id").asLong() == id) return s;
            ids.add(s.get("id").asLong());
        }
        throw new AssertionError("no source " + id + " among " + ids);
    }

    private static String headers(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int c = in.read();
            if (c < 0) throw new IOException("the response ended inside its headers");
            out.write(c);
            matched = (c == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (c == '\r' ? 1 : 0);
        }
        return out.toString(StandardCharsets.US_ASCII);
    }

    /** Reads up to {@code limit} bytes (all, to the end, for Long.MAX_VALUE) into the digest; returns how many. */
    private static long copy(InputStream in, MessageDigest sha, long limit) throws IOException {
        byte[] buf = new byte[8192];
        long total = 0;
        while (total < limit) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, limit - total));
            if (n < 0) break;
            sha.update(buf, 0, n);
            total += n;
        }
        return total;
    }
}
