package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.policy.FailurePolicy;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /api/items/{id}}: {@code problem} while no source can serve, {@code activeSource} while streaming. */
class ItemLiveStateTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private CutoverRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void anItemShowsNoStableSourceAfterAStreamEndedWithNoSourceLeftUntilAReadSucceeds() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        byte[] film = random(10 * PART, 3);
        PostedFile a = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        JsonNode before = rig.item(item);
        assertTrue(before.has("problem") && before.get("problem").isNull(), before.toString());
        assertTrue(before.has("activeSource") && before.get("activeSource").isNull(), before.toString());

        rig.nntp.faults().inject(a.messageIds().get(5), new ArticleFault.Missing());
        Instant start = Instant.now().minusSeconds(1);
        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        assertEquals(5 * PART, r.body().length);
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());

        JsonNode problem = rig.item(item).get("problem");
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, problem.get("message").asText(), problem.toString());
        assertFalse(Instant.parse(problem.get("since").asText()).isBefore(start), problem.toString());
        assertTrue(problem.get("reason").asText().contains("offset " + 5 * PART), problem.toString());

        rig.nntp.faults().clearAll();
        assertArrayEquals(sha256(film), sha256(rawGet(rig.dav(TITLE, FILE)).body()));
        assertTrue(rig.item(item).get("problem").isNull(), "a read that delivers clears the problem");
    }

    @Test
    void activeSourceIsTheSourceAnOpenStreamReadsFromNowAndNullWhenNoneIsOpen() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        byte[] film = random(200 * PART, 4);
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceA = rig.item(item).get("primary").get("id").asLong();
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);
        rig.nntp.removeArticle(a.messageIds().get(150));

        URI file = rig.dav(TITLE, FILE);
        try (Socket s = openGet(file, "bytes=0-")) {
            assertArrayEquals(Arrays.copyOf(film, 1000), readBody(s.getInputStream(), 1000));
            assertEquals(sourceA, rig.item(item).get("activeSource").asLong());
        }
        awaitNoActiveSource(item);
        try (Socket s = openGet(file, "bytes=" + 150 * PART + "-")) {
            assertArrayEquals(
                    Arrays.copyOfRange(film, 150 * PART, 150 * PART + 1000), readBody(s.getInputStream(), 1000));
            assertEquals(sourceB, rig.item(item).get("activeSource").asLong(), "the stream cut over at its first read");
        }
        awaitNoActiveSource(item);
    }

    private void awaitNoActiveSource(long item) throws Exception {
        JsonNode[] last = {null};
        Await.until(
                Duration.ofSeconds(30),
                () -> (last[0] = rig.item(item)).get("activeSource").isNull(),
                () -> "no active source once the stream ends: " + last[0]);
    }

    private static Socket openGet(URI file, String range) throws Exception {
        Socket socket = new Socket(file.getHost(), file.getPort());
        socket.setSoTimeout(30_000);
        socket.getOutputStream()
                .write(("GET " + file.getRawPath() + " HTTP/1.1\r\nHost: " + file.getHost() + ":" + file.getPort()
                                + "\r\nRange: " + range + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    /** Skips the headers, then reads exactly {@code n} body bytes. */
    private static byte[] readBody(InputStream in, int n) throws Exception {
        int matched = 0;
        byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        while (matched < 4) {
            int c = in.read();
            if (c < 0) throw new AssertionError("the response ended in its headers");
            matched = c == end[matched] ? matched + 1 : (c == '\r' ? 1 : 0);
        }
        byte[] body = in.readNBytes(n);
        assertEquals(n, body.length);
        return body;
    }
}
