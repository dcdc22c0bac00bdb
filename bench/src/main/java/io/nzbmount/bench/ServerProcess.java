package io.nzbmount.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code nzbmount serve} as its own process on a free loopback port, with a fresh data directory
 * under {@code work}, one plain provider, and the given JVM flags (a heap limit, GC logging).
 * Its output goes to {@code work/serve.log}. Closing sends SIGTERM (a graceful stop) and waits.
 */
final class ServerProcess implements AutoCloseable {
    private static final Pattern DAV_PATH = Pattern.compile("\"path\"\\s*:\\s*\"([^\"]+)\"");

    private final Process process;
    private final int port;
    private final HttpClient http = HttpClient.newHttpClient();

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static ServerProcess start(
            Path jar, List<String> jvmFlags, Path work, String nntpHost, int nntpPort, int connections)
            throws Exception {
        return start(jar, jvmFlags, work, nntpHost, nntpPort, connections, 8, 0);
    }

    /**
     * The same, with the reader's read-ahead window ({@code reader.readAheadArticles}) and the
     * most commands on one connection ({@code reader.pipelineDepth}); each 0: the jar's default.
     */
    static ServerProcess start(
            Path jar,
            List<String> jvmFlags,
            Path work,
            String nntpHost,
            int nntpPort,
            int connections,
            int readAhead,
            int pipelineDepth)
            throws Exception {
        return start(
                jar,
                jvmFlags,
                work,
                readAhead,
                pipelineDepth,
                List.of(new Jar.Provider("bench", nntpHost, nntpPort, connections, 0)));
    }

    /** The same with several providers. */
    static ServerProcess start(
            Path jar, List<String> jvmFlags, Path work, int readAhead, int pipelineDepth, List<Jar.Provider> providers)
            throws Exception {
        return start(jar, jvmFlags, work, readAhead, pipelineDepth, providers, "");
    }

    /** The same with more top-level sections of the config file ({@code downloads:} ...), or "". */
    static ServerProcess start(
            Path jar,
            List<String> jvmFlags,
            Path work,
            int readAhead,
            int pipelineDepth,
            List<Jar.Provider> providers,
            String moreYaml)
            throws Exception {
        Path data = work.resolve("data");
        if (Files.exists(data)) {
            try (Stream<Path> all = Files.walk(data)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path config = Jar.config(work, "nzbmount-serve.yaml", port, readAhead, pipelineDepth, providers);
        if (!moreYaml.isEmpty()) Files.writeString(config, moreYaml, java.nio.file.StandardOpenOption.APPEND);
        return launch(jar, jvmFlags, work, port);
    }

    /**
     * Starts {@code serve} again on the data directory and config a stopped server of {@link #start}
     * left in {@code work}, on the same port; returns once it answers {@code GET /api/items}.
     */
    static ServerProcess restart(Path jar, List<String> jvmFlags, Path work, int port) throws Exception {
        return launch(jar, jvmFlags, work, port);
    }

    private static ServerProcess launch(Path jar, List<String> jvmFlags, Path work, int port) throws Exception {
        Path config = work.resolve("nzbmount-serve.yaml");
        Process p = Jar.process(jar, jvmFlags, "serve", "--config", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("serve.log").toFile())
                .start();
        ServerProcess server = new ServerProcess(p, port);
        try {
            server.awaitReady(work.resolve("serve.log"));
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void awaitReady(Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive())
                throw new IOException("serve exited: " + Files.readString(log).strip());
            try {
                HttpResponse<Void> r = http.send(
                        HttpRequest.newBuilder(uri("/api/items")).build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) return;
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(20);
        }
        throw new IOException(
                "serve did not answer within 300 s: " + Files.readString(log).strip());
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** The processor time the server process has used so far (user and system, all threads), in seconds. */
    double cpuSeconds() {
        return process.info().totalCpuDuration().orElseThrow().toNanos() / 1e9;
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** Imports an NZB with {@code POST /api/nzbs?name=} and returns the WebDAV path of its first file (the API gives it percent-encoded). */
    String importNzb(Path nzb, String name) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(uri("/api/nzbs?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8)))
                        .header("X-NZBMount-Request", "1") // the API refuses changes without it (CSRF defence)
                        .POST(HttpRequest.BodyPublishers.ofFile(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201 && r.statusCode() != 200) {
            throw new IOException("import of " + nzb + " answered " + r.statusCode() + ": " + r.body());
        }
        Matcher m = DAV_PATH.matcher(r.body());
        if (!m.find()) throw new IOException("no file path in the import answer: " + r.body());
        return m.group(1);
    }

    /** Runs {@code jcmd PID GC.heap_info} and returns its output. */
    String heapInfo() throws Exception {
        return jcmd("GC.heap_info");
    }

    /** Runs {@code jcmd PID COMMAND...} with the JDK running this harness and returns its output. */
    String jcmd(String... command) throws Exception {
        Path jcmd =
                Path.of(ProcessHandle.current().info().command().orElse("java")).resolveSibling("jcmd");
        List<String> cmd = new java.util.ArrayList<>(List.of(jcmd.toString(), Long.toString(pid())));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out.strip();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
    }
}
