package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tampered indexer on loopback whose download links, or whose redirects, point at another
 * service of this machine: NZBMount never connects there (a recorder counts every connection, and
 * would answer with a "secret" NZB), and the refusal quotes nothing such a service could answer.
 * Links to the indexer's own host keep working.
 */
class IndexerLinkTargetTest {

    private final String key = Failing.newKey();
    private TestNewznabServer indexer;
    private NewznabClient client;
    private Recorder elsewhere;

    @BeforeEach
    void start() throws Exception {
        indexer = TestNewznabServer.start(key);
        client = new NewznabClient(indexer.settings("tampered"), ClientOptions.DEFAULTS);
        elsewhere = new Recorder();
    }

    @AfterEach
    void stop() throws IOException {
        client.close();
        indexer.close();
        elsewhere.close();
    }

    private SearchResult found(TestRelease release) throws IndexerException {
        indexer.add(release);
        return client.search(SearchQuery.text(release.title())).results().getFirst();
    }

    @Test
    void aLinkToAnotherLoopbackServiceIsNeverAsked() throws Exception {
        indexer.pointLinksAt(elsewhere.base());
        SearchResult result = found(TestRelease.of("Film.2020.1080p-GRP", "l1", TestRelease.sampleNzb("l1")));
        assertTrue(result.link().startsWith(elsewhere.base().toString()), result.link());
        IndexerException e = assertThrows(IndexerException.RefusedTarget.class, () -> client.downloadNzb(result));
        assertFalse(e.isTransient());
        assertEquals(0, elsewhere.connections.get(), "a connection reached the other service");
        assertFalse(e.getMessage().contains(Recorder.ANSWER_MARK), e.getMessage());
    }

    @Test
    void aRedirectToAnotherLoopbackServiceIsNotFollowed() throws Exception {
        indexer.pointLinksAt(elsewhere.base());
        SearchResult result = found(TestRelease.of("Film.2020.1080p-GRP", "l2", TestRelease.sampleNzb("l2"))
                .viaRedirect());
        assertTrue(result.link().contains("/redirect/"), result.link());
        assertThrows(IndexerException.RefusedTarget.class, () -> client.downloadNzb(result));
        assertEquals(0, elsewhere.connections.get(), "a connection reached the other service");
    }

    @Test
    void linksAndRedirectsOnTheIndexersOwnHostAreFollowed() throws Exception {
        TestRelease r = TestRelease.of("Film.2020.1080p-GRP", "l3", TestRelease.sampleNzb("l3"))
                .viaRedirect();
        assertArrayEquals(r.nzb(), client.downloadNzb(found(r)));
    }

    @Test
    void aLinkLocalAddressIsRefusedEvenAsTheIndexersOwnHost() throws Exception {
        try (NewznabClient metadata = new NewznabClient(
                new io.nzbmount.config.IndexerSettings("meta", URI.create("http://169.254.169.254/"), key),
                ClientOptions.DEFAULTS)) {
            SearchResult result = new SearchResult(
                    "meta",
                    "Film",
                    "g",
                    "http://169.254.169.254/latest/meta-data",
                    1,
                    SearchResult.UNKNOWN,
                    java.util.List.of(),
                    0,
                    "",
                    "",
                    java.util.Map.of());
            assertThrows(IndexerException.RefusedTarget.class, () -> metadata.downloadNzb(result));
        }
    }

    /** A server on 127.0.0.1 that counts connections and answers each with an NZB it marks. */
    static final class Recorder implements AutoCloseable {
        static final String ANSWER_MARK = "internal-service-secret";
        final AtomicInteger connections = new AtomicInteger();
        private final ServerSocket socket;
        private final Thread acceptor;

        Recorder() throws IOException {
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            acceptor = Thread.ofVirtual().start(this::serve);
        }

        URI base() {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/files/");
        }

        private void serve() {
            while (!socket.isClosed()) {
                try (Socket s = socket.accept()) {
                    connections.incrementAndGet();
                    byte[] body = ("<nzb><!-- " + ANSWER_MARK + " --></nzb>").getBytes(StandardCharsets.UTF_8);
                    OutputStream out = s.getOutputStream();
                    out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                } catch (IOException closed) {
                    return;
                }
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            acceptor.interrupt();
        }
    }
}
