package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Proves the promises the realpeer suite builds on: nyuu posts real yEnc articles to inn2 that
 * decode back to the original file, the NZB's segment sizes are the wire sizes, both login
 * paths behave like real providers, and a cancelled article is really missing (430).
 * Everything here talks raw NNTP, independent of the project's own client.
 */
@Tag("realpeer")
class RealPeerTest {
    private static final int THREE_MIB = 3 << 20;
    private static final Pattern SEGMENT =
            Pattern.compile("<segment bytes=\"(\\d+)\" number=\"(\\d+)\">\\s*([^<\\s]+)\\s*</segment>");
    private static final Pattern YENC_FIELD = Pattern.compile("(\\w+)=(\\S+)");

    @BeforeEach
    void realPeersAreThere() {
        RealPeer.requireOrSkip();
    }

    @Test
    void postedArticlesDecodeBackToTheOriginalFile() throws Exception {
        RealPeer.Posted posted = RealPeer.postedRandomFile(THREE_MIB, 1);
        byte[] original = Files.readAllBytes(posted.file());
        List<Segment> segments = segments(posted.nzb());
        assertEquals(5, segments.size(), "3 MiB in 716800-byte parts");

        byte[] rebuilt = new byte[original.length];
        try (RawNntpSession nntp = RawNntpSession.open(RealPeer.HOST, RealPeer.AUTH_PORT)) {
            assertReply("281", nntp.login(RealPeer.USER, RealPeer.PASSWORD));
            for (Segment segment : segments) {
                assertReply("222", nntp.command("BODY <" + segment.id() + ">"));
                RawNntpSession.Block body = nntp.readBlock();
                assertEquals(
                        segment.bytes(),
                        body.wireBytes(),
                        "NZB bytes of part " + segment.number() + " = the dot-terminated block on the wire");
                YencPart part = YencPart.parse(body.payload());
                assertEquals(segment.number(), part.number());
                assertEquals(5, part.total());
                assertEquals(original.length, part.fileSize());
                assertEquals(posted.file().getFileName().toString(), part.name());
                assertEquals((long) (segment.number() - 1) * RealPeer.PART_SIZE + 1, part.begin());
                System.arraycopy(part.data(), 0, rebuilt, (int) part.begin() - 1, part.data().length);
            }
        }
        assertArrayEquals(original, rebuilt);
    }

    @Test
    void cancelledArticleAnswers430WhileItsNeighboursStayReadable() throws Exception {
        Path file = RealPeer.randomFile(2 * RealPeer.PART_SIZE + RealPeer.PART_SIZE / 2, 2);
        List<Segment> segments = segments(RealPeer.postFile(file));
        assertEquals(3, segments.size());

        RealPeer.cancelArticle(segments.get(1).id());

        for (int port : new int[] {RealPeer.PORT, RealPeer.AUTH_PORT}) {
            try (RawNntpSession nntp = RawNntpSession.open(RealPeer.HOST, port)) {
                assertReply("281", nntp.login(RealPeer.USER, RealPeer.PASSWORD));
                assertReply("430", nntp.command("BODY <" + segments.get(1).id() + ">"));
                assertReply("430", nntp.command("STAT <" + segments.get(1).id() + ">"));
                for (Segment readable : List.of(segments.get(0), segments.get(2))) {
                    assertReply("222", nntp.command("BODY <" + readable.id() + ">"));
                    assertEquals(readable.bytes(), nntp.readBlock().wireBytes());
                }
            }
        }
    }

    @Test
    void plainPortServesReadersWithoutLogin() throws Exception {
        Segment first = segments(RealPeer.postedRandomFile(THREE_MIB, 1).nzb()).get(0);
        try (RawNntpSession nntp = RawNntpSession.open(RealPeer.HOST, RealPeer.PORT)) {
            assertReply("222", nntp.command("BODY <" + first.id() + ">"));
            assertEquals(first.bytes(), nntp.readBlock().wireBytes());
        }
    }

    @Test
    void authPortAsksForLoginAndRejectsAWrongPassword() throws Exception {
        Segment first = segments(RealPeer.postedRandomFile(THREE_MIB, 1).nzb()).get(0);
        try (RawNntpSession nntp = RawNntpSession.open(RealPeer.HOST, RealPeer.AUTH_PORT)) {
            assertReply("480", nntp.command("BODY <" + first.id() + ">"));
            assertReply("481", nntp.login(RealPeer.USER, RealPeer.PASSWORD + "-wrong"));
        }
        try (RawNntpSession nntp = RawNntpSession.open(RealPeer.HOST, RealPeer.AUTH_PORT)) {
            assertReply("281", nntp.login(RealPeer.USER, RealPeer.PASSWORD));
            assertReply("222", nntp.command("BODY <" + first.id() + ">"));
            assertEquals(first.bytes(), nntp.readBlock().wireBytes());
        }
    }

    private static void assertReply(String code, String reply) {
        assertTrue(reply.startsWith(code + " "), () -> "expected " + code + ", server said '" + reply + "'");
    }

    private record Segment(int number, long bytes, String id) {}

    private static List<Segment> segments(Path nzb) throws IOException {
        List<Segment> segments = new ArrayList<>();
        Matcher m = SEGMENT.matcher(Files.readString(nzb, StandardCharsets.UTF_8));
        while (m.find()) {
            segments.add(new Segment(Integer.parseInt(m.group(2)), Long.parseLong(m.group(1)), m.group(3)));
        }
        segments.sort((a, b) -> Integer.compare(a.number(), b.number()));
        return segments;
    }

    /** One decoded yEnc part; just enough yEnc for this test, checked against its part CRC. */
    private record YencPart(int number, int total, long fileSize, String name, long begin, byte[] data) {
        static YencPart parse(byte[] payload) {
            List<byte[]> lines = lines(payload);
            String ybegin = new String(lines.get(0), StandardCharsets.UTF_8);
            String ypart = new String(lines.get(1), StandardCharsets.ISO_8859_1);
            String yend = new String(lines.get(lines.size() - 1), StandardCharsets.ISO_8859_1);
            assertTrue(ybegin.startsWith("=ybegin "), ybegin);
            assertTrue(ypart.startsWith("=ypart "), ypart);
            assertTrue(yend.startsWith("=yend "), yend);

            ByteArrayOutputStream data = new ByteArrayOutputStream(RealPeer.PART_SIZE);
            for (byte[] line : lines.subList(2, lines.size() - 1)) {
                for (int i = 0; i < line.length; i++) {
                    int b = line[i] == '=' ? line[++i] - 64 - 42 : line[i] - 42;
                    data.write(b);
                }
            }
            byte[] bytes = data.toByteArray();
            long begin = Long.parseLong(field(ypart, "begin"));
            assertEquals(Long.parseLong(field(ypart, "end")) - begin + 1, bytes.length, "=ypart range");
            assertEquals(Long.parseLong(field(yend, "size")), bytes.length, "=yend size");
            CRC32 crc = new CRC32();
            crc.update(bytes);
            assertEquals(Long.parseLong(field(yend, "pcrc32"), 16), crc.getValue(), "pcrc32");
            return new YencPart(
                    Integer.parseInt(field(ybegin, "part")),
                    Integer.parseInt(field(ybegin, "total")),
                    Long.parseLong(field(ybegin, "size")),
                    ybegin.substring(ybegin.indexOf(" name=") + 6),
                    begin,
                    bytes);
        }

        private static String field(String header, String key) {
            Matcher m = YENC_FIELD.matcher(header);
            while (m.find()) {
                if (m.group(1).equals(key)) {
                    return m.group(2);
                }
            }
            throw new AssertionError("no " + key + "= in " + header);
        }

        private static List<byte[]> lines(byte[] payload) {
            List<byte[]> lines = new ArrayList<>();
            int start = 0;
            for (int i = 0; i + 1 < payload.length; i++) {
                if (payload[i] == '\r' && payload[i + 1] == '\n') {
                    lines.add(Arrays.copyOfRange(payload, start, i));
                    start = i + 2;
                    i++;
                }
            }
            assertEquals(payload.length, start, "payload ends with CRLF");
            return lines;
        }
    }
}
