package io.nzbmount.bench;

import io.nzbmount.nntp.NzbSegment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The fetch benchmark's reference: {@code bench/reference/yget.c}, a download in C (one BODY
 * command at a time on each connection, a byte-loop yEnc decoder, no CRC check), run as its own
 * process on the same articles. Its rate is the download's; its wall time the whole process's.
 */
final class ReferenceClient {
    /** One download: the decoded bytes, the rate the client printed and the process's wall time. */
    record Result(long bytes, double mbPerSecond, double wallSeconds) {}

    private final Path binary;
    private final Path ids;

    /** @param binary yget, compiled ({@code cc -O2 -pthread -o yget bench/reference/yget.c}) */
    ReferenceClient(Path binary, List<NzbSegment> segments, Path work) throws IOException {
        this.binary = binary;
        Files.createDirectories(work);
        this.ids = work.resolve("reference.ids");
        StringBuilder b = new StringBuilder();
        for (NzbSegment s : segments) b.append(s.messageId()).append('\n');
        Files.writeString(ids, b, StandardCharsets.US_ASCII);
    }

    /**
     * Downloads the file to {@code out}; when {@code sha256} is given, the bytes must equal it and
     * {@code out} is deleted once checked.
     */
    Result run(String host, int port, int connections, Path out, String sha256) throws Exception {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(
                        binary.toString(),
                        host,
                        Integer.toString(port),
                        Integer.toString(connections),
                        ids.toString(),
                        out.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        if (p.waitFor() != 0) throw new IllegalStateException("yget failed: " + printed);
        double wall = (System.nanoTime() - start) / 1e9;
        String[] f = printed.split(" ");
        if (sha256 != null) {
            boolean equal = sha256.equals(Sha256.of(out));
            Files.delete(out);
            if (!equal) throw new IllegalStateException("the reference client wrote other bytes than the original");
        }
        return new Result(Long.parseLong(f[0]), Double.parseDouble(f[2]), wall);
    }
}
