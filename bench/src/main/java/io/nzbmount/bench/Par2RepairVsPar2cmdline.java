package io.nzbmount.bench;

import io.nzbmount.server.repair.par2.Par2Exception;
import io.nzbmount.server.repair.par2.Par2InputFile;
import io.nzbmount.server.repair.par2.Par2RecoverySet;
import io.nzbmount.server.repair.par2.Rebuild;
import io.nzbmount.server.repair.par2.RepairImpossible;
import io.nzbmount.server.repair.par2.RepairOutcome;
import io.nzbmount.server.repair.par2.RepairPlan;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * PAR2 repair compute time against Debian's par2cmdline on the same damaged set, in one run on
 * one machine. A random film of {@code --mib} MiB gets its par2 files from {@code par2 create -r8}
 * (par2cmdline's default slice count), then {@code --holes} ranges of 716800 bytes (one article
 * each) are damaged. par2cmdline: the wall time of {@code par2 r -q} on a fresh damaged copy
 * (it scans the files, then rebuilds). NZBMount: the time from the par2 files and the readable
 * slices in memory to the rebuilt, MD5/CRC-checked slices (planning, recovery and input slices
 * fed, solving); reading from Usenet is not part of it. Medians of {@code --runs} runs each.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.nzbmount.bench.Par2RepairVsPar2cmdline --mib 64 --holes 3 --runs 5</pre>
 */
public final class Par2RepairVsPar2cmdline {
    private static final int ARTICLE = 716_800;

    public static void main(String[] args) throws Exception {
        int mib = intArg(args, "--mib", 64);
        int holes = intArg(args, "--holes", 3);
        int runs = intArg(args, "--runs", 5);
        Path dir = Files.createTempDirectory("par2-bench-");
        Path film = dir.resolve("film.mkv");
        byte[] bytes = new byte[mib << 20];
        new SplittableRandom(27).nextBytes(bytes);
        Files.write(film, bytes);
        run(dir, "par2", "create", "-q", "-r8", dir.resolve("film.par2").toString(), film.toString());
        List<long[]> damaged = new ArrayList<>();
        for (int h = 0; h < holes; h++) {
            long at = (long) bytes.length / (holes + 1) * (h + 1) / ARTICLE * ARTICLE;
            damaged.add(new long[] {at, Math.min(bytes.length, at + ARTICLE)});
        }
        List<byte[]> par2 = new ArrayList<>();
        try (var files = Files.list(dir)) {
            for (Path p :
                    files.filter(p -> p.toString().endsWith(".par2")).sorted().toList())
                par2.add(Files.readAllBytes(p));
        }
        long[] theirs = new long[runs];
        long[] ours = new long[runs];
        ourRepair(par2, bytes, damaged); // warm-up
        for (int i = 0; i < runs; i++) {
            Files.write(film, bytes);
            damage(film, damaged);
            long t0 = System.nanoTime();
            run(dir, "par2", "r", "-q", dir.resolve("film.par2").toString());
            theirs[i] = System.nanoTime() - t0;
            if (!Arrays.equals(Files.readAllBytes(film), bytes))
                throw new IllegalStateException("par2 r did not repair the film");
            try (var left = Files.list(dir)) {
                for (Path p : left.filter(p -> p.getFileName().toString().matches("film\\.mkv\\.\\d+"))
                        .toList()) Files.delete(p);
            }
            ours[i] = ourRepair(par2, bytes, damaged);
        }
        Arrays.sort(theirs);
        Arrays.sort(ours);
        long a = ours[runs / 2];
        long b = theirs[runs / 2];
        System.out.printf(
                "film %d MiB, %d damaged articles, %d runs, %d cores%n",
                mib, holes, runs, Runtime.getRuntime().availableProcessors());
        System.out.printf("par2 r (par2cmdline) median %.3f s, runs %s%n", b / 1e9, seconds(theirs));
        System.out.printf("NZBMount rebuild     median %.3f s, runs %s%n", a / 1e9, seconds(ours));
        System.out.printf("ratio NZBMount / par2cmdline: %.2f%n", (double) a / b);
        try (var all = Files.list(dir)) {
            for (Path p : all.toList()) Files.delete(p);
        }
        Files.delete(dir);
    }

    /** Plans, feeds and solves the repair from memory; returns the nanoseconds it took. */
    private static long ourRepair(List<byte[]> par2, byte[] film, List<long[]> damaged) throws Par2Exception {
        long t0 = System.nanoTime();
        Par2RecoverySet set = Par2RecoverySet.read(par2);
        int sliceSize = (int) set.sliceSize();
        Par2InputFile file = set.files().get(0);
        TreeSet<Integer> missing = new TreeSet<>();
        for (long[] d : damaged) {
            for (long s = d[0] / sliceSize; s <= (d[1] - 1) / sliceSize; s++) missing.add((int) s);
        }
        RepairOutcome outcome = RepairPlan.of(
                sliceSize, set.inputSlices(), missing, set.recovery().keySet());
        if (outcome instanceof RepairImpossible no) throw new IllegalStateException(no.reason());
        RepairPlan plan = (RepairPlan) outcome;
        Rebuild rebuild = plan.start();
        for (int e : plan.exponents())
            rebuild.addRecovery(e, set.recovery().get(e).data());
        byte[] slice = new byte[sliceSize];
        for (int s = 0; s < file.slices().size(); s++) {
            if (missing.contains(s)) continue;
            int n = (int) Math.min(sliceSize, file.length() - (long) s * sliceSize);
            System.arraycopy(film, s * sliceSize, slice, 0, n);
            Arrays.fill(slice, n, sliceSize, (byte) 0);
            rebuild.addInput(s, slice);
        }
        rebuild.finish();
        return System.nanoTime() - t0;
    }

    private static void damage(Path film, List<long[]> damaged) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(film.toFile(), "rw")) {
            for (long[] d : damaged) {
                f.seek(d[0]);
                f.write(new byte[(int) (d[1] - d[0])]);
            }
        }
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed");
        }
    }

    private static String seconds(long[] nanos) {
        StringBuilder s = new StringBuilder();
        for (long n : nanos) s.append(s.isEmpty() ? "" : " ").append(String.format("%.3f", n / 1e9));
        return s.toString();
    }

    private static int intArg(String[] args, String name, int fallback) {
        for (int i = 0; i + 1 < args.length; i++) if (args[i].equals(name)) return Integer.parseInt(args[i + 1]);
        return fallback;
    }
}
