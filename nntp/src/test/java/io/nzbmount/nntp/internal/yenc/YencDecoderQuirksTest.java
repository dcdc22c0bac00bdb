package io.nzbmount.nntp.internal.yenc;

import static io.nzbmount.nntp.internal.yenc.HandFixtures.concat;
import static io.nzbmount.nntp.internal.yenc.HandFixtures.crcHex;
import static io.nzbmount.nntp.internal.yenc.HandFixtures.decodeEverywhere;
import static io.nzbmount.nntp.internal.yenc.HandFixtures.plain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.nzbmount.nntp.internal.yenc.Wire.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Hand-written bodies with what real posters and servers send. */
class YencDecoderQuirksTest {

    private static final String LINE1 = "Kodi plays this film";
    private static final String LINE2 = "from Usenet";
    private static final byte[] DATA = concat(plain(LINE1), plain(LINE2));

    private static Outcome decodes(byte[] wire, byte[] expected) {
        Outcome o = decodeEverywhere(wire);
        assertNull(o.failure(), () -> "failed: " + o.failure());
        assertArrayEquals(expected, o.bytes());
        return o;
    }

    @Test
    void nameWithSpacesAndUtf8IsTakenWholeToTheEndOfTheLine() {
        String name = "Der Film – Ünïcode (2024) 1080p.mkv";
        byte[] wire = Wire.crlf("=ybegin part=1 total=1 line=128 size=" + DATA.length + " name=" + name + "  \n"
                + "=ypart begin=1 end=" + DATA.length + "\n" + LINE1 + "\n" + LINE2 + "\n"
                + "=yend size=" + DATA.length + " part=1 pcrc32=" + crcHex(DATA) + "\n.\n");
        assertEquals(name, decodes(wire, DATA).part().name());
    }

    @Test
    void nameThatIsNotUtf8IsReadAsLatin1() {
        byte[] head = "=ybegin line=128 size=11 name=caf".getBytes(StandardCharsets.US_ASCII);
        byte[] wire = concat(head, new byte[] {(byte) 0xE9}, Wire.crlf(".nfo\n" + LINE2 + "\n=yend size=11\n.\n"));
        assertEquals("café.nfo", decodes(wire, plain(LINE2)).part().name());
    }

    @Test
    void keywordsInAnyOrderAreRead() {
        byte[] wire = Wire.crlf("=ybegin total=3 size=100 line=128 part=2 name=x.bin\n"
                + "=ypart end=" + (40 + DATA.length) + " begin=41\n" + LINE1 + "\n" + LINE2 + "\n"
                + "=yend pcrc32=" + crcHex(DATA) + " part=2 size=" + DATA.length + "\n.\n");
        YencPart part = decodes(wire, DATA).part();
        assertEquals(2, part.part());
        assertEquals(3, part.total());
        assertEquals(100, part.fileSize());
        assertEquals(40, part.begin());
        assertEquals(40 + DATA.length, part.end());
    }

    @Test
    void trailingWhitespaceAndUppercaseHexInYendAreAccepted() {
        byte[] wire = Wire.crlf("=ybegin part=1 total=2 line=128 size=64 name=a b\n"
                + "=ypart begin=1 end=" + DATA.length + "\n" + LINE1 + "\n" + LINE2 + "\n"
                + "=yend size=" + DATA.length + " part=1 pcrc32=" + crcHex(DATA).toUpperCase(Locale.ROOT)
                + " \t \n.\n");
        assertEquals("a b", decodes(wire, DATA).part().name());
    }

    @Test
    void crcWithoutLeadingZerosIsAccepted() {
        String line = null;
        byte[] data = null;
        for (int i = 0; data == null || crcHex(data).length() > 7; i++) {
            line = "payload " + i;
            data = plain(line);
        }
        byte[] wire = Wire.crlf("=ybegin line=128 size=" + data.length + " name=z\n" + line + "\n" + "=yend size="
                + data.length + " crc32=" + crcHex(data) + "\n.\n");
        decodes(wire, data);
    }

    @Test
    void singlePartWithoutYpartStartsAtOffsetZero() {
        byte[] wire = Wire.crlf("=ybegin line=128 size=" + DATA.length + " name=small.nfo\n" + LINE1 + "\n" + LINE2
                + "\n=yend size=" + DATA.length + " crc32=" + crcHex(DATA) + "\n.\n");
        YencPart part = decodes(wire, DATA).part();
        assertEquals(1, part.part());
        assertEquals(0, part.total());
        assertEquals(0, part.begin());
        assertEquals(DATA.length, part.fileSize());
    }

    @Test
    void bareLfLineEndsAreAccepted() {
        String text = "=ybegin part=1 total=1 line=128 size=" + DATA.length + " name=lf.bin\n"
                + "=ypart begin=1 end=" + DATA.length + "\n" + LINE1 + "\n" + LINE2 + "\n"
                + "=yend size=" + DATA.length + " part=1 pcrc32=" + crcHex(DATA) + "\n";
        decodes(Wire.onWire(text.getBytes(StandardCharsets.US_ASCII), true), DATA);
    }

    @Test
    void escapedCharacterLastOnALineAndFirstOnALineIsDecoded() {
        // "=J" is the escape of data byte 224 (encoded LF), "=@" of 214 (encoded NUL).
        byte[] expected = concat(plain("abc"), new byte[] {(byte) 224}, new byte[] {(byte) 214}, plain("xyz"));
        byte[] wire = Wire.crlf(
                "=ybegin line=128 size=8 name=e\nabc=J\n=@xyz\n" + "=yend size=8 crc32=" + crcHex(expected) + "\n.\n");
        decodes(wire, expected);
    }

    @Test
    void emptyLinesInsideTheDataAreSkipped() {
        byte[] wire = Wire.crlf("=ybegin line=128 size=" + DATA.length + " name=e\n" + LINE1 + "\n\n" + LINE2
                + "\n\n=yend size=" + DATA.length + " crc32=" + crcHex(DATA) + "\n.\n");
        decodes(wire, DATA);
    }

    @Test
    void dotStuffedDataLineDecodesWithOneDot() {
        byte[] expected = concat(plain(".abc"), plain("..d"));
        byte[] wire = Wire.crlf(
                "=ybegin line=128 size=7 name=d\n..abc\n...d\n" + "=yend size=7 crc32=" + crcHex(expected) + "\n.\n");
        decodes(wire, expected);
    }

    @Test
    void textBeforeYbeginAndAfterYendIsIgnored() {
        byte[] wire = Wire.crlf("Posted by someone\n\n..a dotted line\n=ybeginning is not a header\n"
                + "=ybegin line=128 size=" + DATA.length + " name=t\n" + LINE1 + "\n" + LINE2 + "\n"
                + "=yend size=" + DATA.length + " crc32=" + crcHex(DATA) + "\n-- \nsignature\n.\n");
        decodes(wire, DATA);
    }

    @Test
    void wholeFileCrcOfAMultipartPostIsNotCheckedAgainstThePart() {
        byte[] wire = Wire.crlf("=ybegin part=1 total=2 line=128 size=64 name=m\n"
                + "=ypart begin=1 end=" + DATA.length + "\n" + LINE1 + "\n" + LINE2 + "\n"
                + "=yend size=" + DATA.length + " part=1 pcrc32=" + crcHex(DATA) + " crc32=12345678\n.\n");
        decodes(wire, DATA);
    }

    @Test
    void multipartWithoutPartCrcIsAcceptedOnSizesAlone() {
        byte[] wire = Wire.crlf("=ybegin part=2 total=2 line=128 size=64 name=m\n"
                + "=ypart begin=33 end=" + (32 + DATA.length) + "\n" + LINE1 + "\n" + LINE2 + "\n"
                + "=yend size=" + DATA.length + " part=2\n.\n");
        Outcome o = decodes(wire, DATA);
        assertEquals(Long.parseLong(crcHex(DATA), 16), o.part().crc32(), "the computed CRC is reported");
    }
}
