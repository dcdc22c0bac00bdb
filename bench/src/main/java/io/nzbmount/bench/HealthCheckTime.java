package io.nzbmount.bench;

import io.nzbmount.nntp.ArticleCensus;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.PostedFile;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The health check's time for a large release on the far-provider model: STAT of every article
 * with {@link Usenet#census} (what the health check asks, pipelined, at background priority) of a
 * release of {@code --sizeGb} GiB posted in 716,800-byte parts to the embedded server, behind a far
 * link ({@link FarMode}). The same-run reference is {@link Usenet#check}: the STAT path the import
 * sample and {@code nzbmount check} use, four articles at a time, one command per connection.
 * Three articles are taken down, and each run must find exactly those.
 *
 * <pre>java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar io.nzbmount.bench.HealthCheckTime
 *     [--sizeGb 10] [--providerConnections 20] [--connections 4] [--depth 16] [--runs 3] [--refRuns 3]
 *     [--farDelayMs 20 --farMbps 20]</pre>
 */
public final class HealthCheckTime {
    private static final int PART = 716_800;

    private HealthCheckTime() {}

    public static void main(String[] args) throws Exception {
        Machine.header("HealthCheckTime " + String.join(" ", args));
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            Options o = new Options(
                    args,
                    FarMode.options(
                            "host",
                            nntp.host(),
                            "port",
                            Integer.toString(nntp.port()),
                            "sizeGb",
                            "10",
                            "providerConnections",
                            "20",
                            "connections",
                            "4",
                            "depth",
                            "16",
                            "runs",
                            "3",
                            "refRuns",
                            "3"));
            PostedFile posted =
                    nntp.postLazy("film.mkv", (long) o.integer("sizeGb") << 30, PART, FileContent.pattern(3));
            NzbFile file = posted.toNzbFile();
            List<String> ids = posted.messageIds();
            Set<String> gone = Set.of(ids.get(1), ids.get(ids.size() / 2), ids.get(ids.size() - 1));
            for (String id : gone) nntp.removeArticle(id);
            System.out.printf(Locale.ROOT, "release: %d articles, %d taken down%n", ids.size(), gone.size());

            Samples census = new Samples("census x" + o.integer("connections") + " depth " + o.integer("depth"), "s");
            Samples reference = new Samples("check (4 at once, no pipelining)", "s");
            try (FarMode far = FarMode.open(o);
                    Usenet usenet = Usenet.connect(
                            List.of(new io.nzbmount.nntp.Provider(
                                    "far",
                                    far.host(),
                                    far.port(),
                                    false,
                                    null,
                                    null,
                                    o.integer("providerConnections"),
                                    0)),
                            Usenet.Settings.defaults())) {
                usenet.census(file.segments().subList(0, 200), o.integer("depth"), o.integer("connections")); // warm-up
                for (int i = 0; i < o.integer("runs"); i++) {
                    long start = System.nanoTime();
                    ArticleCensus c = usenet.census(file.segments(), o.integer("depth"), o.integer("connections"));
                    double s = (System.nanoTime() - start) / 1e9;
                    if (!c.missing().equals(gone) || !c.unknown().isEmpty()) {
                        throw new IllegalStateException("census found " + c.missing() + ", unknown "
                                + c.unknown().size());
                    }
                    census.add(s);
                    System.out.printf(
                            Locale.ROOT, "census run %d: %.2f s, %.0f articles/s%n", i + 1, s, ids.size() / s);
                }
                for (int i = 0; i < o.integer("refRuns"); i++) {
                    long start = System.nanoTime();
                    Usenet.FileCheck c = usenet.check(file);
                    double s = (System.nanoTime() - start) / 1e9;
                    if (c.missing() != gone.size() || c.unknown() != 0)
                        throw new IllegalStateException("check found " + c);
                    reference.add(s);
                    System.out.printf(
                            Locale.ROOT, "reference run %d: %.2f s, %.0f articles/s%n", i + 1, s, ids.size() / s);
                }
                far.check(far.mostOpen(), o.integer("providerConnections"));
            }
            System.out.println(census.summary());
            System.out.println(reference.summary());
            System.out.println(Samples.ratio(reference, census));
            System.out.println("# load average at end " + Machine.load());
        }
    }
}
