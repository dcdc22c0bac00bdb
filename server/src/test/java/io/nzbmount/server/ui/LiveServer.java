package io.nzbmount.server.ui;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.Application;
import io.nzbmount.server.indexer.TestNewznabServer;
import io.nzbmount.server.indexer.TestRelease;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The whole server as {@code serve} runs it ({@link Application}: API, search, standby pools,
 * streams, health, diagnostics, WebDAV), on 127.0.0.1 with a free port, against a real NNTP
 * provider ({@link EmbeddedNntpServer}, with a login) and two Newznab indexers
 * ({@link TestNewznabServer}): {@link #INDEXER} answers, {@link #BROKEN_INDEXER} answers every
 * request with an API-limit error. Release NZBs served by the indexer name articles posted to the
 * embedded server, so picking a result imports for real. Close it to stop everything.
 */
final class LiveServer implements AutoCloseable {

    static final String INDEXER = "testidx";
    static final String BROKEN_INDEXER = "limited";
    static final String INDEXER_KEY = "indexer-key-0c1d2e";
    static final String NNTP_USER = "reader";
    static final String NNTP_PASSWORD = "nntp-pass-7f8e9d";

    final EmbeddedNntpServer nntp;
    final TestNewznabServer indexer;
    final TestNewznabServer brokenIndexer;
    final Application app;

    private LiveServer(EmbeddedNntpServer nntp, TestNewznabServer indexer, TestNewznabServer broken, Application app) {
        this.nntp = nntp;
        this.indexer = indexer;
        this.brokenIndexer = broken;
        this.app = app;
    }

    static LiveServer start(Path dataDir) throws Exception {
        return start(dataDir, false);
    }

    /** As {@link #start(Path)}; {@code demo} also offers {@code POST /api/items/{id}/simulate-failure}. */
    static LiveServer start(Path dataDir, boolean demo) throws Exception {
        EmbeddedNntpServer nntp = EmbeddedNntpServer.builder()
                .credentials(NNTP_USER, NNTP_PASSWORD)
                .start();
        TestNewznabServer indexer = null;
        TestNewznabServer broken = null;
        try {
            indexer = TestNewznabServer.start(INDEXER_KEY);
            broken = TestNewznabServer.start(INDEXER_KEY);
            broken.failWith(500, "Request limit reached");
            // The streams page is shown a response held open by a provider trickling articles at 8 kB/s
            // (12 s an article): the reader's budget lets such a fetch finish.
            Settings settings = ConfigLoader.fromText(
                    """
                    server:
                      port: 0
                      dataDir: %s
                    providers:
                      - name: embedded
                        host: %s
                        port: %d
                        username: %s
                        password: %s
                        connections: 4
                    indexers:
                      - name: %s
                        url: %s
                        apiKey: %s
                      - name: %s
                        url: %s
                        apiKey: %s
                    reader:
                      retryBackoffMillis: [1]
                      fetchBudgetMillis: 60000
                    health:
                      enabled: false
                    """.formatted(
                                    dataDir,
                                    nntp.host(),
                                    nntp.port(),
                                    NNTP_USER,
                                    NNTP_PASSWORD,
                                    INDEXER,
                                    indexer.url(),
                                    INDEXER_KEY,
                                    BROKEN_INDEXER,
                                    broken.url(),
                                    INDEXER_KEY),
                    "test",
                    Map.of());
            return new LiveServer(nntp, indexer, broken, Application.start(settings, Map.of(), demo));
        } catch (Exception | Error e) {
            if (broken != null) broken.close();
            if (indexer != null) indexer.close();
            nntp.close();
            throw e;
        }
    }

    /** Posts {@code data} as {@code fileName} in parts of {@code partSize} and returns its NZB with this title. */
    byte[] post(String fileName, byte[] data, int partSize, String title) {
        PostedFile posted = nntp.post(fileName, data, partSize);
        return NzbWriter.write(List.of(posted), title).getBytes(StandardCharsets.UTF_8);
    }

    /** Posts {@code data} and offers it on the indexer as a film release named {@code title}, posted 3 days ago. */
    TestRelease offer(String title, String guid, byte[] data) {
        TestRelease release = TestRelease.of(
                        title, guid, post(title.replaceAll("[^A-Za-z0-9.-]", ".") + ".mkv", data, 100_000, title))
                .withSize(data.length)
                .withPostDate(java.time.Instant.now()
                        .minus(java.time.Duration.ofDays(3))
                        .getEpochSecond());
        indexer.add(release);
        return release;
    }

    /** {@code http://127.0.0.1:PORT} without a trailing slash. */
    String origin() {
        String uri = app.uri().toString();
        return uri.substring(0, uri.length() - 1);
    }

    URI resolve(String path) {
        return app.uri().resolve(path);
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Override
    public void close() {
        try {
            app.close();
        } finally {
            brokenIndexer.close();
            indexer.close();
            nntp.close();
        }
    }
}
