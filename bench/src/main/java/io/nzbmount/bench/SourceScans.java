package io.nzbmount.bench;

import io.nzbmount.server.store.HealthChecks;
import io.nzbmount.server.store.StandbyTables;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Random;

/**
 * What the passes over every source cost in a library whose NZBs are large: the standby
 * service's (each second: {@code StandbyTables.standbysWithoutProgress}) and the health
 * scheduler's ({@code HealthChecks.sources}). Two databases with the same rows, made by the
 * server's own migration scripts from the classpath: one at schema 12 (the NZB in a column of
 * {@code sources}, the same-run reference) and one at the newest schema (the NZBs in
 * {@code source_nzbs}). Each pass is timed on the thread's CPU clock (SQLite runs on it) and on
 * the wall clock, alternating between the two databases; medians are printed.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.nzbmount.bench.SourceScans --sources 5000 --nzbKiB 200 --runs 15 --dir /tmp/scans
 * </pre>
 */
public final class SourceScans {
    private static final int OLD_SCHEMA = 12;
    private static final int NEWEST_SCHEMA = 13;

    private SourceScans() {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(args, "sources", "5000", "nzbKiB", "200", "runs", "15", "dir", "");
        int sources = o.integer("sources");
        int nzbBytes = o.integer("nzbKiB") * 1024;
        int runs = o.integer("runs");
        Path dir = o.path("dir");
        Files.createDirectories(dir);
        try (Connection old = build(dir.resolve("schema12.db"), OLD_SCHEMA, sources, nzbBytes);
                Connection apart = build(dir.resolve("newest.db"), NEWEST_SCHEMA, sources, nzbBytes)) {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long[][] cpu = new long[4][runs];
            long[][] wall = new long[4][runs];
            for (int r = -1; r < runs; r++) {
                int slot = 0;
                for (Connection c : new Connection[] {old, apart}) {
                    for (int pass = 0; pass < 2; pass++, slot++) {
                        long cpu0 = mx.getCurrentThreadCpuTime();
                        long wall0 = System.nanoTime();
                        int rows = pass == 0
                                ? StandbyTables.standbysWithoutProgress(c).size()
                                : HealthChecks.sources(c).size();
                        if (pass == 1 && rows != sources) throw new IllegalStateException("rows " + rows);
                        if (r >= 0) {
                            cpu[slot][r] = mx.getCurrentThreadCpuTime() - cpu0;
                            wall[slot][r] = System.nanoTime() - wall0;
                        }
                    }
                }
            }
            System.out.printf(
                    "%d sources, NZBs of %d KiB, %d runs (medians; CPU of the querying thread)%n",
                    sources, nzbBytes / 1024, runs);
            String[] names = {
                "standby pass, schema 12", "health pass, schema 12", "standby pass, newest", "health pass, newest"
            };
            for (int i = 0; i < 4; i++) {
                System.out.printf(
                        "%-26s CPU %9.2f ms   wall %9.2f ms%n", names[i], median(cpu[i]) / 1e6, median(wall[i]) / 1e6);
            }
        }
    }

    private static Connection build(Path file, int schema, int sources, int nzbBytes) throws Exception {
        Files.deleteIfExists(file);
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            for (int v = 1; v <= schema; v++) {
                for (String sql : statements(v)) s.execute(sql);
            }
        }
        byte[] nzb = new byte[nzbBytes];
        Random random = new Random(12);
        boolean apart = schema >= NEWEST_SCHEMA;
        try (PreparedStatement item = c.prepareStatement(
                        "INSERT INTO items(id, name, created_at, primary_source)" + " VALUES (?, ?, 1, ?)");
                PreparedStatement source = c.prepareStatement(
                        apart
                                ? "INSERT INTO sources(id, item_id, nzb_sha256, release_name, role, state, added_at)"
                                        + " VALUES (?, ?, ?, ?, 'primary', 'verified', 1)"
                                : "INSERT INTO sources(id, item_id, nzb_sha256, release_name, role, state, added_at, nzb)"
                                        + " VALUES (?, ?, ?, ?, 'primary', 'verified', 1, ?)");
                PreparedStatement document = c.prepareStatement(
                        apart ? "INSERT INTO source_nzbs(source_id, nzb) VALUES (?, ?)" : "SELECT 1")) {
            for (int i = 1; i <= sources; i++) {
                random.nextBytes(nzb);
                item.setLong(1, i);
                item.setString(2, "Film " + i);
                item.setLong(3, i);
                item.executeUpdate();
                source.setLong(1, i);
                source.setLong(2, i);
                source.setString(3, "sha" + i);
                source.setString(4, "Film." + i + ".2024.1080p");
                if (apart) {
                    source.executeUpdate();
                    document.setLong(1, i);
                    document.setBytes(2, nzb);
                    document.executeUpdate();
                } else {
                    source.setBytes(5, nzb);
                    source.executeUpdate();
                }
            }
        }
        c.commit();
        return c;
    }

    /** The statements of migration {@code v} from the server jar, comments removed. */
    private static String[] statements(int v) throws IOException {
        String prefix = "db/V" + v + "__";
        for (String name : MIGRATIONS) {
            if (name.startsWith(prefix)) return split(name);
        }
        throw new IOException("no migration " + v + " is known here");
    }

    private static final String[] MIGRATIONS = {
        "db/V1__library.sql",
        "db/V2__standby.sql",
        "db/V3__holes.sql",
        "db/V4__archives.sql",
        "db/V5__item_problems.sql",
        "db/V6__ids_never_reused.sql",
        "db/V7__proofs.sql",
        "db/V8__download_jobs.sql",
        "db/V9__source_passwords.sql",
        "db/V10__health_checks.sql",
        "db/V11__repairs.sql",
        "db/V12__member_crcs.sql",
        "db/V13__nzbs_apart.sql"
    };

    private static String[] split(String resource) throws IOException {
        try (InputStream in = SourceScans.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IOException(resource + " is not on the classpath");
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)--.*$", "");
            return Arrays.stream(text.split(";"))
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .toArray(String[]::new);
        }
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
