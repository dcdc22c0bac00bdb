package io.nzbmount.nntp.internal.yenc;

import static io.nzbmount.nntp.internal.yenc.HandFixtures.concat;
import static io.nzbmount.nntp.internal.yenc.HandFixtures.crcHex;
import static io.nzbmount.nntp.internal.yenc.HandFixtures.decodeEverywhere;
import static io.nzbmount.nntp.internal.yenc.HandFixtures.plain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.internal.yenc.YencException.BadHeader;
import io.nzbmount.nntp.internal.yenc.YencException.CrcMismatch;
import io.nzbmount.nntp.internal.yenc.YencException.MissingBegin;
import io.nzbmount.nntp.internal.yenc.YencException.SizeMismatch;
import io.nzbmount.nntp.internal.yenc.YencException.Truncated;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Broken bodies: each fails with its own type, under any split, and the body is still read to its end. */
class YencDecoderErrorsTest {

    private static final String LINE = "some data of a part";
    private static final byte[] DATA = plain(LINE);
    private static final int N = DATA.length;

    private static String begin(String extra) {
        return "=ybegin part=1 total=2 line=128 size=1000" + extra + " name=f.bin\n";
    }

    private static String ypart() {
        return "=ypart begin=1 end=" + N + "\n";
    }

    private static String yend(long size, String crc) {
        return "=yend size=" + size + " part=1 pcrc32=" + crc + "\n";
    }

    private static <T extends YencException> T fails(Class<T> type, String text) {
        return fails(type, Wire.crlf(text));
    }

    private static <T extends YencException> T fails(Class<T> type, byte[] wire) {
        YencException failure = decodeEverywhere(wire).failure();
        return assertInstanceOf(type, failure);
    }

    @Test
    void wrongPartCrcIsACrcMismatch() {
        CrcMismatch e = fails(CrcMismatch.class, begin("") + ypart() + LINE + "\n" + yend(N, "deadbeef") + ".\n");
        assertEquals(0xdeadbeefL, e.declared());
    }

    @Test
    void damagedDataByteIsACrcMismatch() {
        String damaged = "some data of a pArt";
        fails(CrcMismatch.class, begin("") + ypart() + damaged + "\n" + yend(N, crcHex(DATA)) + ".\n");
    }

    @Test
    void yendSizeDifferentFromTheDataIsASizeMismatch() {
        SizeMismatch e = fails(
                SizeMismatch.class,
                begin("") + "=ypart begin=1 end=" + N + "\n" + LINE + "\n" + yend(N + 1, crcHex(DATA)) + ".\n");
        assertEquals(N + 1, e.declared());
        assertEquals(N, e.decoded());
    }

    @Test
    void lessDataThanTheYpartRangeIsASizeMismatch() {
        fails(
                SizeMismatch.class,
                begin("") + "=ypart begin=1 end=" + (N + 5) + "\n" + LINE + "\n" + yend(N, crcHex(DATA)) + ".\n");
    }

    @Test
    void moreDataThanTheYpartRangeIsASizeMismatchAndTheBodyIsStillReadToItsEnd() {
        fails(
                SizeMismatch.class,
                begin("") + "=ypart begin=1 end=" + (N - 3) + "\n" + LINE + "\n" + LINE + "\n"
                        + yend(N - 3, crcHex(DATA)) + ".\n");
    }

    @Test
    void singlePartWithMoreDataThanItsSizeIsASizeMismatch() {
        fails(SizeMismatch.class, "=ybegin line=128 size=3 name=s\n" + LINE + "\n=yend size=3\n.\n");
    }

    @Test
    void bodyWithoutYbeginIsMissingBegin() {
        fails(MissingBegin.class, ypart() + LINE + "\n" + yend(N, crcHex(DATA)) + ".\n");
    }

    @Test
    void randomGarbageIsMissingBeginAndIsReadToTheTerminator() {
        byte[] garbage = new byte[3000];
        new Random(42).nextBytes(garbage);
        for (int i = 0; i < garbage.length; i += 97) {
            garbage[i] = '\r';
            garbage[i + 1] = '\n';
        }
        garbage[garbage.length - 2] = '\r';
        garbage[garbage.length - 1] = '\n';
        fails(MissingBegin.class, Wire.onWire(garbage));
    }

    @Test
    void bodyEndingWithoutYendIsTruncated() {
        fails(Truncated.class, begin("") + ypart() + LINE + "\n.\n");
    }

    @Test
    void bodyEndingRightAfterYbeginIsTruncated() {
        fails(Truncated.class, begin("") + ".\n");
    }

    @Test
    void resultBeforeTheTerminatorIsTruncated() {
        YencDecoder decoder = new YencDecoder();
        byte[] wire = Wire.crlf(begin("") + ypart() + LINE + "\n" + yend(N, crcHex(DATA)) + ".\n");
        decoder.accept(wire, 0, wire.length - 3);
        assertFalse(decoder.isComplete());
        assertThrows(Truncated.class, decoder::result);
    }

    @Test
    void fileSizeThatOverflowsALongIsABadHeader() {
        fails(
                BadHeader.class,
                "=ybegin line=128 size=99999999999999999999 name=o\n" + LINE + "\n=yend size=" + N + "\n.\n");
    }

    @Test
    void partNumberThatOverflowsAnIntIsABadHeader() {
        fails(
                BadHeader.class,
                "=ybegin part=4294967297 total=9 line=128 size=1000 name=o\n" + ypart() + LINE + "\n"
                        + yend(N, crcHex(DATA)) + ".\n");
    }

    @Test
    void crcWithMoreThan32BitsIsABadHeader() {
        fails(BadHeader.class, begin("") + ypart() + LINE + "\n" + yend(N, "1" + crcHex(DATA) + "0") + ".\n");
    }

    @Test
    void numberWithLettersIsABadHeader() {
        fails(BadHeader.class, begin("") + "=ypart begin=1 end=2x\n" + LINE + "\n" + yend(N, crcHex(DATA)) + ".\n");
    }

    @Test
    void ybeginWithoutSizeOrNameIsABadHeader() {
        fails(BadHeader.class, "=ybegin line=128 name=nosize\n" + LINE + "\n=yend size=" + N + "\n.\n");
        fails(BadHeader.class, "=ybegin line=128 size=" + N + "\n" + LINE + "\n=yend size=" + N + "\n.\n");
    }

    @Test
    void laterPartOfAMultipartPostWithoutYpartIsABadHeader() {
        fails(
                BadHeader.class,
                "=ybegin part=2 total=2 line=128 size=1000 name=m\n" + LINE + "\n" + "=yend size=" + N
                        + " part=2\n.\n");
    }

    @Test
    void ypartEndingPastTheFileIsABadHeader() {
        fails(BadHeader.class, begin("") + "=ypart begin=990 end=1009\n" + LINE + "\n" + yend(N, crcHex(DATA)) + ".\n");
    }

    @Test
    void yendPartDifferentFromYbeginPartIsABadHeader() {
        fails(
                BadHeader.class,
                begin("") + ypart() + LINE + "\n=yend size=" + N + " part=2 pcrc32=" + crcHex(DATA) + "\n.\n");
    }

    @Test
    void secondYbeginBeforeYendIsABadHeader() {
        fails(BadHeader.class, begin("") + ypart() + LINE + "\n" + begin("") + yend(N, crcHex(DATA)) + ".\n");
    }

    @Test
    void headerLineLongerThanTheLimitIsABadHeader() {
        String name = "n".repeat(YencDecoder.MAX_HEADER_LINE);
        fails(
                BadHeader.class,
                "=ybegin line=128 size=" + N + " name=" + name + "\n" + LINE + "\n=yend size=" + N + "\n.\n");
    }

    @Test
    void hugeDeclaredPartIsRefusedWithoutAllocatingIt() throws Exception {
        byte[] wire =
                Wire.crlf("=ybegin line=128 size=1000000000000 name=big\n" + LINE + "\n=yend size=" + N + "\n.\n");
        YencDecoder decoder = new YencDecoder();
        decoder.reset(new byte[16]);
        Wire.feed(decoder, wire, wire.length);
        assertThrows(BadHeader.class, decoder::result);
        assertEquals(16, decoder.buffer().length, "no buffer was allocated for the declared size");
        fails(BadHeader.class, wire);
    }

    @Test
    void decoderIsReusableAfterAFailedArticle() throws Exception {
        byte[] bad = Wire.crlf(begin("") + ypart() + LINE + "\n" + yend(N, "deadbeef") + ".\n");
        byte[] good = Wire.crlf(begin("") + ypart() + LINE + "\n" + yend(N, crcHex(DATA)) + ".\n");
        byte[] both = concat(bad, good);
        YencDecoder decoder = new YencDecoder();
        decoder.reset(null);
        int used = decoder.accept(both, 0, both.length);
        assertEquals(bad.length, used, "the failed body is read exactly to its terminator");
        assertTrue(decoder.isComplete());
        assertThrows(CrcMismatch.class, decoder::result);
        decoder.reset(decoder.buffer());
        assertEquals(good.length, decoder.accept(both, used, both.length - used));
        YencPart part = decoder.result();
        assertArrayEquals(DATA, java.util.Arrays.copyOf(part.data(), part.length()));
    }
}
