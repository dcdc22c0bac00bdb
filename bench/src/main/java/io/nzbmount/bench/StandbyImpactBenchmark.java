package io.nzbmount.bench;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.UsenetPresence;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.library.importing.UsenetReleaseReader;
import io.nzbmount.server.standby.PlaybackLiveness;
import io.nzbmount.server.standby.StandbyProver;
import io.nzbmount.server.standby.StandbyService;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyTables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How much proving five standbys in the background slows a live stream. One embedded NNTP server
 * and one provider pool (8 connections) serve both: a foreground reader streams a 256 MiB file
 * sequentially at full speed (four passes), once alone (the reference) and once while the standby service
 * proves five standbys of another item over and over (every round forgets the stored hashes, so
 * both sides are read each time). Prints both throughputs of every run and their medians.
 *
 * <p>Run: {@code java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * io.nzbmount.bench.StandbyImpactBenchmark [runs]}.
 */
public final class StandbyImpactBenchmark {
    private static final int STREAM_SIZE = 256 << 20;
    private static final int PART = 716_800;
    private static final long CANDIDATE_SIZE = 1L << 30;
    private static final int STANDBYS = 5;
    /** Passes over the stream file per measurement: long enough to outlast scheduling noise. */
    private static final int PASSES = 4;

    private StandbyImpactBenchmark() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Path dir = Files.createTempDirectory("standby-bench");
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
                Usenet usenet = Usenet.connect(List.of(nntp.provider("embedded", 8, 0)), Usenet.Settings.defaults());
                Database db = Database.open(dir)) {
            byte[] data = new byte[STREAM_SIZE];
            new Random(1).nextBytes(data);
            PostedFile stream = nntp.post("stream.mkv", data, PART);
            SegmentMap streamMap = usenet.map(stream.toNzbFile(), Priority.FOREGROUND);

            Clock clock = Clock.systemUTC();
            ItemCatalog catalog = new ItemCatalog(db);
            LibraryImporter importer = new LibraryImporter(
                    db,
                    new UsenetReleaseReader(usenet, Priority.BACKGROUND),
                    new UsenetPresence(usenet),
                    clock,
                    STANDBYS);
            FileContent content = FileContent.pattern(9);
            long itemId = importer.importNzb(
                            nzb(nntp.postLazy("film.mkv", CANDIDATE_SIZE, PART, content)),
                            Optional.of("Bench.Film.2020.1080p.BluRay.x264-GRP"))
                    .item()
                    .item()
                    .id();
            List<Long> standbys = new ArrayList<>();
            int[] parts = {500_000, 640_000, 716_800, 768_000, 384_000};
            for (int i = 0; i < STANDBYS; i++) {
                standbys.add(importer.addStandby(
                                itemId,
                                nzb(nntp.postLazy("film.mkv", CANDIDATE_SIZE, parts[i], content)),
                                Optional.empty())
                        .sourceId());
            }
            StandbyProver prover =
                    new StandbyProver(db, new SegmentMaps(catalog, usenet), usenet, StandbyService.SAMPLE_PAUSE);
            StandbyService service = new StandbyService(
                    new StandbyService.Parts(
                            db,
                            catalog,
                            importer,
                            prover,
                            Optional.empty(),
                            new EventLog(db, clock),
                            clock,
                            new PlaybackLiveness(clock)),
                    Duration.ofSeconds(120),
                    STANDBYS,
                    2);

            stream(usenet, streamMap, data); // warm-up: JIT, connections
            double[] alone = new double[runs];
            double[] loaded = new double[runs];
            for (int r = 0; r < runs; r++) {
                alone[r] = stream(usenet, streamMap, data);
                AtomicBoolean streaming = new AtomicBoolean(true);
                AtomicInteger proofs = new AtomicInteger();
                Thread validator = Thread.ofPlatform().start(() -> {
                    try {
                        while (streaming.get()) {
                            reset(db, standbys);
                            service.tick();
                            service.awaitIdle(Duration.ofMinutes(5));
                            proofs.addAndGet(STANDBYS);
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                Thread.sleep(200); // let the proofs get going before the stream starts
                loaded[r] = stream(usenet, streamMap, data);
                streaming.set(false);
                validator.join();
                System.out.printf(
                        "run %d: alone %.1f MB/s, with validation %.1f MB/s (%d proofs done)%n",
                        r + 1, alone[r], loaded[r], proofs.get());
            }
            service.close();
            double a = median(alone);
            double l = median(loaded);
            System.out.printf(
                    "median of %d runs: alone %.1f MB/s, with five standbys being proved %.1f MB/s"
                            + " (%.1f %% lower)%n",
                    runs, a, l, 100 * (a - l) / a);
        }
    }

    private static byte[] nzb(PostedFile f) {
        return NzbWriter.write(List.of(f)).getBytes(StandardCharsets.UTF_8);
    }

    /** Makes every standby pending again and forgets the primary's hashes, so a round reads both sides. */
    private static void reset(Database db, List<Long> standbys) throws Exception {
        db.transaction(c -> {
            try (var s = c.createStatement()) {
                s.execute("DELETE FROM sample_hashes");
            }
            for (long id : standbys) StandbyTables.putProgress(c, StandbyProgress.pending(id, OptionalInt.of(1)));
            return null;
        });
    }

    /** Reads the whole file sequentially {@value #PASSES} times, checks it, and returns MB/s. */
    private static double stream(Usenet usenet, SegmentMap map, byte[] original) throws Exception {
        byte[] buf = new byte[256 * 1024];
        long start = System.nanoTime();
        for (int pass = 0; pass < PASSES; pass++) {
            read(usenet, map, original, buf);
        }
        return PASSES * map.size() / 1e6 / ((System.nanoTime() - start) / 1e9);
    }

    private static void read(Usenet usenet, SegmentMap map, byte[] original, byte[] buf) throws Exception {
        long position = 0;
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            while (position < map.size()) {
                int n = reader.read(position, buf, 0, buf.length);
                if (!Arrays.equals(buf, 0, n, original, (int) position, (int) position + n)) {
                    throw new IllegalStateException("wrong bytes at " + position);
                }
                position += n;
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
