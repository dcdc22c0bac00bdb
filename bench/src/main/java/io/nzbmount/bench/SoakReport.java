package io.nzbmount.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The samples of a {@link Soak} run and its verdict: medians while playing, growth from the
 * first to the last part of the run, how fast the memory came back once the players stopped,
 * and the checks (no wrong byte, no short read, no thread or descriptor growth). Not
 * thread-safe; the sampling thread owns it.
 */
final class SoakReport {
    /** How close to the idle resident set the server must come back after the players stop. */
    static final long BACK_KIB = 20 * 1024;

    private final int warmupSeconds;
    private final int threadSlack;
    private final int fdSlack;
    private final List<ProcessSample> playing = new ArrayList<>();
    private ProcessSample idle;
    private double backAfter = -1;
    private ProcessSample lastIdle;

    SoakReport(int warmupSeconds, int threadSlack, int fdSlack) {
        this.warmupSeconds = warmupSeconds;
        this.threadSlack = threadSlack;
        this.fdSlack = fdSlack;
    }

    void idle(ProcessSample s) {
        idle = s;
    }

    void playing(ProcessSample s) {
        playing.add(s);
    }

    /** A sample {@code seconds} after the players stopped. */
    void after(double seconds, ProcessSample s) {
        lastIdle = s;
        if (backAfter < 0 && s.rssKib() <= idle.rssKib() + BACK_KIB) backAfter = seconds;
    }

    /** Prints the summary and the checks; true when every check passed. */
    boolean print(KodiReader.Tally tally, int readers, Duration length) {
        List<ProcessSample> warm =
                playing.stream().filter(s -> s.seconds() > warmupSeconds).toList();
        System.out.printf(
                Locale.ROOT,
                "%d players for %d min: %.1f GB read (%.1f MB/s), %d responses, %d seeks, %d read to the end%n",
                readers,
                length.toMinutes(),
                tally.bytes.get() / 1e9,
                tally.bytes.get() / 1e6 / length.toSeconds(),
                tally.responses.get(),
                tally.seeks.get(),
                tally.toTheEnd.get());
        System.out.printf(
                Locale.ROOT,
                "idle before: RSS %.1f MiB; while playing (after %d s warm-up, n=%d): RSS median %.1f MiB, max %.1f MiB;"
                        + " heap used median %.1f MiB, committed median %.1f MiB; direct median %.1f MiB; threads median %d; fds median %d%n",
                idle.rssKib() / 1024.0,
                warmupSeconds,
                warm.size(),
                median(warm, ProcessSample::rssKib) / 1024.0,
                max(warm, ProcessSample::rssKib) / 1024.0,
                median(warm, ProcessSample::heapUsed) / 1048576.0,
                median(warm, ProcessSample::heapCommitted) / 1048576.0,
                median(warm, ProcessSample::direct) / 1048576.0,
                median(warm, ProcessSample::threads),
                median(warm, ProcessSample::descriptors));
        if (warm.size() >= 12) {
            int sixth = warm.size() / 6;
            System.out.printf(
                    Locale.ROOT,
                    "RSS median of the first sixth %.1f MiB, of the last sixth %.1f MiB%n",
                    median(warm.subList(0, sixth), ProcessSample::rssKib) / 1024.0,
                    median(warm.subList(warm.size() - sixth, warm.size()), ProcessSample::rssKib) / 1024.0);
        }
        if (lastIdle != null) {
            System.out.printf(
                    Locale.ROOT,
                    "after the players stopped: RSS %s; last idle sample %.1f MiB%n",
                    backAfter < 0
                            ? "not back within 20 MiB of idle"
                            : String.format(Locale.ROOT, "back within 20 MiB of idle after %.0f s", backAfter),
                    lastIdle.rssKib() / 1024.0);
        }
        boolean ok = true;
        ok &= check(tally.wrongBytes.get() == 0, "wrong bytes: " + tally.wrongBytes.get());
        ok &= check(tally.shortReads.get() == 0, "short reads: " + tally.shortReads.get());
        ok &= check(tally.bytes.get() > 0, "bytes read: " + tally.bytes.get());
        ok &= growth("threads", ProcessSample::threads, threadSlack);
        ok &= growth("open descriptors", ProcessSample::descriptors, fdSlack);
        for (String p : tally.problems) System.out.println("  problem: " + p);
        return ok;
    }

    /** The smallest of the last three samples against the largest of the 30 s after the warm-up, plus slack. */
    private boolean growth(String what, ToLongFunction<ProcessSample> f, int slack) {
        List<ProcessSample> base = playing.stream()
                .filter(s -> s.seconds() > warmupSeconds && s.seconds() <= warmupSeconds + 30)
                .toList();
        if (base.isEmpty() || playing.size() < 3) return check(false, what + ": too few samples to judge growth");
        long baseline = base.stream().mapToLong(f).max().orElseThrow();
        long last = playing.subList(playing.size() - 3, playing.size()).stream()
                .mapToLong(f)
                .min()
                .orElseThrow();
        return check(
                last <= baseline + slack,
                String.format(
                        Locale.ROOT,
                        "%s: at most %d after the warm-up, at least %d in the last three samples (slack %d)",
                        what,
                        baseline,
                        last,
                        slack));
    }

    private static boolean check(boolean ok, String what) {
        System.out.println((ok ? "ok    " : "FAILED ") + what);
        return ok;
    }

    private static long median(List<ProcessSample> samples, ToLongFunction<ProcessSample> f) {
        long[] v = samples.stream().mapToLong(f).sorted().toArray();
        if (v.length == 0) return -1;
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static long max(List<ProcessSample> samples, ToLongFunction<ProcessSample> f) {
        return samples.stream().mapToLong(f).max().orElse(-1);
    }
}
