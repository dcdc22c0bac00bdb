package io.nzbmount.server.stremio;

import static io.nzbmount.server.stremio.StremioRig.random;
import static io.nzbmount.server.stremio.StremioRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.dav.RawHttp;
import io.nzbmount.server.stremio.AioStreamsClient.Resolved;
import io.nzbmount.server.stremio.AioStreamsClient.Service;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cutover holds under AIOStreams' paths as under {@code /dav}: an article of the primary that
 * goes missing under the player's final GET of the nzbdav URL (or of a signed link) is served from
 * the verified standby in the same response, one 200 with every byte.
 */
class AioStreamsCutoverTest {
    private static final int PART = 100_000;
    private static final String RELEASE = "Cutover.Film.2024.1080p.WEB-DL.x264-NZBM";

    @TempDir
    Path dataDir;

    private StremioRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void aFailureUnderTheFinalGetOfTheNzbdavPathIsOneWhole200() throws Exception {
        rig = StremioRig.start(dataDir);
        byte[] film = random(10 * PART + 321, 9);
        PostedFile primary = rig.nntp.post(RELEASE + ".mkv", film, PART);
        String url = rig.offer(RELEASE, List.of(primary));
        AioStreamsClient aio =
                new AioStreamsClient(Service.NZBDAV, rig.base(), rig.apiKey, StremioRig.USER, StremioRig.PASSWORD);
        Resolved resolved = aio.resolve(url, RELEASE, false);
        long item = rig.items().path(0).path("id").asLong();
        long standby = addVerifiedStandby(item, rig.nntp.post("x9Qz7LmP2v.mkv", film, 90_000));
        String link = streamLink(url);

        rig.nntp.removeArticle(primary.messageIds().get(6));
        byte[] viaContent = oneWhole200(URI.create(resolved.playbackUrl()), StremioRig.basic(), film.length);
        assertArrayEquals(sha256(film), sha256(viaContent));
        List<JsonNode> cutovers = events(item, "cutover");
        assertEquals(1, cutovers.size(), cutovers::toString);
        assertEquals(standby, cutovers.get(0).path("detail").path("to").asLong());

        // The signed link reads the same item through the same path: whole, from whichever source serves it.
        byte[] viaLink = oneWhole200(URI.create(link), null, film.length);
        assertArrayEquals(sha256(film), sha256(viaLink));
    }

    private long addVerifiedStandby(long item, PostedFile repost) throws Exception {
        HttpResponse<String> r = rig.send(HttpRequest.newBuilder(
                        URI.create(rig.base() + "/api/nzbs?item=" + item + "&role=standby"))
                .POST(HttpRequest.BodyPublishers.ofString(NzbWriter.write(List.of(repost), RELEASE + " REPOST"))));
        assertEquals(201, r.statusCode(), r::body);
        long id = -1;
        for (JsonNode s : StremioRig.JSON.readTree(r.body()).path("standby"))
            id = Math.max(id, s.path("id").asLong());
        long standby = id;
        Await.until(
                Duration.ofSeconds(60),
                () -> {
                    JsonNode view = StremioRig.JSON.readTree(
                            rig.send(HttpRequest.newBuilder(URI.create(rig.base() + "/api/items/" + item)))
                                    .body());
                    for (JsonNode s : view.path("standby")) {
                        if (s.path("id").asLong() == standby
                                && s.path("state").asText().equals("validated")) return true;
                    }
                    return false;
                },
                () -> "standby " + standby + " verified");
        return id;
    }

    private String streamLink(String nzbUrl) throws Exception {
        HttpResponse<String> r = new AioStreamsClient(Service.ALTMOUNT, rig.base(), rig.apiKey, null, null)
                .nativeStreams(nzbUrl)
                .orElseThrow();
        assertEquals(200, r.statusCode(), r::body);
        return StremioRig.JSON
                .readTree(r.body())
                .path("streams")
                .path(0)
                .path("url")
                .asText();
    }

    private List<JsonNode> events(long item, String kind) throws Exception {
        JsonNode root = StremioRig.JSON.readTree(
                rig.send(HttpRequest.newBuilder(URI.create(rig.base() + "/api/events?item=" + item + "&limit=500")))
                        .body());
        JsonNode list = root.isArray() ? root : root.path("events");
        return java.util.stream.StreamSupport.stream(list.spliterator(), false)
                .filter(e -> e.path("kind").asText().equals(kind))
                .toList();
    }

    /** One GET on a raw socket: its status, Content-Length and exactly that many body bytes, or a failure. */
    private static byte[] oneWhole200(URI url, String authorization, long length) throws IOException {
        try (RawHttp raw = new RawHttp(url.getPort())) {
            String[] headers = authorization == null
                    ? new String[] {"Connection: close"}
                    : new String[] {"Authorization: " + authorization, "Connection: close"};
            RawHttp.Head head = raw.send("GET", url.getRawPath(), headers).readHead();
            assertEquals(200, head.status());
            assertEquals(length, head.contentLength());
            return raw.readBody(length);
        }
    }
}
