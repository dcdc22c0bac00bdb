package io.nzbmount.server.cutover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.http.TimedGet;
import io.nzbmount.server.realpeer.DelayingForwarder;
import io.nzbmount.server.realpeer.RealPeer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A far provider that goes silent mid-stream, on the real peers: inn2 behind a forwarder (20 ms
 * each way, 20 MB/s per connection) is the first provider, inn2 direct is the backup. The
 * forwarder freezes (sockets open, nothing forwarded) a quarter into a GET: every byte still
 * arrives, in one response, and no wait for bytes is longer than 2 s.
 */
@Tag("realpeer")
class FrozenProviderOverInn2Test {
    private static final long SIZE = 32L << 20;
    private static final String TITLE = "Frozen Provider Film 2022";

    @TempDir
    Path dataDir;

    private Path original;

    @BeforeEach
    void peers() {
        RealPeer.requireOrSkip();
    }

    @AfterEach
    void removeOriginal() throws Exception {
        if (original != null) Files.deleteIfExists(original);
    }

    @Test
    void aFarProviderFrozenMidStreamFailsOverToTheBackupWithExactBytesAndNoWaitOverTwoSeconds() throws Exception {
        original = RealPeer.randomFile(SIZE, System.nanoTime());
        Path nzb = RealPeer.postFile(original);
        byte[] film = Files.readAllBytes(original);
        try (DelayingForwarder far =
                        new DelayingForwarder(RealPeer.HOST, RealPeer.PORT, Duration.ofMillis(40), 20_000_000);
                CutoverRig rig = new CutoverRig(
                        dataDir,
                        "reader:\n  readAheadArticles: 8\n",
                        false,
                        null,
                        CutoverRig.provider("far", "127.0.0.1", far.port(), 0)
                                + CutoverRig.provider("direct", RealPeer.HOST, RealPeer.PORT, 1))) {
            long item = rig.importPrimary(TITLE, Files.readString(nzb, StandardCharsets.UTF_8));
            URI file = rig.app
                    .uri()
                    .resolve(rig.item(item).get("files").get(0).get("path").asText());

            TimedGet.Result r = TimedGet.get(file, film.length / 4, () -> far.freeze(true));

            assertTrue(r.headers().startsWith("HTTP/1.1 200"), r.headers());
            assertEquals(film.length, r.body().length, "the whole file in one response");
            assertArrayEquals(CutoverRig.sha256(film), CutoverRig.sha256(r.body()), "every byte equal to the original");
            System.out.println(
                    "longest wait for bytes: " + r.longestWaitMillis() + " ms, GET took " + r.tookMillis() + " ms");
            assertTrue(
                    r.longestWaitMillis() <= 2000, "the longest wait for bytes was " + r.longestWaitMillis() + " ms");
            assertTrue(rig.events(item, "stream-closed").isEmpty(), "no early end");
        }
    }
}
