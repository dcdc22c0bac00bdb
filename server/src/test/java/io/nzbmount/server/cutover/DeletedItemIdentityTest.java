package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.nzbmount.nntp.embedded.PostedFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deleted item leaves nothing behind that a later import could be mistaken for: through the
 * whole server, a release imported after a delete serves its own bytes, never the deleted one's,
 * also when both have the same size, part size and file name (the same segment map).
 */
class DeletedItemIdentityTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";

    @TempDir
    Path dataDir;

    private CutoverRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void aReleaseImportedAfterADeleteServesItsOwnBytes() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        byte[] first = random(10 * PART, 1);
        byte[] second = random(10 * PART, 2);
        PostedFile a = rig.nntp.post(FILE, first, PART);
        long deleted = rig.importPrimary("Film 2020", a);
        long deletedSource = rig.item(deleted).get("primary").get("id").asLong();
        assertArrayEquals(
                sha256(first), sha256(rawGet(rig.dav("Film 2020", FILE)).body()));

        assertEquals(204, rig.delete("/api/items/" + deleted));

        PostedFile b = rig.nntp.post(FILE, second, PART);
        long item = rig.importPrimary("Other Film 2021", b);
        CutoverRig.Raw r = rawGet(rig.dav("Other Film 2021", FILE));
        r.assertOne200(second.length);
        assertArrayEquals(sha256(second), sha256(r.body()), "the new release's bytes, not the deleted one's");
        assertNotEquals(deleted, item, "an item id is never given twice");
        assertNotEquals(deletedSource, rig.item(item).get("primary").get("id").asLong(), "nor a source id");
    }

    @Test
    void theSameNameImportedAgainAfterADeleteServesTheNewBytes() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        playThenDelete(random(10 * PART, 3));
        byte[] second = random(10 * PART, 4);
        rig.importPrimary("Film 2020", rig.nntp.post(FILE, second, PART));
        assertServes(second);
    }

    @Test
    void evenWhenIdsAreGivenAgainASegmentMapIsNeverTakenForAnotherRelease() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        long deleted = playThenDelete(random(10 * PART, 5));
        letIdsRecur();

        byte[] second = random(10 * PART, 6);
        long item = rig.importPrimary("Film 2020", rig.nntp.post(FILE, second, PART));
        assertEquals(deleted, item, "the ids recur, as they did before migration 6");
        assertEquals(1, rig.item(item).get("primary").get("id").asLong(), "the deleted item's source id too");
        assertServes(second);
    }

    /** Imports {@code film} as "Film 2020", reads it whole, deletes it; returns its id. */
    private long playThenDelete(byte[] film) throws Exception {
        long deleted = rig.importPrimary("Film 2020", rig.nntp.post(FILE, film, PART));
        assertServes(film);
        assertEquals(204, rig.delete("/api/items/" + deleted));
        return deleted;
    }

    private void assertServes(byte[] film) throws Exception {
        CutoverRig.Raw r = rawGet(rig.dav("Film 2020", FILE));
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()));
    }

    @Test
    void evenWhenIdsAreGivenAgainTheKnownHolesOfADeletedItemAreNotAnotherItems() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        byte[] first = random(10 * PART, 7);
        PostedFile broken = rig.nntp.post(FILE, first, PART);
        long deleted = rig.importPrimary("Film 2020", broken);
        rig.nntp.removeArticle(broken.messageIds().get(0));
        assertFalse(
                rawGet(rig.dav("Film 2020", FILE)).headers().startsWith("HTTP/1.1 2"), "its first article is a hole");
        assertEquals(204, rig.delete("/api/items/" + deleted));
        letIdsRecur();

        byte[] second = random(10 * PART, 8);
        long item = rig.importPrimary("Film 2020", rig.nntp.post(FILE, second, PART));
        assertEquals(deleted, item, "the ids recur");
        long standby = rig.addStandby(item, "Film 2020 REPOST", rig.nntp.post(FILE, second, PART));
        rig.awaitVerified(item, standby);
        assertServes(second);
        assertEquals(List.of(), rig.events(item, "routed"), "the new primary has no hole to be routed around");
    }

    @Test
    void evenWhenIdsAreGivenAgainACoveragePlanIsNeverTakenForAnotherPairOfFiles() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        byte[] first = random(10 * PART, 9);
        long deleted = rig.importPrimary("Film 2020", rig.nntp.post(FILE, first, PART));
        rig.awaitVerified(deleted, rig.addStandby(deleted, "Film 2020 REPOST", rig.nntp.post(FILE, first, PART)));
        assertEquals(
                200,
                get(rig.app.uri().resolve("/api/items/" + deleted + "/coverage"))
                        .statusCode());
        assertEquals(204, rig.delete("/api/items/" + deleted));
        letIdsRecur();

        byte[] second = random(7 * 90_000 + 1234, 10);
        long item = rig.importPrimary("Film 2020", rig.nntp.post(FILE, second, 90_000));
        rig.awaitVerified(item, rig.addStandby(item, "Film 2020 REPOST", rig.nntp.post(FILE, second, 90_000)));
        assertEquals(deleted, item, "the ids recur");
        String shown = coverageFiles(rig, item);

        rig.app.close();
        CutoverRig fresh = new CutoverRig(dataDir, "", false, rig.nntp, CutoverRig.provider("embedded", rig.nntp, 0));
        try {
            assertEquals(coverageFiles(fresh, item), shown, "the same as a server that never saw the deleted item");
        } finally {
            fresh.app.close();
        }
    }

    private static String coverageFiles(CutoverRig on, long item) throws Exception {
        HttpResponse<String> r = get(on.app.uri().resolve("/api/items/" + item + "/coverage"));
        assertEquals(200, r.statusCode(), r.body());
        return CutoverRig.JSON.readTree(r.body()).get("files").toString();
    }

    /** Makes SQLite give the highest ids again, as it did before ids were never reused: what every cache must survive. */
    private void letIdsRecur() throws Exception {
        try (Connection c = DriverManager.getConnection(
                        "jdbc:sqlite:" + dataDir.resolve("nzbmount.db").toAbsolutePath());
                Statement s = c.createStatement()) {
            s.execute("DELETE FROM sqlite_sequence");
        }
    }

    private static HttpResponse<String> get(URI uri) throws Exception {
        return HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }
}
