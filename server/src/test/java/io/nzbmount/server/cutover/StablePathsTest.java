package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.PostedFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An item's folder, file names and paths are fixed when it is created: a standby posted under
 * other names (an obfuscated repost) that takes over serves the same path, through a cutover, a
 * primary chosen by the user and a restart. The player's URL keeps working, with the right bytes.
 */
class StablePathsTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String REPOST = "k7Qz2pXw9b.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir Path dataDir;
    private CutoverRig rig;
    private final HttpClient http = HttpClient.newHttpClient();
    private final byte[] film = random(10 * PART + 777, 11);

    @AfterEach
    void stop() {
        http.close();
        if (rig != null) rig.close();
    }

    @Test
    void aStandbyWithOtherNamesServesTheSamePathAfterACutover() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        PostedFile a = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, "Film 2020 REPOST", rig.nntp.post(REPOST, film, 90_000));
        rig.awaitVerified(item, standby);
        rig.nntp.removeArticle(a.messageIds().get(5));

        CutoverRig.Raw first = rawGet(rig.dav(TITLE, FILE));
        first.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(first.body()));
        assertEquals(standby, rig.events(item, "cutover").get(0).get("detail").get("to").asLong());
        assertEquals(standby, rig.item(item).get("primary").get("id").asLong());

        assertPathServesTheFilm(item);

        // The user makes the first release the primary again, then the repost: the path stays.
        assertEquals(200, choose(item, primary));
        assertPathServesTheFilmAround(item, 5 * PART);
        assertEquals(200, choose(item, standby));
        assertPathServesTheFilm(item);

        // After a restart, with the repost as the primary.
        rig.app.close();
        rig = new CutoverRig(dataDir, "", false, rig.nntp, CutoverRig.provider("embedded", rig.nntp, 0));
        assertPathServesTheFilm(item);
    }

    /** GET, a seek, HEAD, PROPFIND, the item's view and its coverage: all at the item's own path and name. */
    private void assertPathServesTheFilm(long item) throws Exception {
        CutoverRig.Raw again = rawGet(rig.dav(TITLE, FILE));
        again.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(again.body()), "the next play");
        assertPathServesTheFilmAround(item, 7 * PART + 5);
        HttpResponse<Void> head = http.send(HttpRequest.newBuilder(rig.dav(TITLE, FILE))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
        assertEquals(200, head.statusCode());
        assertEquals(String.valueOf(film.length), head.headers().firstValue("Content-Length").orElse(""));
        String other = rawGet(rig.dav(TITLE, REPOST)).headers();
        assertTrue(other.startsWith("HTTP/1.1 404"), "the repost's own name is no path of the item: " + other);

        HttpResponse<String> listing = http.send(HttpRequest.newBuilder(rig.app.uri().resolve("/dav/library/Film%202020/"))
                .header("Depth", "1").method("PROPFIND", HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(207, listing.statusCode(), listing.body());
        assertTrue(listing.body().contains("/dav/library/Film%202020/" + FILE), listing.body());
        assertFalse(listing.body().contains(REPOST), listing.body());

        JsonNode view = rig.item(item);
        assertEquals(1, view.get("files").size(), view.toString());
        JsonNode file = view.get("files").get(0);
        assertEquals(FILE, file.get("name").asText());
        assertEquals("/dav/library/Film%202020/" + FILE, file.get("path").asText());
        assertEquals(film.length, file.get("size").asLong());
        HttpResponse<String> coverage = http.send(HttpRequest.newBuilder(rig.app.uri().resolve(
                "/api/items/" + item + "/coverage")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, coverage.statusCode(), coverage.body());
        assertEquals(FILE, CutoverRig.JSON.readTree(coverage.body()).get("files").get(0).get("name").asText());
    }

    /** A seek: the rest of the film from {@code offset}, in a 206. */
    private void assertPathServesTheFilmAround(long item, long offset) throws Exception {
        CutoverRig.Raw seek = rawGet(rig.dav(TITLE, FILE), "bytes=" + offset + "-");
        assertTrue(seek.headers().startsWith("HTTP/1.1 206"), "item " + item + ": " + seek.headers());
        assertArrayEquals(sha256(Arrays.copyOfRange(film, (int) offset, film.length)), sha256(seek.body()));
    }

    private int choose(long item, long source) throws Exception {
        HttpResponse<String> r = rig.post(rig.app.uri().resolve("/api/items/" + item + "/primary"),
                "{\"source\": " + source + "}");
        return r.statusCode();
    }
}
