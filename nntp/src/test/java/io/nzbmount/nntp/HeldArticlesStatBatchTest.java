package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The server reads through articles held locally (rebuilt from recovery data) before the
 * providers; an import's STAT sample must still go out in batches on one connection, not one STAT
 * a round trip on each of a few connections.
 */
class HeldArticlesStatBatchTest {

    private static final int PART = 10_000;
    private static final int PARTS = 16;

    private EmbeddedNntpServer server;
    private PostedFile posted;

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedNntpServer.start();
        posted = server.post("film.mkv", new byte[PARTS * PART], PART);
    }

    @AfterEach
    void stop() {
        if (server != null) server.close();
    }

    private Usenet connect(LocalArticles local) {
        Usenet.Settings settings =
                Usenet.Settings.defaults().withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5));
        return Usenet.connect(List.of(server.provider("embedded", 20, 0)), settings, local);
    }

    @Test
    void aSampleOfSixteenArticlesGoesOutTogetherOnOneConnectionWhenArticlesMayBeHeldLocally() throws Exception {
        try (Usenet usenet = connect(id -> Optional.empty())) {
            assertEquals(Set.of(), usenet.missing(posted.toNzbFile().segments()));
        }
        assertEquals(PARTS, server.counters().statCommands());
        assertEquals(1, server.counters().accepted(), "the sixteen STATs went out as one batch on one connection");
    }

    @Test
    void anArticleHeldLocallyIsPresentWithoutAStatAndTheRestStillGoTogether() throws Exception {
        String held = posted.messageIds().get(3);
        String gone = posted.messageIds().get(9);
        server.removeArticle(gone);
        LocalArticles local = id -> id.equals(held)
                ? Optional.of(new LocalArticles.Article(4, PARTS, (long) PARTS * PART, 3L * PART, new byte[PART]))
                : Optional.empty();
        try (Usenet usenet = connect(local)) {
            assertEquals(Set.of(gone), usenet.missing(posted.toNzbFile().segments()));
        }
        assertEquals(PARTS - 1, server.counters().statCommands(), "the held article is not asked about");
        assertEquals(1, server.counters().accepted(), "the fifteen STATs went out as one batch on one connection");
    }
}
