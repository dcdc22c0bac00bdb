package io.nzbmount.server.rclone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.nzbmount.config.Credentials;
import io.nzbmount.config.RcloneSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The calls a {@link RcloneRefresher} sends, against a hand-written remote control. */
class RcloneRefresherTest {

    /** One request the fake remote control received. */
    record Received(String path, String body, String authorization) {}

    private HttpServer rc;
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private volatile boolean holdFirst;
    private volatile int status = 200;
    private volatile String answer = "{\"result\": {\"library\": \"OK\"}}";

    @BeforeEach
    void start() throws IOException {
        rc = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        rc.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        rc.createContext("/", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new Received(
                    ex.getRequestURI().getPath(), body, ex.getRequestHeaders().getFirst("Authorization")));
            if (holdFirst) {
                holdFirst = false;
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            byte[] out = answer.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(status, out.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(out);
            }
        });
        rc.start();
    }

    @AfterEach
    void stop() {
        release.countDown();
        rc.stop(0);
    }

    private RcloneRefresher refresher(String remoteRoot, Optional<Credentials> login) {
        URI url = URI.create("http://127.0.0.1:" + rc.getAddress().getPort() + "/");
        return RcloneRefresher.of(new RcloneSettings(Optional.of(url), login, remoteRoot))
                .orElseThrow();
    }

    private Received next() throws InterruptedException {
        Received r = received.poll(20, TimeUnit.SECONDS);
        assertTrue(r != null, "no call reached the remote control");
        return r;
    }

    @Test
    void anImportAsksForARefreshAndARemovalForAForgetOfTheLibraryFolderWithTheLogin() throws Exception {
        try (RcloneRefresher r = refresher("/dav/", Optional.of(new Credentials("rc", "pass word")))) {
            r.itemAdded();
            Received refresh = next();
            assertEquals("/vfs/refresh", refresh.path());
            assertEquals("{\"dir\":\"library\"}", refresh.body());
            assertEquals(
                    "Basic " + Base64.getEncoder().encodeToString("rc:pass word".getBytes(StandardCharsets.UTF_8)),
                    refresh.authorization());
            r.itemRemoved();
            Received forget = next();
            assertEquals("/vfs/forget", forget.path());
            assertEquals("{\"dir\":\"library\"}", forget.body());
        }
    }

    @Test
    void theFolderIsNamedFromTheRemotesRoot() throws Exception {
        for (String[] rootAndDir : List.of(new String[] {"/", "dav/library"}, new String[] {"/dav/library/", ""})) {
            try (RcloneRefresher r = refresher(rootAndDir[0], Optional.empty())) {
                r.itemAdded();
                Received call = next();
                assertEquals("{\"dir\":\"" + rootAndDir[1] + "\"}", call.body(), rootAndDir[0]);
                assertEquals(null, call.authorization());
            }
        }
    }

    @Test
    void callersNeverWaitForRcloneAndABurstWhileOneCallIsUnderWayCostsOneMoreCall() throws Exception {
        holdFirst = true;
        try (RcloneRefresher r = refresher("/dav/", Optional.empty())) {
            r.itemAdded();
            next(); // the first refresh now hangs in the remote control
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                for (int i = 0; i < 50; i++) r.itemAdded();
            });
            release.countDown();
            assertEquals("/vfs/refresh", next().path());
            assertEquals(null, received.poll(1, TimeUnit.SECONDS), "the burst was sent more than once");
        }
    }

    @Test
    void aFailingRemoteControlDoesNotStopLaterCalls() throws Exception {
        status = 500;
        answer = "{\"error\": \"more than one VFS active\", \"status\": 500}";
        try (RcloneRefresher r = refresher("/dav/", Optional.empty())) {
            r.itemAdded();
            next();
            status = 200;
            answer = "{\"forgotten\": [\"library\"]}";
            r.itemRemoved();
            assertEquals("/vfs/forget", next().path());
        }
    }
}
