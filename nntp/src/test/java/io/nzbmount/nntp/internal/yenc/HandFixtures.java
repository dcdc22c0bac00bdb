package io.nzbmount.nntp.internal.yenc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.internal.yenc.Wire.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** Helpers for hand-written wire fixtures. */
final class HandFixtures {

    private HandFixtures() {}

    /** The bytes a data line of plain (unescaped) characters decodes to. */
    static byte[] plain(String dataLine) {
        byte[] in = dataLine.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[in.length];
        for (int i = 0; i < in.length; i++) out[i] = (byte) (in[i] - 42);
        return out;
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    static String crcHex(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        return Long.toHexString(crc.getValue());
    }

    /**
     * Decodes {@code wire} with every kernel, whole, split into two at every offset and one byte at
     * a time; asserts all of them agree (bytes, values or failure type) and returns the outcome.
     */
    static Outcome decodeEverywhere(byte[] wire) {
        Outcome first = null;
        for (YencKernel kernel : Wire.kernels()) {
            YencDecoder decoder = new YencDecoder(kernel);
            Outcome whole = Wire.feedWhole(decoder, wire);
            if (first == null) first = whole;
            assertEquals(first.summary(), whole.summary(), kernel.name() + " whole");
            assertEquals(first.summary(), Wire.feedBytewise(decoder, wire).summary(), kernel.name() + " bytewise");
            for (int cut = 0; cut <= wire.length; cut++) {
                decoder.reset(null);
                assertEquals(
                        first.summary(),
                        Wire.feed(decoder, wire, wire.length, cut).summary(),
                        kernel.name() + " cut at " + cut);
            }
        }
        return first;
    }
}
