package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The read path against a real server: nyuu's NZBs (CRLF, a DOCTYPE, ids without brackets) parsed
 * by our parser, articles fetched from inn2 with 8 connections and decoded by our reader, every
 * byte compared with the original file. Logging in with AUTHINFO works with the real user, and
 * a wrong password is a typed, prompt failure rather than a hang.
 */
@Tag("realpeer")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ReaderOverInn2Test {
    private static final int CONNECTIONS = 8;
    /** A wrong login must be refused well within this; a hang would take the socket timeout or longer. */
    private static final Duration REFUSAL_BOUND = Duration.ofSeconds(15);

    @BeforeEach
    void realPeersAreThere() {
        RealPeer.requireOrSkip();
    }

    @Test
    void the64MiBFileReadWholeEqualsTheOriginal() throws Exception {
        readWholeAndCompare(Releases.medium(), plainProvider());
    }

    @Test
    void the300MiBFileReadWholeEqualsTheOriginal() throws Exception {
        readWholeAndCompare(Releases.large(), plainProvider());
    }

    @Test
    void randomOffsetReadsOfThe300MiBFileEqualTheOriginal() throws Exception {
        RealPeer.Posted posted = Releases.large();
        NzbFile file = Releases.onlyFile(posted.nzb());
        long size = Releases.LARGE_SIZE;
        int part = RealPeer.PART_SIZE;
        List<long[]> reads = new ArrayList<>();
        reads.add(new long[] {0, 1});
        reads.add(new long[] {size - 1, 1});
        reads.add(new long[] {size - 100_000, 100_000});
        reads.add(new long[] {part - 1, 2});
        reads.add(new long[] {part, part});
        reads.add(new long[] {3L * part - 5000, 2 * part + 10_000});
        SplittableRandom random = new SplittableRandom(4242);
        while (reads.size() < 50) {
            long articles = size / part;
            switch (reads.size() % 3) {
                case 0 -> { // anywhere, short
                    long offset = random.nextLong(size);
                    reads.add(new long[] {offset, Math.min(1 + random.nextInt(8192), size - offset)});
                }
                case 1 -> { // straddling an article boundary
                    long boundary = (1 + random.nextLong(articles - 1)) * part;
                    int before = 1 + random.nextInt(part);
                    reads.add(new long[] {boundary - before, before + 1 + random.nextInt(part / 2)});
                }
                default -> { // long, over several articles
                    long offset = random.nextLong(size - 3L * part);
                    reads.add(new long[] {offset, part + random.nextInt(2 * part)});
                }
            }
        }

        try (Usenet usenet = connect(plainProvider())) {
            SegmentMap map = usenet.map(file, Priority.FOREGROUND);
            assertEquals(size, map.size());
            try (NzbReader shared = usenet.open(map, Priority.FOREGROUND)) {
                for (int i = 0; i < reads.size(); i++) {
                    long offset = reads.get(i)[0];
                    int length = (int) reads.get(i)[1];
                    // Half the reads jump on one long-lived reader (seeks cancel its read-ahead), half
                    // come from a fresh reader, as a new HTTP range would.
                    byte[] got;
                    if (i % 2 == 0) {
                        got = Releases.readFully(shared, offset, length);
                    } else {
                        try (NzbReader fresh = usenet.open(map, Priority.FOREGROUND)) {
                            got = Releases.readFully(fresh, offset, length);
                        }
                    }
                    Originals.assertSameBytes(posted.file(), offset, got, "read " + i + " at " + offset + "+" + length);
                }
                assertEquals(-1, shared.read(size, new byte[1], 0, 1), "reading at the end of the file");
            }
        }
    }

    @Test
    void readingThroughTheLoginPortWithTheRealUserEqualsTheOriginal() throws Exception {
        readWholeAndCompare(Releases.medium(), loginProvider(RealPeer.PASSWORD));
    }

    @Test
    void aWrongPasswordFailsMapAndReadWithProvidersUnavailableQuickly() throws Exception {
        RealPeer.Posted posted = Releases.medium();
        NzbFile file = Releases.onlyFile(posted.nzb());
        String mapText;
        try (Usenet good = connect(loginProvider(RealPeer.PASSWORD))) {
            mapText = good.map(file, Priority.FOREGROUND).text();
        }
        try (Usenet wrong = connect(loginProvider(RealPeer.PASSWORD + "-wrong"))) {
            long start = System.nanoTime();
            ProvidersUnavailableException mapFailure =
                    assertThrows(ProvidersUnavailableException.class, () -> wrong.map(file, Priority.FOREGROUND));
            assertBounded(start, "map with a wrong password");
            assertFalse(mapFailure.sourceFault(), "a rejected login is the provider's fault, not the release's");
            assertFalse(mapFailure.permanent());

            SegmentMap restored = wrong.restore(file, mapText);
            try (NzbReader reader = wrong.open(restored, Priority.FOREGROUND)) {
                for (long offset : new long[] {0, Releases.MEDIUM_SIZE / 2}) {
                    long readStart = System.nanoTime();
                    assertThrows(
                            ProvidersUnavailableException.class,
                            () -> reader.read(offset, new byte[4096], 0, 4096),
                            "read at " + offset);
                    assertBounded(readStart, "read at " + offset + " with a wrong password");
                }
            }
        }
    }

    private static void assertBounded(long startNanos, String what) {
        Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
        System.out.println(what + " failed after " + took.toMillis() + " ms");
        assertTrue(took.compareTo(REFUSAL_BOUND) < 0, what + " took " + took + ", expected under " + REFUSAL_BOUND);
    }

    private static void readWholeAndCompare(RealPeer.Posted posted, Provider provider) throws Exception {
        String nzbText = Files.readString(posted.nzb(), StandardCharsets.UTF_8);
        assertTrue(
                nzbText.contains("<!DOCTYPE nzb") && nzbText.contains("\r\n"),
                "a real nyuu NZB: a DOCTYPE and CRLF line ends");
        NzbFile file = Releases.onlyFile(posted.nzb());
        long size = Files.size(posted.file());
        assertEquals(posted.file().getFileName().toString(), file.name(), "name from nyuu's subject");
        assertEquals(Releases.articles(size), file.segments().size());
        try (Usenet usenet = connect(provider)) {
            SegmentMap map = usenet.map(file, Priority.FOREGROUND);
            assertEquals(size, map.size(), "decoded size learnt from the yEnc headers");
            assertEquals(file.segments().size(), map.articles());
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 20];
            long start = System.nanoTime();
            long offset = 0;
            try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
                for (int n; (n = reader.read(offset, buf, 0, buf.length)) > 0; offset += n) {
                    sha.update(buf, 0, n);
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "read %s from %s:%d: %d bytes in %.2f s, %.1f MB/s%n",
                    file.name(),
                    provider.host(),
                    provider.port(),
                    offset,
                    seconds,
                    offset / seconds / 1e6);
            assertEquals(size, offset, "bytes read");
            assertEquals(Originals.sha256(posted.file()), HexFormat.of().formatHex(sha.digest()), "SHA-256");
        }
    }

    private static Provider plainProvider() {
        return new Provider("inn2", RealPeer.HOST, RealPeer.PORT, false, null, null, CONNECTIONS, 0);
    }

    private static Provider loginProvider(String password) {
        return new Provider(
                "inn2-login", RealPeer.HOST, RealPeer.AUTH_PORT, false, RealPeer.USER, password, CONNECTIONS, 0);
    }

    private static Usenet connect(Provider provider) {
        return Usenet.connect(
                List.of(provider),
                Usenet.Settings.defaults()
                        .withReadAhead(CONNECTIONS)
                        .withRetryBackoff(List.of(Duration.ofMillis(200), Duration.ofMillis(500))));
    }
}
