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
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                LargeFileRead.class.getName(), Long.toString(1L << 30));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the 1 GiB read finished within 60 s");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.println(output);
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.lines().anyMatch(line -> line.startsWith("OK " + (1L << 30) + " ")), output);
        } finally {
            process.destroyForcibly();
        }
    }
}
