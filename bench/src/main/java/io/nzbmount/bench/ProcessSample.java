package io.nzbmount.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The server process at one moment: resident set, threads and open descriptors from
 * {@code /proc/PID}, heap and direct memory from its {@code /api/health} (-1 when it did not
 * answer within 30 s).
 *
 * @param seconds since the run started
 */
record ProcessSample(
        double seconds,
        long rssKib,
        long threads,
        long descriptors,
        long heapUsed,
        long heapCommitted,
        long direct,
        long activeStreams) {

    static ProcessSample take(double seconds, ServerProcess server, HttpClient http)
            throws IOException, InterruptedException {
        long pid = server.pid();
        long fds;
        try (Stream<Path> entries = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds = entries.count();
        }
        long rss = Machine.statusKib(pid, "VmRSS");
        long threads = Machine.statusKib(pid, "Threads");
        try {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(server.uri("/api/health"))
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode health = LibraryApi.JSON.readTree(r.body());
            JsonNode m = health.get("memory");
            return new ProcessSample(
                    seconds,
                    rss,
                    threads,
                    fds,
                    m.get("heapUsedBytes").asLong(),
                    m.get("heapCommittedBytes").asLong(),
                    m.get("directBytes").asLong(),
                    health.get("activeStreams").asLong());
        } catch (HttpTimeoutException unanswered) {
            // A server that cannot answer its health in 30 s still has a resident set worth a row.
            return new ProcessSample(seconds, rss, threads, fds, -1, -1, -1, -1);
        }
    }

    static String header() {
        return "|   t s | RSS MiB | heap used MiB | heap committed MiB | direct MiB | threads | fds | streams |";
    }

    String row() {
        return String.format(
                Locale.ROOT,
                "| %5.0f | %7.1f | %13.1f | %18.1f | %10.1f | %7d | %3d | %7d |",
                seconds,
                rssKib / 1024.0,
                heapUsed / 1048576.0,
                heapCommitted / 1048576.0,
                direct / 1048576.0,
                threads,
                descriptors,
                activeStreams);
    }
}
