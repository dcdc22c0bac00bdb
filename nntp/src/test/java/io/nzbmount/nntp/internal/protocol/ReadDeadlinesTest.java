package io.nzbmount.nntp.internal.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read timeout is a budget of three deadlines: a reply's first byte, the gaps between its
 * bytes, and the whole fetch's time. Each catches its own kind of silence and leaves the others
 * alone. Real sockets against the embedded server's far-provider faults.
 */
class ReadDeadlinesTest {

    private static final Duration LONG = Duration.ofSeconds(20);
    private EmbeddedNntpServer server;
    private PostedFile file;
    private byte[] data;

    @BeforeEach
    void start() throws IOException {
        server = EmbeddedNntpServer.start();
        data = new byte[300_000];
        new Random(3).nextBytes(data);
        file = server.post("film.mkv", data, 300_000);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private NntpConnection connect(Duration firstByte, Duration betweenBytes) throws IOException {
        NntpConnection c = new NntpConnection(new NntpEndpoint(
                "127.0.0.1", server.port(), false, null, Duration.ofSeconds(5), firstByte, betweenBytes));
        assertEquals(200, c.connect().code());
        return c;
    }

    private String id() {
        return file.segments().getFirst().messageId();
    }

    @Test
    void firstByteDeadlineEndsTheWaitForASilentProvider() throws IOException {
        try (NntpConnection c = connect(Duration.ofMillis(400), LONG)) {
            server.faults().silent(true);
            long t0 = System.nanoTime();
            assertThrows(SocketTimeoutException.class, () -> c.body(id(), new BodyCollector()));
            long took = millisSince(t0);
            assertTrue(took >= 350 && took < 5000, "gave up after " + took + " ms, expected ~400");
            assertEquals(NntpConnection.State.BROKEN, c.state());
        }
    }

    @Test
    void firstByteDeadlineCoversTheGreeting() {
        server.faults().silent(true);
        NntpConnection c = new NntpConnection(new NntpEndpoint(
                "127.0.0.1", server.port(), false, null, Duration.ofSeconds(5), Duration.ofMillis(400), LONG));
        long t0 = System.nanoTime();
        assertThrows(SocketTimeoutException.class, c::connect);
        assertTrue(millisSince(t0) < 5000, "took " + millisSince(t0) + " ms");
    }

    @Test
    void betweenBytesDeadlineEndsAStopInTheMiddleOfAnArticle() throws Exception {
        server.faults().rateCap(200_000);
        try (NntpConnection c = connect(LONG, Duration.ofMillis(400))) {
            Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    return;
                }
                server.faults().silent(true);
            });
            long t0 = System.nanoTime();
            BodyCollector body = new BodyCollector();
            assertThrows(SocketTimeoutException.class, () -> c.body(id(), body));
            long took = millisSince(t0);
            assertTrue(took >= 600 && took < 5000, "stopped after " + took + " ms, expected ~300 + ~400");
        }
    }

    @Test
    void aSlowButSteadyArticleIsNoTimeout() throws IOException {
        // ~1.5 s for the article with no gap near the deadline: slow is not silent.
        server.faults().rateCap(200_000);
        try (NntpConnection c = connect(Duration.ofMillis(400), Duration.ofMillis(400))) {
            BodyCollector body = new BodyCollector();
            assertEquals(NntpReply.BODY_FOLLOWS, c.body(id(), body).code());
            assertTrue(body.toByteArray().length > data.length);
        }
    }

    @Test
    void theBudgetEndsAnArticleThatKeepsTrickling() throws IOException {
        server.faults().rateCap(50_000);
        try (NntpConnection c = connect(Duration.ofMillis(400), Duration.ofMillis(400))) {
            c.limitTo(Duration.ofMillis(700));
            long t0 = System.nanoTime();
            assertThrows(SocketTimeoutException.class, () -> c.body(id(), new BodyCollector()));
            long took = millisSince(t0);
            assertTrue(took >= 650 && took < 5000, "budget ended the body after " + took + " ms, expected ~700");
        }
    }

    @Test
    void aLiftedBudgetNoLongerLimitsTheConnection() throws IOException {
        server.faults().replyDelay(Duration.ofMillis(300));
        try (NntpConnection c = connect(LONG, LONG)) {
            c.limitTo(Duration.ofMillis(100));
            assertThrows(SocketTimeoutException.class, () -> c.stat(id()));
        }
        try (NntpConnection c = connect(LONG, LONG)) {
            c.limitTo(Duration.ofMillis(100));
            c.limitTo(null);
            BodyCollector body = new BodyCollector();
            assertEquals(NntpReply.BODY_FOLLOWS, c.body(id(), body).code());
            server.faults().replyDelay(Duration.ZERO);
            BodyCollector again = new BodyCollector();
            c.body(id(), again);
            assertArrayEquals(body.toByteArray(), again.toByteArray());
        }
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
