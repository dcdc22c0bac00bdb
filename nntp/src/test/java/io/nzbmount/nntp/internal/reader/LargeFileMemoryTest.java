package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LargeFileMemoryTest {

    @Test
    void readingOneGibibyteFitsInA128MebibyteHeap() throws Exception {
        assertReads(1L << 30, "-Xmx128m", 1);
    }

    /** The read-ahead windows of all streams together are bounded by the heap, not by a fixed size above it. */
    @Test
    void eightStreamsAtOnceFitInA96MebibyteHeap() throws Exception {
        assertReads(96L << 20, "-Xmx96m", 8);
    }

    private static void assertReads(long size, String heap, int streams) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(
                java,
                heap,
                "-cp",
                System.getProperty("java.class.path"),
                LargeFileRead.class.getName(),
                Long.toString(size),
                "fake",
                Integer.toString(streams));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        try {
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the read finished within 120 s");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.println(output);
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.lines().anyMatch(line -> line.startsWith("OK " + size + " ")), output);
        } finally {
            process.destroyForcibly();
        }
    }
}
