package io.nzbmount.server.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.store.MissingArticles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link HealthCheck} over the embedded NNTP server: what every provider lacks lands in the hole store. */
class HealthCheckTest {
    private static final int PART = 20_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataDir;

    private final List<EmbeddedNntpServer> servers = new ArrayList<>();
    private HealthRig rig;

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
        servers.forEach(EmbeddedNntpServer::close);
    }

    private EmbeddedNntpServer server() throws Exception {
        EmbeddedNntpServer s = EmbeddedNntpServer.start();
        servers.add(s);
        return s;
    }

    private static byte[] film(int parts, int seed) {
        byte[] b = new byte[parts * PART - 123];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static Hole article(int k, long size) {
        return new Hole(0, (long) k * PART, Math.min(size, (long) (k + 1) * PART));
    }

    @Test
    void articlesMissingOnEveryProviderBecomeHolesOfTheirSource() throws Exception {
        EmbeddedNntpServer nntp = server();
        byte[] film = film(20, 1);
        PostedFile posted = nntp.post("Film.2020.1080p.mkv", film, PART);
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        ImportResult imported = rig.importPrimary("Film 2020", posted);
        // Taken down after the import, as takedowns come.
        nntp.removeArticle(posted.messageIds().get(3));
        nntp.removeArticle(posted.messageIds().get(19));

        CheckResult r = rig.check.run(imported.sourceId(), CheckKind.AFTER_IMPORT, 0, 0);

        assertEquals(new CheckResult(20, 2, 0, 2), r);
        List<Hole> expected = List.of(article(3, film.length), article(19, film.length));
        assertEquals(expected, HoleTable.ofSource(rig.db, imported.sourceId()));
        assertEquals(
                Set.of(posted.messageIds().get(3), posted.messageIds().get(19)),
                rig.db.transaction(c -> MissingArticles.of(c, imported.sourceId())));
        assertEquals(
                List.of(new FoundHoles(
                        imported.item().item().id(),
                        imported.sourceId(),
                        expected,
                        Set.of(posted.messageIds().get(3), posted.messageIds().get(19)))),
                rig.told);
        JsonNode detail = JSON.readTree(rig.events("holes-found").get(0).detail());
        assertEquals(2, detail.get("newHoles").asInt());
        assertEquals("after-import", detail.get("check").asText());
        assertEquals(20, detail.get("articlesChecked").asInt());
        assertEquals(3L * PART, detail.get("holes").get(0).get("start").asLong());
        assertEquals(20, rig.counters.articles());
        assertEquals(2, rig.counters.holes());
    }

    @Test
    void theHolesOfAStandbyAreItsOwn() throws Exception {
        EmbeddedNntpServer nntp = server();
        byte[] film = film(10, 2);
        PostedFile a = nntp.post("Film.2020.1080p.mkv", film, PART);
        PostedFile b = nntp.post("Film.2020.1080p.mkv", film, PART);
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        ImportResult primary = rig.importPrimary("Film 2020", a);
        ImportResult standby = rig.addStandby(primary.item().item().id(), "Film 2020 REPOST", b);
        nntp.removeArticle(b.messageIds().get(5));

        assertEquals(
                0,
                rig.check.run(primary.sourceId(), CheckKind.AFTER_IMPORT, 0, 0).newHoles());
        assertEquals(
                1,
                rig.check.run(standby.sourceId(), CheckKind.AFTER_IMPORT, 0, 0).newHoles());

        assertEquals(List.of(), HoleTable.ofSource(rig.db, primary.sourceId()));
        assertEquals(List.of(article(5, film.length)), HoleTable.ofSource(rig.db, standby.sourceId()));
    }

    @Test
    void aHoleAlreadyKnownIsNotAnnouncedAgain() throws Exception {
        EmbeddedNntpServer nntp = server();
        PostedFile posted = nntp.post("Film.2020.1080p.mkv", film(8, 3), PART);
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        ImportResult imported = rig.importPrimary("Film 2020", posted);
        nntp.removeArticle(posted.messageIds().get(2));
        rig.check.run(imported.sourceId(), CheckKind.AFTER_IMPORT, 0, 0);
        nntp.removeArticle(posted.messageIds().get(6));

        CheckResult again = rig.check.run(imported.sourceId(), CheckKind.FULL, 0, 0);

        assertEquals(new CheckResult(8, 2, 0, 1), again);
        assertEquals(2, rig.told.size());
        assertEquals(1, rig.told.get(1).holes().size());
        assertEquals(6L * PART, rig.told.get(1).holes().get(0).start());
        assertEquals(2, rig.events("holes-found").size());
        assertEquals(2, HoleTable.ofSource(rig.db, imported.sourceId()).size(), "nothing stored is lost");
    }

    @Test
    void anArticleOneProviderStillHasIsNoHole() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile posted = a.post("Film.2020.1080p.mkv", film(10, 4), PART);
        for (String id : posted.messageIds()) b.putArticle(id, "x\r\n".getBytes(StandardCharsets.US_ASCII));
        rig = new HealthRig(dataDir, List.of(a.provider("a", 4, 0), b.provider("b", 4, 1)));
        ImportResult imported = rig.importPrimary("Film 2020", posted);
        a.faults().inject(posted.messageIds().get(4), new ArticleFault.Missing());
        a.faults().inject(posted.messageIds().get(7), new ArticleFault.Missing());
        b.faults().inject(posted.messageIds().get(7), new ArticleFault.Missing());

        CheckResult r = rig.check.run(imported.sourceId(), CheckKind.AFTER_IMPORT, 0, 0);

        assertEquals(1, r.missing());
        assertEquals(List.of(new Hole(0, 7L * PART, 8L * PART)), HoleTable.ofSource(rig.db, imported.sourceId()));
    }

    @Test
    void providersThatLackEverythingSayNothingAboutTheRelease() throws Exception {
        EmbeddedNntpServer nntp = server();
        PostedFile posted = nntp.post("Film.2020.1080p.mkv", film(6, 5), PART);
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        ImportResult imported = rig.importPrimary("Film 2020", posted);
        nntp.faults().inject(Faults.ALL, new ArticleFault.Missing());

        CheckResult r = rig.check.run(imported.sourceId(), CheckKind.AFTER_IMPORT, 0, 0);

        assertEquals(6, r.missing());
        assertEquals(0, r.newHoles());
        assertEquals(List.of(), HoleTable.ofSource(rig.db, imported.sourceId()));
        assertTrue(rig.told.isEmpty());
        assertTrue(rig.events("holes-found").isEmpty());
    }

    @Test
    void anOutageThatBeganDuringTheCheckLeavesNoHole() throws Exception {
        EmbeddedNntpServer nntp = server();
        PostedFile posted = nntp.post("Film.2020.1080p.mkv", film(12, 6), PART);
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        ImportResult imported = rig.importPrimary("Film 2020", posted);
        nntp.removeArticle(posted.messageIds().get(1));
        // A real hole at 1, then every article answers 430 from the confirming census on.
        rig.beforeCensus = n -> {
            if (n == 2) nntp.faults().inject(Faults.ALL, new ArticleFault.Missing());
        };

        CheckResult r = rig.check.run(imported.sourceId(), CheckKind.AFTER_IMPORT, 0, 0);

        assertEquals(0, r.newHoles());
        assertEquals(List.of(), HoleTable.ofSource(rig.db, imported.sourceId()));
        assertTrue(rig.told.isEmpty());
    }

    @Test
    void aSampleAsksAboutThatManyArticlesAndADifferentDayPicksOthers() throws Exception {
        EmbeddedNntpServer nntp = server();
        PostedFile posted = nntp.post("Film.2020.1080p.mkv", film(40, 7), PART);
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        ImportResult imported = rig.importPrimary("Film 2020", posted);
        long before = nntp.counters().statCommands();

        assertEquals(
                5, rig.check.run(imported.sourceId(), CheckKind.SAMPLE, 5, 1).checked());
        assertEquals(before + 5, nntp.counters().statCommands());
        assertEquals(SampleChoice.of(posted.messageIds(), 5, 1).size(), 5);
        assertTrue(!SampleChoice.of(posted.messageIds(), 5, 1).equals(SampleChoice.of(posted.messageIds(), 5, 2)));
    }
}
