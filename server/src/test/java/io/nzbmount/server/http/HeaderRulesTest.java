package io.nzbmount.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.Credentials;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Multipart framing, entity tags, If-Range, dates and content types. */
class HeaderRulesTest {

    private static final Instant MODIFIED = Instant.parse("2024-03-01T12:34:56.789Z");

    @Test
    void multipartLengthIsExactlyTheFramedBody() {
        long size = 6L * 1024 * 1024 * 1024;
        List<ByteRange> ranges = List.of(
                new ByteRange(0, 9),
                new ByteRange(size - 5, size - 1),
                new ByteRange(4L * 1024 * 1024 * 1024 + 1, 4L * 1024 * 1024 * 1024 + 100));
        MultipartByteRanges layout = new MultipartByteRanges("abc123", "video/mp4", size, ranges);
        ByteArrayOutputStream framed = new ByteArrayOutputStream();
        long data = 0;
        for (int i = 0; i < ranges.size(); i++) {
            framed.writeBytes(layout.partHeader(i));
            data += ranges.get(i).length();
        }
        framed.writeBytes(layout.closing());
        assertEquals(framed.size() + data, layout.contentLength());
        String text = framed.toString(StandardCharsets.US_ASCII);
        assertTrue(text.contains("Content-Range: bytes 4294967297-4294967396/6442450944\r\n"), text);
        assertTrue(text.startsWith("\r\n--abc123\r\nContent-Type: video/mp4\r\n"), text);
        assertTrue(text.endsWith("\r\n--abc123--\r\n"), text);
        assertEquals("multipart/byteranges; boundary=abc123", layout.contentType());
    }

    @Test
    void multipartLengthPastTwoGibIsALong() {
        long size = 10L * 1024 * 1024 * 1024;
        MultipartByteRanges layout = new MultipartByteRanges(
                "b", "video/mp4", size, List.of(new ByteRange(0, size - 1), new ByteRange(0, size - 1)));
        assertTrue(layout.contentLength() > 2 * size);
    }

    @Test
    void multipartRefusesABadBoundaryOrARangePastTheEnd() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new MultipartByteRanges("a b", "x/y", 10, List.of(new ByteRange(0, 1))));
        assertThrows(
                IllegalArgumentException.class,
                () -> new MultipartByteRanges("ab", "x/y", 10, List.of(new ByteRange(5, 10))));
    }

    @Test
    void etagIsStrongQuotedAndFollowsBasisAndSize() {
        String tag = EntityTags.strong("item 7 \"file\" \u00e9", 100);
        assertTrue(tag.matches("\"[0-9a-f]{24}\""), tag);
        assertEquals(tag, EntityTags.strong("item 7 \"file\" \u00e9", 100));
        assertNotEquals(tag, EntityTags.strong("item 7 \"file\" \u00e9", 101));
        assertNotEquals(tag, EntityTags.strong("item 8", 100));
    }

    @Test
    void ifRangeMatchesOnlyTheSameStrongTagOrTheSameSecond() {
        String tag = EntityTags.strong("x", 1);
        assertTrue(EntityTags.ifRangeHolds(null, tag, MODIFIED));
        assertTrue(EntityTags.ifRangeHolds(tag, tag, MODIFIED));
        assertTrue(EntityTags.ifRangeHolds(" " + tag + " ", tag, MODIFIED));
        assertTrue(EntityTags.ifRangeHolds("Fri, 01 Mar 2024 12:34:56 GMT", tag, MODIFIED));
        assertFalse(EntityTags.ifRangeHolds("W/" + tag, tag, MODIFIED));
        assertFalse(EntityTags.ifRangeHolds("\"other\"", tag, MODIFIED));
        assertFalse(EntityTags.ifRangeHolds("Fri, 01 Mar 2024 12:34:57 GMT", tag, MODIFIED));
        assertFalse(EntityTags.ifRangeHolds("yesterday", tag, MODIFIED));
    }

    @Test
    void datesAreImfFixdate() {
        assertEquals("Fri, 01 Mar 2024 12:34:56 GMT", HttpDates.format(MODIFIED));
        assertEquals(
                Instant.parse("2024-03-01T12:34:56Z"),
                HttpDates.parse("Fri, 01 Mar 2024 12:34:56 GMT").orElseThrow());
        assertTrue(HttpDates.parse("2024-03-01").isEmpty());
    }

    @Test
    void contentTypesFollowTheExtensionAndAreNeverHtml() {
        assertEquals("video/x-matroska", ContentTypes.forName("Film.2024.1080p.MKV"));
        assertEquals("video/mp4", ContentTypes.forName("a.mp4"));
        assertEquals("video/x-msvideo", ContentTypes.forName("a.avi"));
        assertEquals("video/mp2t", ContentTypes.forName("a.m2ts"));
        assertEquals("application/x-subrip", ContentTypes.forName("a.en.srt"));
        for (String name : List.of("index.html", "a.htm", "noext", "trailing.", "a.xhtml")) {
            assertEquals(ContentTypes.DEFAULT, ContentTypes.forName(name), name);
        }
    }

    @Test
    void basicLoginNeedsBothPartsAndNoColonInTheName() {
        assertThrows(IllegalArgumentException.class, () -> basicAuth(new Credentials("", "p")));
        assertThrows(IllegalArgumentException.class, () -> basicAuth(new Credentials("u", "")));
        assertThrows(IllegalArgumentException.class, () -> basicAuth(new Credentials("a:b", "p")));
        assertEquals("Credentials[username=u, password=****]", new Credentials("u", "p").toString());
    }

    private static BasicAuthHandler basicAuth(Credentials credentials) {
        return new BasicAuthHandler(credentials, new LoginThrottle(java.time.Clock.systemUTC(), message -> {}), null);
    }
}
