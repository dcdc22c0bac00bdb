package io.nzbmount.bench;

import io.nzbmount.nntp.internal.yenc.YencDecoder;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import io.nzbmount.nntp.internal.yenc.YencException;
import io.nzbmount.nntp.internal.yenc.YencKernel;
import io.nzbmount.nntp.internal.yenc.YencKernels;
import io.nzbmount.nntp.internal.yenc.YencPart;
import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decoding one 716800-byte yEnc part as it arrives from an NNTP server (128-character lines,
 * CRLF, dot-stuffed, random data so ~1.6% of bytes are escaped), CRC32 check included, fed in
 * 64 KiB chunks like socket reads.
 *
 * <p>One operation is one decoded byte, and the unit is microseconds, so the score reads as
 * decoded MB/s (divide by 1000 for GB/s).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class YencDecodeBenchmark {

    static final int PART = 716_800;
    static final int CHUNK = 64 * 1024;

    /** "best" is what {@code new YencDecoder()} picks on this machine. */
    @Param({"best", "vector-compress", "vector-run", "scalar"})
    public String kernel;

    private byte[] wire;
    private byte[] buffer;
    private YencDecoder decoder;

    @Setup
    public void setUp() throws YencException {
        byte[] data = new byte[PART];
        new Random(1).nextBytes(data);
        byte[] body = new YencEncoder(128, false).encodePart(data, 0, PART, "film.mkv", 5, 100, 100L * PART, 4L * PART);
        wire = dotStuffAndTerminate(body);
        YencKernel chosen = kernel.equals("best")
                ? YencKernels.best()
                : YencKernels.named(kernel).orElseThrow(() -> new IllegalStateException(kernel + " cannot run here"));
        decoder = new YencDecoder(chosen);
        buffer = new byte[PART + 64];
        System.out.println("kernel " + kernel + " -> " + chosen.name() + ", wire bytes " + wire.length);
        YencPart check = decodeOnce();
        if (check.length() != PART || !java.util.Arrays.equals(data, 0, PART, check.data(), 0, PART)) {
            throw new IllegalStateException("decoded bytes differ from the original");
        }
    }

    @Benchmark
    @OperationsPerInvocation(PART)
    public long decode() throws YencException {
        return decodeOnce().crc32();
    }

    private YencPart decodeOnce() throws YencException {
        decoder.reset(buffer);
        for (int off = 0; off < wire.length && !decoder.isComplete(); off += CHUNK) {
            decoder.accept(wire, off, Math.min(CHUNK, wire.length - off));
        }
        YencPart part = decoder.result();
        buffer = part.data();
        return part;
    }

    private static byte[] dotStuffAndTerminate(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 1024);
        boolean lineStart = true;
        for (byte b : body) {
            if (lineStart && b == '.') out.write('.');
            out.write(b);
            lineStart = b == '\n';
        }
        out.write('.');
        out.write('\r');
        out.write('\n');
        return out.toByteArray();
    }
}
