package io.nzbmount.nntp.internal.yenc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Without the Vector API module the decoder still works, on the scalar kernel. */
class ScalarFallbackTest {

    @Test
    void withoutTheVectorModuleTheScalarKernelDecodesCorrectly() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classpath = System.getProperty("java.class.path");
        Process process = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1",
                "-cp", classpath, ScalarFallbackMain.class.getName())
                .redirectErrorStream(true)
                .start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) throw new AssertionError("probe JVM did not finish");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, process.exitValue(), output);
            assertEquals("kernel=scalar intact=true vectorModule=false", output.lines()
                    .filter(l -> l.startsWith("kernel=")).findFirst().orElse(output));
        } finally {
            process.destroyForcibly();
        }
    }
}
