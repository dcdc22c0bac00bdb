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

    /**
     * The flag that makes the product's JVM read the argument file {@code --jvmOptions} names
     * (jvm.options, as {@code ./nzbmount} starts the server); none for {@code none}.
     */
    static List<String> optionsFile(Options o) {
        return o.text("jvmOptions").equals("none")
                ? List.of()
                : List.of("@" + o.path("jvmOptions").toAbsolutePath());
    }

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

    /**
     * A process for {@link #command}: the harness's environment without {@code NZBMOUNT_*}
     * variables, which the product reads as settings and refuses when it does not know them (a CI
     * shell exports its test rig's addresses that way), so a run measures only the config file.
     */
    static ProcessBuilder process(Path jar, List<String> jvmFlags, String... args) {
        ProcessBuilder pb = new ProcessBuilder(command(jar, jvmFlags, args));
        pb.environment().keySet().removeIf(name -> name.startsWith("NZBMOUNT_"));
        return pb;
    }

    /** A config file naming one plain provider (and a data directory and port for serve). */
    static Path config(Path dir, String host, int port, int connections, int httpPort) throws IOException {
        return config(dir, host, port, connections, httpPort, 8);
    }

    /** The same, with the reader's read-ahead window in articles (0 or less: the jar's default). */
    static Path config(Path dir, String host, int port, int connections, int httpPort, int readAhead)
            throws IOException {
        return config(
                dir,
                "nzbmount-" + connections + ".yaml",
                httpPort,
                readAhead,
                0,
                List.of(new Provider("bench", host, port, connections, 0)));
    }

    /**
     * A provider of a config file, asked in order of {@code priority} (lowest first): plain, or
     * with TLS trusting {@code trustCertificate} (a PEM file) when that is not null.
     */
    record Provider(String name, String host, int port, int connections, int priority, Path trustCertificate) {
        /** A plain provider. */
        Provider(String name, String host, int port, int connections, int priority) {
            this(name, host, port, connections, priority, null);
        }
    }

    /**
     * A config file {@code dir/fileName} naming {@code providers}, a data directory and port for
     * serve, the read-ahead window in articles ({@code reader.readAheadArticles}) and the most
     * commands on one connection ({@code reader.pipelineDepth}); each 0 or less: not set, the
     * jar's default.
     */
    static Path config(
            Path dir, String fileName, int httpPort, int readAhead, int pipelineDepth, List<Provider> providers)
            throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(fileName);
        StringBuilder yaml = new StringBuilder("""
                server:
                  port: %d
                  dataDir: %s
                providers:
                """.formatted(httpPort, dir.resolve("data")));
        for (Provider p : providers) {
            yaml.append("""
                      - name: %s
                        host: %s
                        port: %d
                        tls: %s
                        connections: %d
                        priority: %d
                    """.formatted(
                            p.name(), p.host(), p.port(), p.trustCertificate() != null, p.connections(), p.priority()));
            if (p.trustCertificate() != null)
                yaml.append("    trustCertificate: \"")
                        .append(p.trustCertificate())
                        .append("\"\n");
        }
        StringBuilder reader = new StringBuilder();
        if (readAhead > 0)
            reader.append("  readAheadArticles: ").append(readAhead).append('\n');
        if (pipelineDepth > 0)
            reader.append("  pipelineDepth: ").append(pipelineDepth).append('\n');
        if (!reader.isEmpty()) yaml.append("reader:\n").append(reader);
        Files.writeString(file, yaml);
        return file;
    }
}
