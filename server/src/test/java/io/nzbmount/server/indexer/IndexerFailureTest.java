package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every way an indexer can fail becomes one typed failure, decided by code, status or I/O type. */
class IndexerFailureTest {
    private static final Duration SHORT = Duration.ofMillis(400);
    private final String key = Failing.newKey();
    private TestNewznabServer server;
    private NewznabClient client;

    @BeforeEach
    void start() throws Exception {
        server = TestNewznabServer.start(key);
        client = new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS.withTimeouts(SHORT, SHORT));
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    static Stream<Arguments> newznabCodes() {
        return Stream.of(
                Arguments.of(100, IndexerException.CredentialsRejected.class, false),
                Arguments.of(101, IndexerException.CredentialsRejected.class, false),
                Arguments.of(102, IndexerException.CredentialsRejected.class, false),
                Arguments.of(200, IndexerException.BadRequest.class, false),
                Arguments.of(201, IndexerException.BadRequest.class, false),
                Arguments.of(202, IndexerException.BadRequest.class, false),
                Arguments.of(203, IndexerException.BadRequest.class, false),
                Arguments.of(300, IndexerException.NzbGone.class, false),
                Arguments.of(500, IndexerException.LimitReached.class, true),
                Arguments.of(501, IndexerException.LimitReached.class, true),
                Arguments.of(900, IndexerException.Unavailable.class, true),
                Arguments.of(910, IndexerException.Unavailable.class, true),
                Arguments.of(999, IndexerException.Unavailable.class, true));
    }

    @ParameterizedTest(name = "code {0} as XML -> {1}")
    @MethodSource("newznabCodes")
    void everyXmlErrorCodeMapsToItsType(int code, Class<? extends IndexerException> type, boolean transientFailure) {
        server.failWith(code, "described by the indexer");
        IndexerException e = Failing.expect(type, () -> client.search(SearchQuery.text("x")));
        assertEquals(OptionalInt.of(code), e.newznabCode());
        assertEquals(transientFailure, e.isTransient());
        assertTrue(e.getMessage().contains("described by the indexer"), e.getMessage());
    }

    @ParameterizedTest(name = "code {0} as JSON -> {1}")
    @MethodSource("newznabCodes")
    void everyJsonErrorCodeMapsToItsType(int code, Class<? extends IndexerException> type, boolean transientFailure) {
        server.failWith(code, "described by the indexer");
        try (NewznabClient json = new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS.withJson(true))) {
            IndexerException e = Failing.expect(type, () -> json.search(SearchQuery.text("x")));
            assertEquals(OptionalInt.of(code), e.newznabCode());
        }
    }

    @Test
    void theClassificationIgnoresTheDescription() {
        server.failWith(500, "Incorrect user credentials");
        Failing.expect(IndexerException.LimitReached.class, () -> client.search(SearchQuery.text("x")));
    }

    @Test
    void aWrongKeyIsRejectedCredentials() {
        try (NewznabClient wrong = new NewznabClient(
                new io.nzbmount.config.IndexerSettings("idx", server.url(), Failing.newKey()),
                ClientOptions.DEFAULTS)) {
            Failing.expect(IndexerException.CredentialsRejected.class, wrong::caps);
        }
    }

    @Test
    void anErrorBodyWinsOverTheHttpStatus() {
        server.answerRaw(429, "application/xml", NewznabAnswers.xmlError(100, "Incorrect user credentials"));
        Failing.expect(IndexerException.CredentialsRejected.class, () -> client.search(SearchQuery.text("x")));
    }

    static Stream<Arguments> httpStatuses() {
        return Stream.of(
                Arguments.of(401, IndexerException.CredentialsRejected.class),
                Arguments.of(403, IndexerException.CredentialsRejected.class),
                Arguments.of(429, IndexerException.LimitReached.class),
                Arguments.of(400, IndexerException.BadRequest.class),
                Arguments.of(404, IndexerException.BadRequest.class),
                Arguments.of(500, IndexerException.Unavailable.class),
                Arguments.of(502, IndexerException.Unavailable.class),
                Arguments.of(503, IndexerException.Unavailable.class));
    }

    @ParameterizedTest(name = "HTTP {0} with an HTML page -> {1}")
    @MethodSource("httpStatuses")
    void httpStatusesWithoutNewznabErrorMapToTheirType(int status, Class<? extends IndexerException> type) {
        server.answerRaw(status, "text/html", "<html><body>nope</body></html>".getBytes(StandardCharsets.UTF_8));
        Failing.expect(type, () -> client.search(SearchQuery.text("x")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(
            strings = {
                "this is not xml",
                "<?xml version=\"1.0\"?><rss><channel><item><title>cut sh",
                "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>",
                "{\"channel\": {\"item\": [",
                ""
            })
    void malformedAnswersAreClearTypedErrors(String body) {
        server.answerRaw(200, "text/xml", body.getBytes(StandardCharsets.UTF_8));
        IndexerException e =
                Failing.expect(IndexerException.MalformedAnswer.class, () -> client.search(SearchQuery.text("x")));
        assertTrue(e.getMessage().contains("not usable"), e.getMessage());
        assertTrue(e.isTransient());
    }

    @Test
    void anIndexerThatNeverAnswersTimesOutAsUnavailable() {
        server.hang();
        long start = System.nanoTime();
        IndexerException e =
                Failing.expect(IndexerException.Unavailable.class, () -> client.search(SearchQuery.text("x")));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms >= SHORT.toMillis() - 50 && ms < 3_000, "took " + ms + " ms");
        assertTrue(e.isTransient());
    }

    @Test
    void anAnswerThatStallsMidBodyTimesOutAsUnavailable() {
        server.hangMidBody("<?xml version=\"1.0\"?><rss><channel><item>".getBytes(StandardCharsets.UTF_8));
        long start = System.nanoTime();
        Failing.expect(IndexerException.Unavailable.class, () -> client.search(SearchQuery.text("x")));
        assertTrue((System.nanoTime() - start) / 1_000_000 < 3_000);
    }

    @Test
    void aRefusedConnectionIsUnavailable() throws Exception {
        java.net.URI deadUrl;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            deadUrl = java.net.URI.create("http://127.0.0.1:" + s.getLocalPort() + "/");
        }
        try (NewznabClient dead = new NewznabClient(
                new io.nzbmount.config.IndexerSettings("dead", deadUrl, key),
                ClientOptions.DEFAULTS.withTimeouts(SHORT, SHORT))) {
            Failing.expect(IndexerException.Unavailable.class, () -> dead.search(SearchQuery.text("x")));
        }
    }

    @Test
    void anInterruptedSearchEndsPromptlyAndKeepsTheInterrupt() throws Exception {
        server.hang();
        try (NewznabClient slow = new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS)) {
            java.util.concurrent.atomic.AtomicReference<Object> outcome =
                    new java.util.concurrent.atomic.AtomicReference<>();
            Thread caller = Thread.ofVirtual().unstarted(() -> {
                try {
                    slow.search(SearchQuery.text("x"));
                    outcome.set("no failure");
                } catch (IndexerException e) {
                    outcome.set(Thread.currentThread().isInterrupted() ? e : "interrupt flag lost");
                }
            });
            int asked = server.requests().size();
            caller.start();
            Await.until(
                    Duration.ofSeconds(20),
                    () -> server.requests().size() > asked,
                    () -> "the search waiting on the hanging indexer");
            caller.interrupt();
            caller.join(3_000);
            assertTrue(!caller.isAlive(), "the search did not end on interrupt");
            assertTrue(outcome.get() instanceof IndexerException.Unavailable, String.valueOf(outcome.get()));
            Failing.assertNoKey((Throwable) outcome.get());
        }
    }
}
