package io.nzbmount.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the product jar ({@code server/target/nzbmount.jar}) as its own process, with the JDK
 * running this harness and the flags the README gives.
 */
final class Jar {
    private Jar() {}

    /** {@code java [jvmFlags] --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -jar JAR args}. */
    static List<String> command(Path jar, List<String> jvmFlags, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(jvmFlags);
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** A config file naming one plain provider (and a data directory and port for serve). */
    static Path config(Path dir, String host, int port, int connections, int httpPort) throws IOException {
        return config(dir, host, port, connections, httpPort, 8);
    }

    /** The same, with the reader's read-ahead window in articles. */
    static Path config(Path dir, String host, int port, int connections, int httpPort, int readAhead)
            throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("nzbmount-" + connections + ".yaml");
        Files.writeString(file, """
                server:
                  port: %d
                  dataDir: %s
                providers:
                  - name: bench
                    host: %s
                    port: %d
                    tls: false
                    connections: %d
                reader:
                  readAheadArticles: %d
                """.formatted(httpPort, dir.resolve("data"), host, port, connections, readAhead));
        return file;
    }
}
