package io.nzbmount.nntp.internal.yenc;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Test helpers: turning yEnc bodies into NNTP wire bytes, and feeding them to a decoder. */
final class Wire {

    private Wire() {}

    /** Dot-stuffs a body with CRLF or LF line ends and appends the terminating line. */
    static byte[] onWire(byte[] body, boolean bareLf) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + body.length / 64 + 8);
        boolean lineStart = true;
        for (byte b : body) {
            if (lineStart && b == '.') out.write('.');
            out.write(b);
            lineStart = b == '\n';
        }
        if (!lineStart) throw new IllegalArgumentException("body must end with a line end");
        out.writeBytes((bareLf ? ".\n" : ".\r\n").getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    static byte[] onWire(byte[] body) {
        return onWire(body, false);
    }

    /** Text whose lines end in "\n", sent with CRLF line ends (UTF-8). */
    static byte[] crlf(String text) {
        return text.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
    }

    /** The kernels to test: scalar always, the vector ones when this JVM has the module. */
    static List<YencKernel> kernels() {
        List<YencKernel> kernels = new ArrayList<>();
        kernels.add(YencKernels.scalar());
        for (String name : List.of("vector-run", "vector-compress")) {
            Optional<YencKernel> k = YencKernels.named(name);
            k.ifPresent(kernels::add);
        }
        return kernels;
    }

    /** What one decode gave: the part (with a copy of its bytes) or the failure. */
    record Outcome(YencPart part, byte[] bytes, YencException failure) {
        static Outcome of(YencDecoder decoder) {
            try {
                YencPart part = decoder.result();
                byte[] copy = java.util.Arrays.copyOf(part.data(), part.length());
                return new Outcome(part, copy, null);
            } catch (YencException e) {
                return new Outcome(null, null, e);
            }
        }

        /** A comparable summary: header values and bytes, or the failure's type. */
        String summary() {
            if (failure != null) return "failed " + failure.getClass().getSimpleName();
            return part.toString() + " crc=" + part.crc32() + " bytes=" + java.util.Arrays.hashCode(bytes);
        }
    }

    /**
     * Feeds {@code wire} in chunks ending at the given cut offsets (ascending), checking that the
     * decoder consumes exactly the body (up to and including the terminator) and no more.
     *
     * @param bodyLength where the body ends in {@code wire} (bytes after it belong to the next
     *                   response)
     */
    static Outcome feed(YencDecoder decoder, byte[] wire, int bodyLength, int... cuts) {
        int consumed = 0;
        int from = 0;
        for (int i = 0; i <= cuts.length; i++) {
            int to = i < cuts.length ? cuts[i] : wire.length;
            byte[] chunk = island(wire, from, to);
            int pos = GUARD;
            int chunkEnd = GUARD + to - from;
            while (pos < chunkEnd && !decoder.isComplete()) {
                int n = decoder.accept(chunk, pos, chunkEnd - pos);
                consumed += n;
                pos += n;
                if (n == 0) break;
            }
            from = to;
        }
        if (!decoder.isComplete()) throw new AssertionError("decoder did not complete; consumed " + consumed);
        if (consumed != bodyLength) {
            throw new AssertionError("decoder consumed " + consumed + " bytes of a " + bodyLength + "-byte body");
        }
        return Outcome.of(decoder);
    }

    private static final int GUARD = 19;

    /**
     * A copy of {@code wire[from, to)} in its own array, surrounded by bytes that would change the
     * result if a decoder read outside the range it was given.
     */
    private static byte[] island(byte[] wire, int from, int to) {
        byte[] chunk = new byte[GUARD + (to - from) + 80];
        for (int i = 0; i < chunk.length; i++) chunk[i] = (byte) "=\r\n.=yx".charAt(i % 7);
        System.arraycopy(wire, from, chunk, GUARD, to - from);
        return chunk;
    }

    static Outcome feedWhole(YencDecoder decoder, byte[] wire) {
        decoder.reset(null);
        return feed(decoder, wire, wire.length);
    }

    static Outcome feedBytewise(YencDecoder decoder, byte[] wire) {
        decoder.reset(null);
        int consumed = 0;
        for (int i = 0; i < wire.length && !decoder.isComplete(); i++) {
            consumed += decoder.accept(island(wire, i, i + 1), GUARD, 1);
        }
        if (!decoder.isComplete() || consumed != wire.length) {
            throw new AssertionError("byte-at-a-time feed consumed " + consumed + " of " + wire.length);
        }
        return Outcome.of(decoder);
    }
}
