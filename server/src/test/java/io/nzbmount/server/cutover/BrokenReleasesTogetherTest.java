package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Releases that are each broken somewhere, at other places, together hold every byte: a response
 * is whole and exact. Articles are removed from the server before anything is imported, as a
 * takedown leaves them, so the standbys' own holes lie on their sample positions (every article
 * of this small film holds a sample) and must not keep them from being proved.
 */
class BrokenReleasesTogetherTest {
    private static final int PART = 100_000;
    private static final int OTHER_PART = 96_000;
    private static final String FILE = "Film.2021.1080p.mkv";
    private static final String TITLE = "Film 2021";

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private CutoverRig rig;
    private final byte[] film = random(20 * PART, 2021);

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = new CutoverRig(dataDir, "", false, nntp, CutoverRig.provider("embedded", nntp, 0));
    }

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
        if (nntp != null) nntp.close();
    }

    /** Posts the film with {@code part}-byte articles and removes the articles holding each of {@code at}. */
    private PostedFile postWithHolesAt(int part, long... at) {
        return postWithHolesAt(film, part, at);
    }

    private PostedFile postWithHolesAt(byte[] content, int part, long... at) {
        PostedFile posted = nntp.post(FILE, content, part);
        for (long offset : at) nntp.removeArticle(posted.segmentAt(offset).messageId());
        return posted;
    }

    @Test
    void aPrimaryBrokenAt30PercentAndAStandbyBrokenAt70PercentTogetherServeTheWholeFilm() throws Exception {
        PostedFile a = postWithHolesAt(PART, 6 * PART, 7 * PART);
        PostedFile b = postWithHolesAt(OTHER_PART, 14 * PART, 14 * PART + OTHER_PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);

        CutoverRig.Raw whole = rawGet(file());
        whole.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(whole.body()), "A to B at 30 %, B back to A at 70 %");
        assertTrue(
                rig.events(item, "cutover").size() >= 2,
                rig.events(item, "cutover").toString());

        int from = 5 * PART + 12_345;
        int to = 16 * PART + 999;
        CutoverRig.Raw range = rawGet(file(), "bytes=" + from + "-" + to);
        assertTrue(range.headers().startsWith("HTTP/1.1 206"), range.headers());
        assertArrayEquals(sha256(Arrays.copyOfRange(film, from, to + 1)), sha256(range.body()));
    }

    @Test
    void threeReleasesEachMissingTwoArticlesAtOtherPlacesServeTheWholeFilm() throws Exception {
        PostedFile r1 = postWithHolesAt(PART, 5 * PART, 6 * PART);
        PostedFile r2 = postWithHolesAt(OTHER_PART, 10 * PART, 10 * PART + OTHER_PART);
        PostedFile r3 = postWithHolesAt(PART, 15 * PART, 16 * PART);
        long item = rig.importPrimary(TITLE, r1);
        long s2 = rig.addStandby(item, TITLE + " REPOST", r2);
        long s3 = rig.addStandby(item, TITLE + " REPOST 2", r3);
        rig.awaitVerified(item, s2);
        rig.awaitVerified(item, s3);

        CutoverRig.Raw whole = rawGet(file());
        whole.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(whole.body()));

        int from = 4 * PART;
        CutoverRig.Raw tail = rawGet(file(), "bytes=" + from + "-");
        assertArrayEquals(sha256(Arrays.copyOfRange(film, from, film.length)), sha256(tail.body()));
    }

    @Test
    void aStandbyWithSixHolesOfItsOwnCoversThePrimarysOneHole() throws Exception {
        PostedFile a = postWithHolesAt(PART, 10 * PART);
        long[] six = {
            1L * OTHER_PART, 4L * OTHER_PART, 7L * OTHER_PART, 13L * OTHER_PART, 16L * OTHER_PART, 19L * OTHER_PART
        };
        PostedFile b = postWithHolesAt(OTHER_PART, six);
        long item = rig.importPrimary(TITLE, a);
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);

        CutoverRig.Raw whole = rawGet(file());
        whole.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(whole.body()));
    }

    @Test
    void aStandbyLackingTheBytesJustBeforeTheCutStillTakesOverAtIt() throws Exception {
        // The range proof compares the bytes sent just before the cut, which B lacks: it rests on
        // B's sweep for them.
        PostedFile a = postWithHolesAt(PART, 10 * PART);
        PostedFile b = postWithHolesAt(PART, 9 * PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);

        CutoverRig.Raw whole = rawGet(file());
        whole.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(whole.body()));
        assertEquals(
                sourceB,
                rig.events(item, "cutover").get(0).get("detail").get("to").asLong());
    }

    @Test
    void bytesNoReleaseHoldsEndTheResponseCleanlyAfterEveryByteBeforeThem() throws Exception {
        PostedFile a = postWithHolesAt(PART, 8 * PART);
        PostedFile b = postWithHolesAt(PART, 8 * PART, 3 * PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertEquals(8 * PART, r.body().length, "both lack article 8: the response ends there");
        assertArrayEquals(Arrays.copyOf(film, 8 * PART), r.body());
    }

    @Test
    void aPrimaryTheUserChoseIsNotDemotedForAHoleAnotherSourceCoveredAndServesAgainPastIt() throws Exception {
        // Long enough that the old reader's held articles run out well before the end.
        byte[] longFilm = random(60 * PART, 2022);
        PostedFile a = postWithHolesAt(longFilm, PART, 9 * PART);
        PostedFile b = postWithHolesAt(longFilm, PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceA = rig.item(item).get("primary").get("id").asLong();
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);
        var chosen =
                rig.post(URI.create(rig.app.uri() + "api/items/" + item + "/primary"), "{\"source\": " + sourceA + "}");
        assertEquals(200, chosen.statusCode(), chosen.body());

        long[] before = new long[b.messageIds().size()];
        for (int k = 0; k < before.length; k++)
            before[k] = nntp.counters().bodyCommands(b.messageIds().get(k));
        CutoverRig.Raw whole = rawGet(file());
        whole.assertOne200(longFilm.length);
        assertArrayEquals(sha256(longFilm), sha256(whole.body()));
        assertEquals(sourceA, rig.item(item).get("primary").get("id").asLong(), "still the user's choice");
        assertTrue(rig.item(item).get("primaryChosenByUser").asBoolean());
        var routed = rig.events(item, "routed");
        assertEquals(1, routed.size(), routed + " " + rig.events(item, "cutover"));
        assertEquals(
                sourceA, routed.get(0).get("detail").get("to").asLong(), "back on the user's choice past its hole");
        long back = routed.get(0).get("detail").get("offset").asLong();
        for (int k = (int) (back / PART) + 1; k < before.length; k++) {
            assertEquals(
                    before[k],
                    nntp.counters().bodyCommands(b.messageIds().get(k)),
                    "B's article " + k + " lies past the stream's return to the user's choice at " + back);
        }
    }

    private URI file() {
        return rig.dav(TITLE, FILE);
    }
}
