package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link Usenet#missing}, as an import's presence sample and a repair's damage scan ask it, on real connections. */
class MissingArticlesTest {

    private static final int PART = 10_000;
    private final List<EmbeddedNntpServer> servers = new ArrayList<>();
    private Usenet usenet;

    @AfterEach
    void stop() {
        if (usenet != null) usenet.close();
        servers.forEach(EmbeddedNntpServer::close);
    }

    private EmbeddedNntpServer server() throws Exception {
        EmbeddedNntpServer s = EmbeddedNntpServer.start();
        servers.add(s);
        return s;
    }

    private static byte[] data(int size, int seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static Usenet.Settings settings() {
        return Usenet.Settings.defaults().withRetryBackoff(List.of(Duration.ofMillis(10)));
    }

    @Test
    void anArticleIsMissingOnlyWhenEveryProviderLacksIt() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile posted = a.post("film.mkv", data(20 * PART, 1), PART);
        List<String> ids = posted.messageIds();
        for (String id : ids) b.putArticle(id, "x\r\n".getBytes(StandardCharsets.US_ASCII));
        a.faults().inject(ids.get(3), ArticleFault.missing());
        a.faults().inject(ids.get(17), ArticleFault.missing());
        b.faults().inject(ids.get(17), ArticleFault.missing());
        usenet = Usenet.connect(List.of(a.provider("a", 8, 0), b.provider("b", 8, 1)), settings());

        assertEquals(Set.of(ids.get(17)), usenet.missing(posted.toNzbFile().segments()));
        assertEquals(20, a.counters().statCommands(), "each article asked of the first provider once");
        assertEquals(2, b.counters().statCommands(), "only what the first provider lacks asked of the second");
        assertTrue(a.counters().accepted() <= 2, "twenty STATs travel in two batches, each together on a connection: "
                + a.counters().accepted() + " connections");
        assertEquals(0, a.counters().bodyCommands() + b.counters().bodyCommands(), "no article fetched");
    }

    @Test
    void aSampleThatCannotBeAskedFailsInsteadOfLookingWhole() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile posted = a.post("film.mkv", data(10 * PART, 2), PART);
        // One connection, kept for playback: background work may not use it.
        usenet = Usenet.connect(List.of(a.provider("a", 1, 0)), settings());

        assertThrows(ReadFailure.class, () -> usenet.missing(posted.toNzbFile().segments()));
        assertEquals(0, a.counters().statCommands());
    }

    @Test
    void aStatThatStallsPastTheBudgetIsAskedAgainAlone() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile posted = a.post("film.mkv", data(10 * PART, 3), PART);
        List<String> ids = posted.messageIds();
        a.faults().inject(ids.get(6), ArticleFault.missing());
        // The first STAT of part 5 gets no answer within the fetch budget; asked again, it is there.
        a.faults().inject(ids.get(5), ArticleFault.stall(Duration.ofSeconds(3)), 1);
        usenet = Usenet.connect(List.of(a.provider("a", 8, 0)),
                settings().withFetchBudget(Duration.ofMillis(500)).withTimeouts(Duration.ofSeconds(2), Duration.ofMillis(400)));

        assertEquals(Set.of(ids.get(6)), usenet.missing(posted.toNzbFile().segments()));
        assertTrue(a.counters().statCommands() >= 11, "part 5 asked a second time: " + a.counters().statCommands());
    }
}
