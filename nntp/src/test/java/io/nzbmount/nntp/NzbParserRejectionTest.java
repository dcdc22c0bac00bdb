package io.nzbmount.nntp;

import static io.nzbmount.nntp.NzbParserTest.after;
import static io.nzbmount.nntp.NzbParserTest.assertAt;
import static io.nzbmount.nntp.NzbParserTest.failure;
import static io.nzbmount.nntp.NzbParserTest.position;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Malformed and hostile documents: each is refused with where and what. */
class NzbParserRejectionTest {
    private static final String INTERNAL_SUBSET =
            "an NZB's DOCTYPE may not declare entities or elements (internal DTD subset)";

    static final Duration FAST = Duration.ofSeconds(1);

    static String oneFile(String segmentsXml) {
        return "<nzb>\n  <file subject=\"a.bin\">\n    <segments>\n" + segmentsXml
                + "\n    </segments>\n  </file>\n</nzb>\n";
    }

    @Test
    void textThatIsNotXmlIsRejected() {
        NzbParseException e = failure("hello, this is not an nzb");
        assertAt(new int[] {1, 1}, e, "malformed XML");
    }

    @Test
    void emptyInputIsRejected() {
        assertAt(new int[] {1, 1}, failure(""), "malformed XML");
    }

    @Test
    void otherRootElementIsRejected() {
        String doc = "<?xml version=\"1.0\"?>\n<html><body/></html>";
        assertAt(after(doc, "<html>"), failure(doc), "the root element is <html>, expected <nzb>");
    }

    @Test
    void nzbRootInAForeignNamespaceIsRejected() {
        String doc = "<nzb xmlns=\"urn:elsewhere\"><file/></nzb>";
        assertAt(after(doc, "urn:elsewhere\">"), failure(doc), "in namespace urn:elsewhere, expected <nzb>");
    }

    @Test
    void nzbWithoutFilesIsRejected() {
        String doc = "<nzb>\n  <head><meta type=\"title\">x</meta></head>\n</nzb>";
        assertAt(after(doc, "</nzb>"), failure(doc), "the NZB has no <file> elements");
    }

    @Test
    void fileWithoutSegmentsIsRejected() {
        String doc = "<nzb>\n  <file subject=\"empty.bin\">\n    <segments/>\n  </file>\n</nzb>";
        assertAt(
                after(doc, "<file subject=\"empty.bin\">"),
                failure(doc),
                "<file> has no segments (subject \"empty.bin\")");
        String noSegmentsElement = "<nzb>\n <file subject=\"x\"><groups/></file></nzb>";
        assertAt(after(noSegmentsElement, "<file subject=\"x\">"), failure(noSegmentsElement), "has no segments");
    }

    @Test
    void segmentWithoutMessageIdIsRejected() {
        String doc = oneFile("      <segment bytes=\"10\" number=\"1\">a@x</segment>\n"
                + "      <segment bytes=\"10\" number=\"2\">  &lt;&gt;  </segment>");
        NzbParseException e = failure(doc);
        assertAt(after(doc, "<segment bytes=\"10\" number=\"2\">"), e, "<segment> without a message id");
        assertEquals("line 5, column 38: <segment> without a message id", e.getMessage());
    }

    @Test
    void messageIdThatWouldBreakACommandLineIsRejected() {
        String doc = oneFile("<segment bytes=\"1\" number=\"1\">a@x&#13;&#10;QUIT</segment>");
        assertAt(after(doc, "number=\"1\">"), failure(doc), "message id contains a space, a control character");
        String spaced = oneFile("<segment bytes=\"1\" number=\"1\">a b@x</segment>");
        assertAt(after(spaced, "number=\"1\">"), failure(spaced), "\"a b@x\"");
        String longId = oneFile("<segment bytes=\"1\" number=\"1\">" + "x".repeat(251) + "</segment>");
        assertAt(after(longId, "number=\"1\">"), failure(longId), "message id is longer than 250 characters");
    }

    @Test
    void nonNumericSegmentNumberIsRejected() {
        String doc = oneFile("      <segment bytes=\"10\" number=\"two\">a@x</segment>");
        assertAt(after(doc, "number=\"two\">"), failure(doc), "<segment> number is not a whole number: \"two\"");
    }

    @Test
    void nonNumericSegmentBytesIsRejected() {
        String doc = oneFile("      <segment bytes=\"10k\" number=\"1\">a@x</segment>");
        assertAt(after(doc, "number=\"1\">"), failure(doc), "<segment> bytes is not a whole number: \"10k\"");
    }

    @Test
    void missingSegmentNumberOrBytesIsRejected() {
        String noNumber = oneFile("<segment bytes=\"10\">a@x</segment>");
        assertAt(after(noNumber, "<segment bytes=\"10\">"), failure(noNumber), "<segment> without a number attribute");
        String noBytes = oneFile("<segment number=\"1\">a@x</segment>");
        assertAt(after(noBytes, "<segment number=\"1\">"), failure(noBytes), "<segment> without a bytes attribute");
    }

    @Test
    void negativeOrZeroValuesAreRejected() {
        String negativeBytes = oneFile("<segment bytes=\"-5\" number=\"1\">a@x</segment>");
        assertAt(
                after(negativeBytes, "number=\"1\">"),
                failure(negativeBytes),
                "<segment> bytes must be at least 0, got -5");
        String zeroNumber = oneFile("<segment bytes=\"5\" number=\"0\">a@x</segment>");
        assertAt(after(zeroNumber, "number=\"0\">"), failure(zeroNumber), "<segment> number must be at least 1, got 0");
        String negativeDate = "<nzb><file subject=\"a\" date=\"-1\"><segments>"
                + "<segment bytes=\"5\" number=\"1\">a@x</segment></segments></file></nzb>";
        assertAt(after(negativeDate, "date=\"-1\">"), failure(negativeDate), "<file> date must be at least 0, got -1");
    }

    @Test
    void numbersTooLargeAreRejected() {
        String hugeNumber = oneFile("<segment bytes=\"5\" number=\"3000000000\">a@x</segment>");
        assertAt(after(hugeNumber, "number=\"3000000000\">"), failure(hugeNumber), "number is too large: 3000000000");
        String hugeBytes = oneFile("<segment bytes=\"99999999999999999999\" number=\"1\">a@x</segment>");
        assertAt(after(hugeBytes, "number=\"1\">"), failure(hugeBytes), "bytes is too large");
    }

    @Test
    void nonNumericDateIsRejected() {
        String doc = "<nzb><file subject=\"a\" date=\"yesterday\"><segments>"
                + "<segment bytes=\"5\" number=\"1\">a@x</segment></segments></file></nzb>";
        assertAt(after(doc, "date=\"yesterday\">"), failure(doc), "<file> date is not a whole number: \"yesterday\"");
    }

    @Test
    void truncatedDocumentIsRejectedAtItsEnd() {
        String full = oneFile("      <segment bytes=\"10\" number=\"1\">a@x</segment>");
        String truncated = full.substring(0, full.indexOf("</segments>"));
        NzbParseException e = failure(truncated);
        assertAt(position(truncated, truncated.length()), e, "malformed XML");
    }

    @Test
    void mismatchedTagsAreRejected() {
        String doc = "<nzb>\n<file subject=\"a\"><segments></file></nzb>";
        NzbParseException e = failure(doc);
        assertEquals(2, e.line());
        assertTrue(e.problem().startsWith("malformed XML: "), e.getMessage());
    }

    @Test
    void standardNzbDoctypeIsAcceptedAndNeverLoaded() throws IOException {
        try (ServerSocket trap = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + trap.getLocalPort() + "/nzb-1.1.dtd";
            String doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE nzb PUBLIC \"-//newzBin//DTD NZB 1.1//EN\" \"" + url
                    + "\">\n" + oneFile("<segment bytes=\"1\" number=\"1\">a@x</segment>");
            Nzb nzb = assertTimeoutPreemptively(
                    FAST,
                    () -> NzbParser.parse(new java.io.ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8))));
            assertEquals("a@x", nzb.files().get(0).segments().get(0).messageId());
            trap.setSoTimeout(200);
            assertThrows(SocketTimeoutException.class, trap::accept, "the parser connected to the DTD's URL");
        }
    }

    @Test
    void externalEntityToALocalFileIsRefused() {
        String doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE nzb [\n  <!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n"
                + oneFile("<segment bytes=\"1\" number=\"1\">&xxe;</segment>");
        NzbParseException e = assertTimeoutPreemptively(FAST, () -> failure(doc));
        assertEquals(INTERNAL_SUBSET, e.problem());
        assertEquals(4, e.line());
    }

    @Test
    void billionLaughsFailsFast() {
        StringBuilder dtd = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE nzb [\n <!ENTITY lol0 \"lol\">\n");
        for (int i = 1; i <= 12; i++) {
            dtd.append(" <!ENTITY lol")
                    .append(i)
                    .append(" \"")
                    .append(("&lol" + (i - 1) + ";").repeat(10))
                    .append("\">\n");
        }
        String doc = dtd + "]>\n" + oneFile("<segment bytes=\"1\" number=\"1\">&lol12;</segment>");
        NzbParseException e = assertTimeoutPreemptively(FAST, () -> failure(doc));
        assertEquals(INTERNAL_SUBSET, e.problem());
    }

    @Test
    void entityWithoutDeclarationIsMalformed() {
        String doc = oneFile("<segment bytes=\"1\" number=\"1\">&xxe;</segment>");
        NzbParseException e = assertTimeoutPreemptively(FAST, () -> failure(doc));
        assertTrue(e.problem().startsWith("malformed XML: "), e.getMessage());
        assertEquals(4, e.line());
    }

    @Test
    void parameterEntitiesAndExternalDtdsNeverOpenAConnection() throws IOException {
        try (ServerSocket trap = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + trap.getLocalPort() + "/evil.dtd";
            String parameterEntity = "<?xml version=\"1.0\"?>\n<!DOCTYPE nzb [\n <!ENTITY % remote SYSTEM \"" + url
                    + "\">\n %remote;\n]>\n" + oneFile("<segment bytes=\"1\" number=\"1\">a@x</segment>");
            String externalDtd = "<?xml version=\"1.0\"?>\n<!DOCTYPE nzb SYSTEM \"" + url + "\">\n"
                    + oneFile("<segment bytes=\"1\" number=\"1\">a@x</segment>");
            NzbParseException e = assertTimeoutPreemptively(FAST, () -> failure(parameterEntity));
            assertEquals(INTERNAL_SUBSET, e.problem());
            assertTimeoutPreemptively(
                    FAST,
                    () -> NzbParser.parse(
                            new java.io.ByteArrayInputStream(externalDtd.getBytes(StandardCharsets.UTF_8))));
            trap.setSoTimeout(200);
            assertThrows(SocketTimeoutException.class, trap::accept, "the parser connected to the DTD's URL");
        }
    }

    /** {@code head}, then {@code filler} repeated without end: a document that never completes. */
    @SuppressWarnings("InputStreamSlowMultibyteRead") // a test stream, fast enough a byte at a time
    static InputStream endless(String head, String filler) {
        byte[] start = head.getBytes(StandardCharsets.UTF_8);
        byte[] repeat = filler.getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            long pos;

            @Override
            public int read() {
                int b = pos < start.length ? start[(int) pos] : repeat[(int) ((pos - start.length) % repeat.length)];
                pos++;
                return b & 0xff;
            }
        };
    }

    @Test
    void hugeConstructsFailFastInsteadOfFillingMemory() {
        String[][] cases = {
            {"<?xml version=\"1.0\"?>\n<!DOCTYPE nzb [\n", "<!ENTITY x \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"},
            {"<nzb><!-- ", "comment that goes on "},
            {"<nzb><file subject=\"", "very long subject "},
        };
        for (String[] c : cases) {
            NzbParseException e = assertTimeoutPreemptively(
                    Duration.ofSeconds(2),
                    () -> assertThrows(NzbParseException.class, () -> NzbParser.parse(endless(c[0], c[1]))));
            assertTrue(
                    e.problem().startsWith("more than 1048576 bytes of input without a complete XML construct"),
                    e.getMessage());
        }
    }
}
