package io.nzbmount.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The long run: {@code --readers} players with Kodi's patterns ({@link KodiReader}) on
 * {@code --items} films for {@code --minutes}, against {@code serve} as its own process (the
 * product jar, {@code --jvm} flags) reading from two embedded NNTP servers that hold the same
 * articles: provider {@code a}, asked first, goes silent for {@code --silentSeconds} every
 * {@code --silentEvery} seconds; provider {@code b} is always there. Each film's primary has
 * {@code --holes} articles missing on both (holes), its standby (another posting of the same
 * bytes, verified before the players start) is whole, so plays cut over. Every byte read is
 * compared with the film's content.
 *
 * <p>Every {@code --sampleSeconds}: the server's resident set, heap used and committed, direct
 * memory, threads and open descriptors (one table row). After the players stop, the same for
 * {@code --idleSeconds}, to see the memory come back. With {@code --check true} it exits 1
 * unless no byte was wrong, no read was short, and neither threads nor descriptors grew: the
 * smallest of the last three samples while playing must not exceed the largest of the samples in
 * the 30 s after {@code --warmupSeconds} by more than {@code --threadSlack} and
 * {@code --fdSlack}.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.nzbmount.bench.Soak [--minutes 60] [--readers 8] [--items 4]
 *     [--sizeMiB 256] [--readerMBps 3] [--holes 3] [--jvmOptions jvm.options] [--jvm "MORE FLAGS"]
 *     [--check false] [--nmt false]
 *     [--jar server/target/nzbmount.jar] [--work /tmp/nzbmount-soak]</pre>
 */
public final class Soak {
    private static final int PART = 716_800;

    private Soak() {}

    /** An item as the players see it. */
    private record Film(String path, long size, FileContent content) {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
                "minutes",
                "60",
                "readers",
                "8",
                "items",
                "4",
                "sizeMiB",
                "256",
                "readerMBps",
                "3",
                "holes",
                "3",
                "silentEvery",
                "60",
                "silentSeconds",
                "10",
                "sampleSeconds",
                "10",
                "warmupSeconds",
                "30",
                "idleSeconds",
                "60",
                "connections",
                "8",
                "threadSlack",
                "8",
                "fdSlack",
                "16",
                "jvmOptions",
                "jvm.options",
                "jvm",
                "",
                "check",
                "false",
                "nmt",
                "false",
                "seed",
                "34",
                "jar",
                "server/target/nzbmount.jar",
                "work",
                "/tmp/nzbmount-soak");
        Machine.header("Soak " + String.join(" ", args));
        List<String> jvm = new ArrayList<>(Jar.optionsFile(o));
        if (!o.optional("jvm").isBlank())
            jvm.addAll(Arrays.asList(o.optional("jvm").trim().split("\\s+")));
        long size = (long) o.integer("sizeMiB") << 20;
        Random random = new Random(Long.parseLong(o.text("seed")));
        boolean nmt = Boolean.parseBoolean(o.text("nmt"));
        if (nmt) jvm.add("-XX:NativeMemoryTracking=summary");
        System.out.println("# server JVM flags: " + String.join(" ", jvm)
                + (jvm.isEmpty() || o.text("jvmOptions").equals("none")
                        ? ""
                        : " = " + String.join(" ", argFile(o.path("jvmOptions")))));
        HttpClient http = HttpClient.newHttpClient();
        SoakReport report = new SoakReport(o.integer("warmupSeconds"), o.integer("threadSlack"), o.integer("fdSlack"));
        KodiReader.Tally tally = new KodiReader.Tally();
        try (EmbeddedNntpServer a = EmbeddedNntpServer.start();
                EmbeddedNntpServer b =
                        EmbeddedNntpServer.builder().articlesOf(a).start();
                ServerProcess server = ServerProcess.start(
                        o.path("jar"),
                        jvm,
                        o.path("work"),
                        0,
                        0,
                        List.of(
                                new Jar.Provider("a", a.host(), a.port(), o.integer("connections"), 0),
                                new Jar.Provider("b", b.host(), b.port(), o.integer("connections"), 1)))) {
            List<Film> films = new ArrayList<>();
            for (int i = 0; i < o.integer("items"); i++) {
                films.add(post(a, server, http, "Soak Film " + (i + 1), size, o.integer("holes"), random));
            }
            Thread.sleep(10_000);
            ProcessSample idle = ProcessSample.take(0, server, http);
            report.idle(idle);
            System.out.println("idle before the players: " + idle.row());
            System.out.println(ProcessSample.header());
            System.out.println("|---|---|---|---|---|---|---|---|");

            double cpuBefore = server.cpuSeconds();
            long start = System.nanoTime();
            long end = start + TimeUnit.MINUTES.toNanos(o.integer("minutes"));
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> players = new ArrayList<>();
            for (int i = 0; i < o.integer("readers"); i++) {
                Film f = films.get(i % films.size());
                KodiReader r = new KodiReader(
                        "127.0.0.1",
                        server.port(),
                        f.path(),
                        f.size(),
                        f.content(),
                        (long) o.integer("readerMBps") * 1_000_000,
                        random.nextLong(),
                        tally,
                        stop::get);
                players.add(Thread.ofPlatform().name("player-" + i).start(r));
            }
            ScheduledExecutorService faults = Executors.newSingleThreadScheduledExecutor();
            int every = o.integer("silentEvery");
            int silent = o.integer("silentSeconds");
            faults.scheduleAtFixedRate(
                    () -> {
                        a.faults().silent(true);
                        faults.schedule(() -> a.faults().silent(false), silent, TimeUnit.SECONDS);
                    },
                    every - silent,
                    every,
                    TimeUnit.SECONDS);
            try {
                long step = TimeUnit.SECONDS.toNanos(o.integer("sampleSeconds"));
                for (long next = start + step; next <= end; next += step) {
                    sleepUntil(next);
                    ProcessSample s = ProcessSample.take((System.nanoTime() - start) / 1e9, server, http);
                    report.playing(s);
                    System.out.println(s.row() + (a.faults().isSilent() ? " a silent" : ""));
                }
            } finally {
                stop.set(true);
                faults.shutdownNow();
                a.faults().silent(false);
                for (Thread t : players) t.join(60_000);
            }
            long stopped = System.nanoTime();
            System.out.printf(
                    Locale.ROOT,
                    "server CPU while playing: %.1f s, %.2f s per GB read%n",
                    server.cpuSeconds() - cpuBefore,
                    (server.cpuSeconds() - cpuBefore) / (tally.bytes.get() / 1e9));
            System.out.println("players stopped; the server idle:");
            long step = TimeUnit.SECONDS.toNanos(o.integer("sampleSeconds"));
            for (long next = stopped + step;
                    next <= stopped + TimeUnit.SECONDS.toNanos(o.integer("idleSeconds"));
                    next += step) {
                sleepUntil(next);
                ProcessSample s = ProcessSample.take((System.nanoTime() - start) / 1e9, server, http);
                report.after((System.nanoTime() - stopped) / 1e9, s);
                System.out.println(s.row());
            }
            if (nmt) System.out.println(server.jcmd("VM.native_memory", "summary"));
            System.out.println(server.jcmd("GC.heap_info"));
        }
        boolean ok = report.print(tally, o.integer("readers"), Duration.ofMinutes(o.integer("minutes")));
        System.out.println("# load average at end " + Machine.load());
        if (Boolean.parseBoolean(o.text("check")) && !ok) System.exit(1);
    }

    /**
     * Posts a film twice with the same bytes, imports the first as an item and the second as its
     * standby, waits until the standby is verified, then takes {@code holes} articles of the
     * primary away (from both providers, which share one store).
     */
    private static Film post(
            EmbeddedNntpServer nntp,
            ServerProcess server,
            HttpClient http,
            String title,
            long size,
            int holes,
            Random random)
            throws Exception {
        FileContent content = FileContent.pattern(random.nextLong());
        String name = title.toLowerCase(Locale.ROOT).replace(' ', '.') + ".mkv";
        PostedFile primary = nntp.postLazy(name, size, PART, content);
        PostedFile standby = nntp.postLazy(name, size, PART, content);
        String api = server.uri("/api/nzbs").toString();
        JsonNode item = LibraryApi.JSON.readTree(LibraryApi.postRetrying(
                http,
                api + "?name=" + URLEncoder.encode(title, StandardCharsets.UTF_8),
                NzbWriter.write(List.of(primary), title),
                10));
        long id = item.get("id").asLong();
        String path = item.findValue("path").asText();
        JsonNode withStandby = LibraryApi.JSON.readTree(LibraryApi.postRetrying(
                http, api + "?item=" + id + "&role=standby", NzbWriter.write(List.of(standby), title + " REPOST"), 10));
        LibraryApi.awaitVerified(
                http,
                server.uri("/api/items/" + id).toString(),
                withStandby.get("standby").get(0).get("id").asLong(),
                Duration.ofMinutes(3));
        List<String> ids = primary.messageIds();
        StringBuilder where = new StringBuilder();
        for (int h = 0; h < holes; h++) {
            // Spread over the file, never the first article (the probe) nor the last (the cues).
            int at = 1 + (int) ((h + random.nextDouble()) * (ids.size() - 2) / holes);
            nntp.removeArticle(ids.get(at));
            where.append(where.isEmpty() ? "" : ", ").append(at);
        }
        System.out.printf(
                Locale.ROOT,
                "%s: %s, %d MiB, %d articles, holes in the primary at articles %s%n",
                title,
                path,
                size >> 20,
                ids.size(),
                where);
        return new Film(path, size, content);
    }

    /** The flags of a java argument file: its lines without comments and blanks. */
    private static List<String> argFile(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList();
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
    }
}
