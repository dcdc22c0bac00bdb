package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.server.policy.FailurePolicy;
import io.nzbmount.server.realpeer.RealPeer;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live cutover against the real peers: a random file posted to inn2 by nyuu, articles of the
 * primary withdrawn on the server with cancel messages (BODY then answers 430, a real missing
 * article), and the whole server in between reading from inn2. Holes over fingerprint samples of
 * the primary do not stop its standby from being proved.
 */
@Tag("realpeer")
class RealPeerCutoverTest {
    private static final long SIZE = 20L << 20;
    private static final String FILE_TITLE = "Realpeer Film 2021";

    @TempDir
    Path dataDir;

    private Path original;

    @BeforeEach
    void peers() {
        RealPeer.requireOrSkip();
    }

    /** Each test posts a file of its own (its articles get cancelled); its copy on disk goes with it. */
    @AfterEach
    void removeOriginal() throws Exception {
        if (original != null) Files.deleteIfExists(original);
    }

    private static CutoverRig startOnInn2(Path dataDir) throws Exception {
        return new CutoverRig(dataDir, "", false, null, CutoverRig.provider("inn2", RealPeer.HOST, RealPeer.PORT, 0));
    }

    /** The message ids of the one file of {@code nzb}, in segment order. */
    private static List<String> messageIds(Path nzb) throws Exception {
        try (InputStream in = Files.newInputStream(nzb)) {
            return NzbParser.parse(in).files().get(0).segments().stream()
                    .map(NzbSegment::messageId)
                    .toList();
        }
    }

    @Test
    void cancelledArticlesMidFileOnThePrimaryAreServedFromTheStandbyInOneWhole200Response() throws Exception {
        original = RealPeer.randomFile(SIZE, System.nanoTime());
        Path nzbA = RealPeer.postFile(original);
        Path nzbB = RealPeer.postFile(original);
        try (CutoverRig rig = startOnInn2(dataDir)) {
            long item = rig.importPrimary(FILE_TITLE, Files.readString(nzbA, StandardCharsets.UTF_8));
            long primary = rig.item(item).get("primary").get("id").asLong();
            long standby = rig.addStandby(item, Files.readString(nzbB, StandardCharsets.UTF_8));
            rig.awaitVerified(item, standby);

            List<String> ids = messageIds(nzbA);
            int first = ids.size() / 2;
            RealPeer.cancelArticle(ids.get(first));
            RealPeer.cancelArticle(ids.get(first + 1));

            assertOneWhole200(davUri(rig, item), SIZE);

            List<JsonNode> cutovers = rig.events(item, "cutover");
            assertEquals(1, cutovers.size(), cutovers.toString());
            JsonNode d = cutovers.get(0).get("detail");
            assertEquals((long) first * RealPeer.PART_SIZE, d.get("offset").asLong(), d.toString());
            assertEquals(primary, d.get("from").asLong());
            assertEquals(standby, d.get("to").asLong());
            assertTrue(d.get("delivered").asBoolean(), d.toString());
        }
    }

    @Test
    void threeCancelledArticlesOverAFingerprintSampleOfThePrimaryStillLetTheStandbyBeProvedAndServeAll()
            throws Exception {
        long size = 64L << 20;
        original = RealPeer.randomFile(size, System.nanoTime());
        Path nzbA = RealPeer.postFile(original);
        Path nzbB = RealPeer.postFile(original);
        try (CutoverRig rig = startOnInn2(dataDir)) {
            long item = rig.importPrimary(FILE_TITLE, Files.readString(nzbA, StandardCharsets.UTF_8));
            List<Sample> plan = SamplePlan.alignToParts(SamplePlan.forSize(size), size, RealPeer.PART_SIZE);
            int hit = (int) (plan.get(plan.size() / 2).offset() / RealPeer.PART_SIZE);
            List<String> ids = messageIds(nzbA);
            for (int k = hit - 1; k <= hit + 1; k++) RealPeer.cancelArticle(ids.get(k));

            long standby = rig.addStandby(item, Files.readString(nzbB, StandardCharsets.UTF_8));
            JsonNode proof = rig.awaitEvent(item, "standby-validation-result").get("detail");
            assertEquals("verified", proof.get("result").asText(), proof.toString());
            assertEquals(plan.size(), proof.get("samplesDone").asInt(), proof.toString());

            assertOneWhole200(davUri(rig, item), size);
            List<JsonNode> cutovers = rig.events(item, "cutover");
            assertEquals(1, cutovers.size(), cutovers.toString());
            assertEquals(
                    (long) (hit - 1) * RealPeer.PART_SIZE,
                    cutovers.get(0).get("detail").get("offset").asLong());
            assertEquals(standby, cutovers.get(0).get("detail").get("to").asLong());
        }
    }

    @Test
    void withNoStandbyACancelledArticleEndsTheResponseCleanlyShortWithOnlyTheOriginalBytes() throws Exception {
        original = RealPeer.randomFile(SIZE, System.nanoTime());
        Path nzb = RealPeer.postFile(original);
        try (CutoverRig rig = startOnInn2(dataDir)) {
            long item = rig.importPrimary(FILE_TITLE, Files.readString(nzb, StandardCharsets.UTF_8));
            List<String> ids = messageIds(nzb);
            int cancelled = ids.size() / 2;
            RealPeer.cancelArticle(ids.get(cancelled));

            CutoverRig.Raw r = rawGet(davUri(rig, item));
            r.assertOne200(SIZE);
            assertEquals((long) cancelled * RealPeer.PART_SIZE, r.body().length, "ends where the bytes are missing");
            byte[] prefix = new byte[r.body().length];
            try (InputStream in = Files.newInputStream(original)) {
                assertEquals(prefix.length, in.readNBytes(prefix, 0, prefix.length));
            }
            assertArrayEquals(prefix, r.body(), "never a wrong byte");
            assertTrue(rig.events(item, "cutover").isEmpty());
            List<JsonNode> closed = rig.events(item, "stream-closed");
            assertEquals(1, closed.size(), closed.toString());
            assertEquals(
                    FailurePolicy.NO_STABLE_SOURCE,
                    closed.get(0).get("detail").get("reason").asText());
            assertEquals(
                    FailurePolicy.NO_STABLE_SOURCE,
                    rig.item(item).get("problem").get("message").asText());
        }
    }

    /** A full GET of {@code file}: one 200 of {@code size} bytes, equal to the original by SHA-256. */
    private void assertOneWhole200(URI file, long size) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (http) {
            HttpResponse<InputStream> r =
                    http.send(HttpRequest.newBuilder(file).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, r.statusCode());
            assertEquals(
                    String.valueOf(size),
                    r.headers().firstValue("Content-Length").orElseThrow());
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            long total = 0;
            try (InputStream body = r.body()) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = body.read(buf)) > 0; total += n) sha.update(buf, 0, n);
            }
            assertEquals(size, total, "every byte in the one response");
            assertEquals(sha256Hex(original), HexFormat.of().formatHex(sha.digest()));
        }
    }

    private static URI davUri(CutoverRig rig, long item) throws Exception {
        JsonNode files = rig.item(item).get("files");
        assertEquals(1, files.size(), files.toString());
        return rig.app.uri().resolve(files.get(0).get("path").asText());
    }

    private static String sha256Hex(Path file) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) sha.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
