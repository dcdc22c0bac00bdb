package io.nzbmount.server.stremio;

import static io.nzbmount.server.stremio.StremioRig.random;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.PostedFile;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What AIOStreams and Sonarr rely on in the SABnzbd API (categories in any case, {@code nzo_ids},
 * {@code nzbname}, a job Completed as soon as its add returns, Failed with a reason otherwise), and
 * the refusals of {@code POST /api/nzb/streams}: a clear 4xx with {@code {"error": ...}}, nothing
 * recorded.
 */
class StremioApiRulesTest {
    private static final int PART = 100_000;

    @TempDir
    Path dataDir;

    private StremioRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void categoriesMatchInAnyCaseAndHistoryAnswersTheJobsAsked() throws Exception {
        rig = StremioRig.start(dataDir);
        String a = rig.offer("a", "First.Film.2020.mkv", random(2 * PART, 20), PART);
        String b = rig.offer("b", "Second.Show.S01E01.mkv", random(2 * PART, 21), PART);
        String first =
                added(sab("mode=addurl&cat=Movies&priority=1&nzbname=" + enc("My Film (2020)") + "&name=" + enc(a)));
        // Completed when the add returns: the first poll sees it.
        JsonNode slots = sab("mode=history&nzo_ids=" + first + "&category=MOVIES")
                .path("history")
                .path("slots");
        assertEquals(1, slots.size(), slots::toString);
        assertEquals("Completed", slots.path(0).path("status").asText());
        assertEquals("movies", slots.path(0).path("category").asText());
        assertEquals("My Film (2020)", slots.path(0).path("name").asText());
        assertTrue(slots.path(0).path("storage").asText().endsWith("/movies/My Film (2020)"), slots::toString);
        String second = added(sab("mode=addurl&cat=tv&name=" + enc(b)));

        assertEquals(List.of(second), ids(sab("mode=history&nzo_ids=" + second)));
        assertEquals(2, ids(sab("mode=history&nzo_ids=" + first + "," + second)).size());
        assertEquals(List.of(second), ids(sab("mode=history&category=TV")));
        assertEquals(List.of(), ids(sab("mode=history&nzo_ids=" + first + "&category=tv")));
        assertEquals(
                "b",
                sab("mode=history&nzo_ids=" + second)
                        .path("history")
                        .path("slots")
                        .path(0)
                        .path("name")
                        .asText(),
                "without nzbname, the job is named by the URL's file name");
        JsonNode unknown = sab("mode=addurl&cat=Music&name=" + enc(a));
        assertTrue(unknown.path("error").asText().contains("unknown category 'Music'"), unknown::toString);
        JsonNode badPriority = sab("mode=addurl&cat=tv&priority=7&name=" + enc(a));
        assertTrue(badPriority.path("error").asText().startsWith("priority must be"), badPriority::toString);
    }

    @Test
    void aBrokenReleaseFailsWithItsReasonInTheHistoryAndInTheStreamsAnswer() throws Exception {
        rig = StremioRig.start(dataDir);
        PostedFile broken = rig.nntp.post("Broken.Film.2020.mkv", random(6 * PART, 22), PART);
        for (String id : broken.messageIds()) rig.nntp.removeArticle(id);
        String url = rig.offer("Broken.Film.2020", List.of(broken));
        String job = added(sab("mode=addurl&cat=movies&name=" + enc(url)));
        JsonNode slot =
                sab("mode=history&nzo_ids=" + job).path("history").path("slots").path(0);
        assertEquals("Failed", slot.path("status").asText());
        assertTrue(!slot.path("fail_message").asText().isBlank(), slot::toString);

        HttpResponse<String> streams = streams("nzb_url=" + enc(url));
        assertEquals(422, streams.statusCode(), streams::body);
        assertTrue(error(streams).startsWith("the release cannot be streamed: "), streams::body);
    }

    @Test
    void badStreamsRequestsAreRefusedWithAClearError() throws Exception {
        rig = StremioRig.start(dataDir);
        String film = rig.offer("Film.2020", "Film.2020.mkv", random(2 * PART, 23), PART);
        assertRefused(400, "nzb_url is required", streams(""));
        assertRefused(400, "timeout must be", streams("nzb_url=" + enc(film) + "&timeout=soon"));
        assertRefused(400, "timeout must be", streams("nzb_url=" + enc(film) + "&timeout=0"));
        assertRefused(400, "season and episode go together", streams("nzb_url=" + enc(film) + "&season=1"));
        assertRefused(400, "addurl: ", streams("nzb_url=" + enc("file:///etc/passwd")));
        assertRefused(400, "unknown category", streams("nzb_url=" + enc(film) + "&category=music"));
        HttpResponse<String> multipart = rig.send(HttpRequest.newBuilder(URI.create(rig.base() + "/api/nzb/streams"))
                .header("Content-Type", "multipart/form-data; boundary=x")
                .POST(HttpRequest.BodyPublishers.ofString("--x--\r\n")));
        assertRefused(400, "x-www-form-urlencoded", multipart);
        assertRefused(405, "POST", rig.send(HttpRequest.newBuilder(URI.create(rig.base() + "/api/nzb/streams"))));
        HttpResponse<byte[]> anonymous = rig.anonymous("POST", rig.base() + "/api/nzb/streams");
        assertEquals(401, anonymous.statusCode());
        assertEquals(0, rig.items().size(), "nothing refused was imported");
    }

    @Test
    void eachAddRefusalOfStreamsHasTheStatusOfItsKind() throws Exception {
        rig = StremioRig.start(dataDir);
        String film = rig.offer("Film.2020", "Film.2020.mkv", random(2 * PART, 24), PART);
        assertRefused(400, "only http:// and https://", streams("nzb_url=" + enc("file:///etc/passwd")));
        assertRefused(400, "unknown category", streams("nzb_url=" + enc(film) + "&category=music"));
        assertRefused(403, "downloads.allowedNzbHosts", streams("nzb_url=" + enc("http://127.0.0.2:9/x.nzb")));
        assertRefused(403, "downloads.allowedNzbHosts", streams("nzb_url=" + enc("http://192.168.1.20:5076/x.nzb")));
        assertRefused(403, "192.168.1.20", streams("nzb_url=" + enc(rig.redirectTo("http://192.168.1.20:5076/x.nzb"))));
        assertRefused(
                422,
                "not a usable NZB",
                streams("nzb_url="
                        + enc(rig.offerBytes("garbage", "this is no NZB".getBytes(StandardCharsets.UTF_8)))));
        assertRefused(
                502,
                "the server answered HTTP 404",
                streams("nzb_url=" + enc(film.replace("Film.2020.nzb", "Nothing.Here.nzb"))));
        rig.nntp.faults().unavailableAtGreeting(true);
        assertRefused(503, "try again later", streams("nzb_url=" + enc(film)));
        rig.nntp.faults().unavailableAtGreeting(false);
        assertEquals(0, rig.items().size(), "nothing refused was imported");
        HttpResponse<String> later = streams("nzb_url=" + enc(film));
        assertEquals(200, later.statusCode(), "the same request works once the providers answer: " + later.body());
    }

    private JsonNode sab(String query) throws Exception {
        HttpResponse<String> r = rig.send(HttpRequest.newBuilder(URI.create(rig.base() + "/api?output=json&" + query)));
        assertEquals(200, r.statusCode(), r::body);
        return StremioRig.JSON.readTree(r.body());
    }

    private static String added(JsonNode answer) {
        assertTrue(answer.path("status").asBoolean(), answer::toString);
        return answer.path("nzo_ids").path(0).asText();
    }

    private static List<String> ids(JsonNode history) {
        return java.util.stream.StreamSupport.stream(
                        history.path("history").path("slots").spliterator(), false)
                .map(s -> s.path("nzo_id").asText())
                .toList();
    }

    private HttpResponse<String> streams(String form) throws Exception {
        return rig.send(HttpRequest.newBuilder(URI.create(rig.base() + "/api/nzb/streams"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    private static String error(HttpResponse<String> r) throws Exception {
        return StremioRig.JSON.readTree(r.body()).path("error").asText();
    }

    private static void assertRefused(int status, String words, HttpResponse<String> r) throws Exception {
        assertEquals(status, r.statusCode(), r::body);
        assertTrue(error(r).contains(words), r::body);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
