package io.nzbmount.nntp.internal.yenc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Where the vector kernels cannot be fast, the decoder still works, on the scalar kernel. */
class ScalarFallbackTest {

    @Test
    void withoutTheVectorModuleTheScalarKernelDecodesCorrectly() throws Exception {
        assertProbeSays("kernel=scalar intact=true vectorModule=false", "-XX:TieredStopAtLevel=1");
    }

    @Test
    void withoutC2TheVectorModuleIsNotUsed() throws Exception {
        assertProbeSays(
                "kernel=scalar intact=true vectorModule=true",
                "--add-modules",
                "jdk.incubator.vector",
                "-XX:TieredStopAtLevel=1");
    }

    private static void assertProbeSays(String expected, String... jvmFlags) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classpath = System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(List.of(java, "-Xshare:auto"));
        command.addAll(List.of(jvmFlags));
        command.addAll(List.of("-cp", classpath, ScalarFallbackMain.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) throw new AssertionError("probe JVM did not finish");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, process.exitValue(), output);
            assertEquals(
                    expected,
                    output.lines()
                            .filter(l -> l.startsWith("kernel="))
                            .findFirst()
                            .orElse(output));
        } finally {
            process.destroyForcibly();
        }
    }
}
