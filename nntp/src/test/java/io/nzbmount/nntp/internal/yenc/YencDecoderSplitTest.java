package io.nzbmount.nntp.internal.yenc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.internal.yenc.Wire.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Fixtures made by {@link YencEncoder}, fed whole, split at every offset and byte by byte, by every kernel. */
class YencDecoderSplitTest {

    /** One encoded part and the bytes it must decode to. */
    record Fixture(String label, byte[] data, int part, int total, long fileSize, long begin, byte[] wire) {}

    /** Data bytes whose encoded form is critical (NUL, LF, CR, '=', TAB, space, '.') in every spot. */
    private static final byte[] CRITICAL = {(byte) 214, (byte) 224, (byte) 227, 19, (byte) 223, (byte) 246, 4};

    private static List<Fixture> fixtures() {
        Random random = new Random(20261129);
        List<Fixture> fixtures = new ArrayList<>();
        byte[] everyValue = new byte[256 * 6];
        for (int i = 0; i < everyValue.length; i++) everyValue[i] = (byte) i;
        byte[] shuffled = everyValue.clone();
        for (int i = shuffled.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            byte t = shuffled[i];
            shuffled[i] = shuffled[j];
            shuffled[j] = t;
        }
        byte[] dense = new byte[900];
        for (int i = 0; i < dense.length; i++) dense[i] = CRITICAL[random.nextInt(CRITICAL.length)];
        byte[] leadingDots = new byte[700];
        Arrays.fill(leadingDots, (byte) 4); // encodes to '.', so lines start with dots
        for (int i = 3; i < leadingDots.length; i += 11) leadingDots[i] = (byte) random.nextInt(256);
        byte[] plain = new byte[2000];
        random.nextBytes(plain);

        for (boolean escapeDots : new boolean[] {true, false}) {
            for (int lineLength : new int[] {128, 7}) {
                String how = " line=" + lineLength + " escapeDots=" + escapeDots;
                YencEncoder encoder = new YencEncoder(lineLength, escapeDots);
                fixtures.add(multipart("every byte value in order" + how, encoder, everyValue, 3, 9, 100_000, 4_000));
                fixtures.add(multipart("every byte value shuffled" + how, encoder, shuffled, 2, 9, 100_000, 2_000));
                fixtures.add(multipart("only critical bytes" + how, encoder, dense, 5, 7, 50_000, 8_000));
                fixtures.add(multipart("lines starting with dots" + how, encoder, leadingDots, 1, 2, 1_400, 0));
                fixtures.add(single("single part random" + how, encoder, plain));
            }
        }
        fixtures.add(single("empty single part", new YencEncoder(), new byte[0]));
        byte[] one = {(byte) 214};
        fixtures.add(single("one escaped byte", new YencEncoder(), one));
        return fixtures;
    }

    private static Fixture multipart(
            String label, YencEncoder encoder, byte[] data, int part, int total, long fileSize, long begin) {
        byte[] body = encoder.encodePart(data, 0, data.length, "file.bin", part, total, fileSize, begin);
        return new Fixture(label, data, part, total, fileSize, begin, Wire.onWire(body));
    }

    private static Fixture single(String label, YencEncoder encoder, byte[] data) {
        byte[] body = encoder.encodePart(data, 0, data.length, "file.bin", 1, 1, data.length, 0);
        return new Fixture(label, data, 1, 1, data.length, 0, Wire.onWire(body));
    }

    private static void assertDecodes(Fixture f, Outcome o, String how) {
        String where = f.label() + " (" + how + ")";
        assertNull(o.failure(), () -> where + ": " + o.failure());
        assertArrayEquals(f.data(), o.bytes(), where);
        assertEquals(f.part(), o.part().part(), where);
        assertEquals(f.fileSize(), o.part().fileSize(), where);
        assertEquals(f.begin(), o.part().begin(), where);
        assertEquals(f.begin() + f.data().length, o.part().end(), where);
        assertEquals("file.bin", o.part().name(), where);
    }

    @Test
    void everyFixtureDecodesToTheOriginalBytesWithEveryKernel() {
        for (YencKernel kernel : Wire.kernels()) {
            YencDecoder decoder = new YencDecoder(kernel);
            for (Fixture f : fixtures()) {
                assertDecodes(f, Wire.feedWhole(decoder, f.wire()), kernel.name() + ", whole");
            }
        }
    }

    @Test
    void anySplitIntoTwoChunksDecodesTheSameBytes() {
        for (YencKernel kernel : Wire.kernels()) {
            YencDecoder decoder = new YencDecoder(kernel);
            for (Fixture f : fixtures()) {
                for (int cut = 0; cut <= f.wire().length; cut++) {
                    decoder.reset(null);
                    assertDecodes(
                            f, Wire.feed(decoder, f.wire(), f.wire().length, cut), kernel.name() + ", cut at " + cut);
                }
            }
        }
    }

    @Test
    void oneByteAtATimeDecodesTheSameBytes() {
        for (YencKernel kernel : Wire.kernels()) {
            YencDecoder decoder = new YencDecoder(kernel);
            for (Fixture f : fixtures()) {
                assertDecodes(f, Wire.feedBytewise(decoder, f.wire()), kernel.name() + ", byte by byte");
            }
        }
    }

    @Test
    void fullSizeArticleDecodesTheSameInAnyChunkSizeWithEveryKernel() {
        byte[] data = new byte[716_800];
        new Random(7).nextBytes(data);
        for (boolean escapeDots : new boolean[] {true, false}) {
            byte[] body = new YencEncoder(128, escapeDots)
                    .encodePart(data, 0, data.length, "file.bin", 4, 20, 14_336_000, 3 * 716_800L);
            Fixture f = new Fixture(
                    "716800 random bytes, escapeDots=" + escapeDots,
                    data,
                    4,
                    20,
                    14_336_000,
                    3 * 716_800L,
                    Wire.onWire(body));
            for (YencKernel kernel : Wire.kernels()) {
                YencDecoder decoder = new YencDecoder(kernel);
                for (int chunk : new int[] {f.wire().length, 65_536, 16_384, 1_460, 61}) {
                    decoder.reset(null);
                    int[] cuts = new int[(f.wire().length - 1) / chunk];
                    for (int i = 0; i < cuts.length; i++) cuts[i] = (i + 1) * chunk;
                    assertDecodes(
                            f,
                            Wire.feed(decoder, f.wire(), f.wire().length, cuts),
                            kernel.name() + ", chunks of " + chunk);
                }
            }
        }
    }

    @Test
    void bytesAfterTheTerminatorAreLeftForTheNextResponse() {
        Fixture f = fixtures().get(0);
        byte[] wire = Arrays.copyOf(f.wire(), f.wire().length + 5);
        System.arraycopy("222 x".getBytes(), 0, wire, f.wire().length, 5);
        for (YencKernel kernel : Wire.kernels()) {
            YencDecoder decoder = new YencDecoder(kernel);
            for (int cut : new int[] {0, f.wire().length - 2, f.wire().length, wire.length}) {
                decoder.reset(null);
                assertDecodes(f, Wire.feed(decoder, wire, f.wire().length, cut), kernel.name());
            }
            assertEquals(0, decoder.accept(wire, f.wire().length, 5), "a complete decoder takes no more bytes");
        }
    }

    @Test
    void aBufferLargeEnoughIsReusedAndASmallOneIsReplaced() throws YencException {
        Fixture f = fixtures().get(0);
        YencDecoder decoder = new YencDecoder();
        byte[] big = new byte[f.data().length + 100];
        decoder.reset(big);
        Wire.feed(decoder, f.wire(), f.wire().length);
        assertTrue(decoder.result().data() == big, "the caller's buffer holds the part");

        byte[] small = new byte[10];
        decoder.reset(small);
        Outcome o = Wire.feed(decoder, f.wire(), f.wire().length);
        assertTrue(o.part().data() != small && o.part().data() == decoder.buffer(), "a larger buffer is handed back");
        assertArrayEquals(f.data(), o.bytes());

        byte[] grown = decoder.buffer();
        decoder.reset(grown);
        Wire.feed(decoder, f.wire(), f.wire().length);
        assertTrue(decoder.result().data() == grown, "the grown buffer is reused for the next article");
    }

    @Test
    void scalarAndVectorKernelsAgreeOnEveryFixture() {
        List<YencKernel> kernels = Wire.kernels();
        for (Fixture f : fixtures()) {
            String expected =
                    Wire.feedWhole(new YencDecoder(kernels.get(0)), f.wire()).summary();
            for (YencKernel kernel : kernels) {
                assertEquals(
                        expected,
                        Wire.feedWhole(new YencDecoder(kernel), f.wire()).summary(),
                        f.label() + " with " + kernel.name());
            }
        }
    }
}
