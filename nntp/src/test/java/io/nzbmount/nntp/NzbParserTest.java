package io.nzbmount.nntp;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NzbParserTest {

    static final String NS = "http://www.newzbin.com/DTD/2003/nzb";

    static Nzb parse(String xml) throws IOException {
        return NzbParser.parse(new ByteArrayInputStream(xml.getBytes(UTF_8)));
    }

    static NzbParseException failure(String xml) {
        return assertThrows(NzbParseException.class, () -> parse(xml));
    }

    /** Line and column (1-based) of the character just after the first {@code snippet}. */
    static int[] after(String doc, String snippet) {
        int at = doc.indexOf(snippet);
        if (at < 0) throw new IllegalArgumentException("not in document: " + snippet);
        return position(doc, at + snippet.length());
    }

    static int[] position(String doc, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (doc.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }

    static void assertAt(int[] expected, NzbParseException e, String problemPart) {
        assertEquals(expected[0], e.line(), () -> "line of: " + e.getMessage());
        assertEquals(expected[1], e.column(), () -> "column of: " + e.getMessage());
        assertTrue(e.problem().contains(problemPart), () -> "problem: " + e.getMessage());
        assertEquals("line " + e.line() + ", column " + e.column() + ": " + e.problem(), e.getMessage());
    }

    static final String NYUU = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- nyuu style -->
            <nzb xmlns="http://www.newzbin.com/DTD/2003/nzb">
              <head>
                <meta type="Title">My Film</meta>
                <meta type="password">secret</meta>
                <meta type="tag">a</meta>
                <meta type="TAG">b</meta>
              </head>
              <file poster="nyuu &lt;nyuu@example&gt;" date="1700000000" subject="&quot;film.mkv&quot; yEnc (1/3) 1500000">
                <groups>
                  <group>alt.binaries.test</group>
                  <group>alt.binaries.misc</group>
                </groups>
                <segments>
                  <segment bytes="739000" number="1">aaa@nyuu</segment>
                  <segment bytes="739000" number="2">bbb@nyuu</segment>
                  <segment bytes="70000" number="3">ccc@nyuu</segment>
                </segments>
              </file>
              <file poster="p" date="1700000001" subject="[2/2] - &quot;film.nfo&quot; yEnc (1/1)">
                <groups><group>alt.binaries.test</group></groups>
                <segments><segment bytes="900" number="1">
                    &lt;ddd@nyuu&gt;
                </segment></segments>
              </file>
            </nzb>
            """;

    @Test
    void readsFilesSegmentsGroupsAndMeta() throws IOException {
        Nzb nzb = parse(NYUU);
        assertEquals(2, nzb.files().size());
        NzbFile film = nzb.files().get(0);
        assertEquals("film.mkv", film.name());
        assertEquals("\"film.mkv\" yEnc (1/3) 1500000", film.subject());
        assertEquals("nyuu <nyuu@example>", film.poster());
        assertEquals(1700000000L, film.postedAt());
        assertEquals(List.of("alt.binaries.test", "alt.binaries.misc"), film.groups());
        assertEquals(
                List.of(
                        new NzbSegment(1, 739000, "aaa@nyuu"),
                        new NzbSegment(2, 739000, "bbb@nyuu"),
                        new NzbSegment(3, 70000, "ccc@nyuu")),
                film.segments());
        assertEquals(1548000L, film.encodedBytes());
        NzbFile nfo = nzb.files().get(1);
        assertEquals("film.nfo", nfo.name());
        assertEquals(List.of(new NzbSegment(1, 900, "ddd@nyuu")), nfo.segments());
        assertEquals(Optional.of("My Film"), nzb.title());
        assertEquals(Optional.of("secret"), nzb.password());
        assertEquals(Optional.empty(), nzb.category());
        assertEquals(List.of("a", "b"), nzb.meta().get("tag"));
    }

    @Test
    void acceptsDocumentsWithoutNamespace() throws IOException {
        Nzb nzb = parse(NYUU.replace(" xmlns=\"" + NS + "\"", ""));
        assertEquals(2, nzb.files().size());
        assertEquals(Optional.of("My Film"), nzb.title());
    }

    @Test
    void acceptsANamespacePrefix() throws IOException {
        String doc = """
                <n:nzb xmlns:n="http://www.newzbin.com/DTD/2003/nzb"><n:file subject="a.bin">
                <n:segments><n:segment bytes="1" number="1">x@y</n:segment></n:segments></n:file></n:nzb>""";
        assertEquals("a.bin", parse(doc).files().get(0).name());
    }

    @Test
    void sameResultWhenTheStreamDeliversOneByteAtATime() throws IOException {
        byte[] bytes = NYUU.getBytes(UTF_8);
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        assertEquals(parse(NYUU), NzbParser.parse(trickle));
    }

    static final String REPOSTED = """
            <nzb><file subject="a.bin"><segments>
              <segment bytes="30" number="3">third@x</segment>
              <segment bytes="10" number="1">first@x</segment>
              <segment bytes="31" number="3">third-repost@x</segment>
              <segment bytes="20" number="2">second@x</segment>
              <segment bytes="11" number="1">first-repost@x</segment>
              <segment bytes="10" number="1">first@x</segment>
              <segment bytes="32" number="3">third-again@x</segment>
            </segments></file></nzb>""";

    @Test
    void repostedSegmentNumbersKeepEveryMessageIdInListedOrder() throws IOException {
        List<NzbSegment> expected = List.of(
                new NzbSegment(1, 10, "first@x", List.of("first-repost@x")),
                new NzbSegment(2, 20, "second@x"),
                new NzbSegment(3, 30, "third@x", List.of("third-repost@x", "third-again@x")));
        assertEquals(expected, parse(REPOSTED).files().get(0).segments());
        assertEquals(
                List.of(
                        new NzbSegment(3, 30, "third@x"),
                        new NzbSegment(3, 30, "third-repost@x"),
                        new NzbSegment(3, 30, "third-again@x")),
                expected.get(2).copies());
    }

    @Test
    void repostedSegmentNumbersReadOneByteAtATimeKeepEveryMessageId() throws IOException {
        InputStream trickle = new ByteArrayInputStream(REPOSTED.getBytes(UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        assertEquals(parse(REPOSTED), NzbParser.parse(trickle));
    }

    @Test
    void unknownElementsAndAttributesAreIgnoredAnywhere() throws IOException {
        Nzb nzb = parse("""
                <?xml version="1.0"?>
                <?some-instruction x?>
                <nzb extra="1" xmlns:o="urn:other">
                  <o:info><file subject="not.this"><segments><segment number="1" bytes="1">no@x</segment></segments></file></o:info>
                  <head><meta type="category">TV</meta><note>hi</note><meta>no type</meta></head>
                  <unknown><deep><deeper/></deep></unknown>
                  <file subject="a.bin" colour="blue" date="">
                    <o:file/>
                    <groups><group/><group>  g  </group><misc>x</misc></groups>
                    <segments>
                      <!-- a comment -->
                      <segment number="1" bytes="5" shiny="yes">id<b>ignored</b>@x<![CDATA[.y]]></segment>
                      <o:segment number="2" bytes="5">other@x</o:segment>
                    </segments>
                    <trailer/>
                  </file>
                </nzb>""");
        assertEquals(1, nzb.files().size());
        NzbFile file = nzb.files().get(0);
        assertEquals(List.of("g"), file.groups());
        assertEquals(0, file.postedAt());
        assertEquals("", file.poster());
        assertEquals(List.of(new NzbSegment(1, 5, "id@x.y")), file.segments());
        assertEquals(Map.of("category", List.of("TV")), nzb.meta());
    }

    @Test
    void fileWithoutSubjectGetsANumberedName() throws IOException {
        Nzb nzb = parse("""
                <nzb><file subject="a.bin"><segments><segment number="1" bytes="1">a@x</segment></segments></file>
                <file><segments><segment number="1" bytes="1">b@x</segment></segments></file></nzb>""");
        assertEquals("file-2", nzb.files().get(1).name());
        assertEquals("", nzb.files().get(1).subject());
    }

    @Test
    void honoursTheDeclaredEncoding() throws IOException {
        String doc = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                + "<nzb><file subject=\"\u00e9t\u00e9.mkv yEnc (1/1)\"><segments>"
                + "<segment number=\"1\" bytes=\"1\">a@x</segment></segments></file></nzb>";
        Nzb nzb = NzbParser.parse(new ByteArrayInputStream(doc.getBytes(ISO_8859_1)));
        assertEquals("\u00e9t\u00e9.mkv", nzb.files().get(0).name());
    }

    @Test
    @SuppressWarnings("InputStreamSlowMultibyteRead") // a stream that fails after a few bytes
    void failureOfTheStreamStaysAnIoFailure() {
        IOException broken = new IOException("disk gone");
        byte[] head = "<nzb><file subject=\"a\"><segments>".getBytes(UTF_8);
        InputStream in = new InputStream() {
            int pos;

            @Override
            public int read() throws IOException {
                if (pos < head.length) return head[pos++];
                throw broken;
            }
        };
        IOException thrown = assertThrows(IOException.class, () -> NzbParser.parse(in));
        assertSame(broken, thrown);
    }

    @Test
    void parsesALargeNzbFromAStream() throws IOException {
        int files = 20;
        int perFile = 5_000;
        StringBuilder b = new StringBuilder("<nzb xmlns=\"" + NS + "\">\n");
        for (int f = 1; f <= files; f++) {
            b.append(" <file poster=\"p\" date=\"1\" subject=\"[")
                    .append(f)
                    .append("/20] - &quot;r.part")
                    .append(f)
                    .append(".rar&quot; yEnc (1/")
                    .append(perFile)
                    .append(")\"><segments>\n");
            for (int s = perFile; s >= 1; s--) {
                b.append("  <segment bytes=\"739000\" number=\"")
                        .append(s)
                        .append("\">")
                        .append(f)
                        .append('.')
                        .append(s)
                        .append("@example</segment>\n");
            }
            b.append(" </segments></file>\n");
        }
        b.append("</nzb>\n");
        Nzb nzb = parse(b.toString());
        assertEquals(files, nzb.files().size());
        NzbFile last = nzb.files().get(files - 1);
        assertEquals("r.part20.rar", last.name());
        assertEquals(perFile, last.segments().size());
        for (int s = 0; s < perFile; s++) {
            assertEquals(s + 1, last.segments().get(s).number());
            assertEquals("20." + (s + 1) + "@example", last.segments().get(s).messageId());
        }
    }
}
