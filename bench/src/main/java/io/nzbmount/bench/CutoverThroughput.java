package io.nzbmount.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.Application;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Throughput of one long GET before and after a cutover, and the articles a cutover costs beyond
 * a plain read, on loopback: the whole server (as {@code serve} runs it) over the embedded NNTP
 * server. Each run posts a file twice (716800-byte parts), imports one copy as the item and the
 * other as a standby, waits until the standby is verified, then reads the file twice in one GET
 * each: first whole (the reference, same run, same server), then with the primary's article at
 * ~40 % removed, so the response is continued from the standby. Both bodies are SHA-256 checked.
 * For each GET: MB/s of the bytes before the cut offset and of the bytes after it (from the
 * first byte after the cut to the end, so the cutover's own wait is not in it; it is printed
 * apart), of the first third after the cut and of the last two thirds, and the BODY commands the
 * embedded server received minus the file's article count.
 *
 * <p>Run: {@code java --enable-native-access=ALL-UNNAMED -Xmx3g -cp bench/target/benchmarks.jar
 * io.nzbmount.bench.CutoverThroughput [runs] [MiB]}.
 */
public final class CutoverThroughput {
    private static final int PART = 716_800;
    private static final ObjectMapper JSON = LibraryApi.JSON;

    private CutoverThroughput() {}

    /** One GET: MB/s before and after {@code cut}, the wait at the cut, and the articles fetched. */
    private record Read(
            double before, double after, double waitMillis, long bodies, byte[] digest, double late, double early) {
        Read withBodies(long n) {
            return new Read(before, after, waitMillis, n, digest, late, early);
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int mib = args.length > 1 ? Integer.parseInt(args[1]) : 128;
        int size = mib << 20;
        List<Double> refBefore = new ArrayList<>(), refAfter = new ArrayList<>();
        List<Double> cutBefore = new ArrayList<>(), cutAfter = new ArrayList<>(), cutWait = new ArrayList<>();
        List<Double> refExtra = new ArrayList<>(), cutExtra = new ArrayList<>();
        List<Double> refLate = new ArrayList<>(), cutLate = new ArrayList<>();
        List<Double> refEarly = new ArrayList<>(), cutEarly = new ArrayList<>();
        Path dir = Files.createTempDirectory("cutover-throughput");
        HttpClient http = HttpClient.newHttpClient();
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
                Application app = LibraryApi.start(nntp, dir)) {
            for (int run = 0; run < runs; run++) {
                byte[] data = new byte[size];
                new Random(run).nextBytes(data);
                byte[] want = MessageDigest.getInstance("SHA-256").digest(data);
                String title = "Throughput Film " + run;
                PostedFile a = nntp.post("film.mkv", data, PART);
                PostedFile b = nntp.post("film.mkv", data, PART);
                data = null;
                long item = JSON.readTree(
                                LibraryApi.post(http, app.uri() + "api/nzbs", NzbWriter.write(List.of(a), title)))
                        .get("id")
                        .asLong();
                JsonNode withStandby = JSON.readTree(LibraryApi.post(
                        http,
                        app.uri() + "api/nzbs?item=" + item + "&role=standby",
                        NzbWriter.write(List.of(b), title + " REPOST")));
                long standby = withStandby.get("standby").get(0).get("id").asLong();
                LibraryApi.awaitVerified(http, app.uri() + "api/items/" + item, standby, Duration.ofMinutes(2));
                int articles = a.messageIds().size();
                int cutArticle = articles * 2 / 5;
                long cut = (long) cutArticle * PART;
                URI file = URI.create(app.uri() + "dav/library/" + title.replace(" ", "%20") + "/film.mkv");

                long bodies = nntp.counters().bodyCommands();
                Read ref = get(file, cut, size);
                ref = ref.withBodies(nntp.counters().bodyCommands() - bodies);
                nntp.removeArticle(a.messageIds().get(cutArticle));
                bodies = nntp.counters().bodyCommands();
                Read cutRead = get(file, cut, size);
                cutRead = cutRead.withBodies(nntp.counters().bodyCommands() - bodies);
                if (!MessageDigest.isEqual(want, ref.digest()) || !MessageDigest.isEqual(want, cutRead.digest())) {
                    throw new AssertionError("run " + run + ": the bytes differ");
                }
                refBefore.add(ref.before());
                refAfter.add(ref.after());
                cutBefore.add(cutRead.before());
                cutAfter.add(cutRead.after());
                cutWait.add(cutRead.waitMillis());
                refExtra.add((double) (ref.bodies() - articles));
                cutExtra.add((double) (cutRead.bodies() - articles));
                refLate.add(ref.late());
                cutLate.add(cutRead.late());
                refEarly.add(ref.early());
                cutEarly.add(cutRead.early());
                System.out.printf(
                        "run %d (%d articles, cut at article %d): reference %.0f -> %.0f (first third %.0f, late %.0f)"
                                + " MB/s, %+d articles; cutover %.0f -> %.0f (first third %.0f, late %.0f) MB/s, %.0f ms at the"
                                + " cut, %+d articles%n",
                        run,
                        articles,
                        cutArticle,
                        ref.before(),
                        ref.after(),
                        ref.early(),
                        ref.late(),
                        ref.bodies() - articles,
                        cutRead.before(),
                        cutRead.after(),
                        cutRead.early(),
                        cutRead.late(),
                        cutRead.waitMillis(),
                        cutRead.bodies() - articles);
                for (String id : a.messageIds()) nntp.removeArticle(id);
                for (String id : b.messageIds()) nntp.removeArticle(id);
            }
        }
        System.out.printf(
                "medians of %d runs, %d MiB: reference %.0f MB/s before the cut offset, %.0f after;"
                        + " with a cutover %.0f before, %.0f after (%.0f ms at the cut); extra articles: reference %.0f,"
                        + " cutover %.0f; the first third after the cut: reference %.0f, cutover %.0f; the last two"
                        + " thirds: reference %.0f, cutover %.0f%n",
                runs,
                mib,
                median(refBefore),
                median(refAfter),
                median(cutBefore),
                median(cutAfter),
                median(cutWait),
                median(refExtra),
                median(cutExtra),
                median(refEarly),
                median(cutEarly),
                median(refLate),
                median(cutLate));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /**
     * Reads the whole body on a raw socket, timing the bytes: MB/s from the first body byte to
     * offset {@code cut}, and from the first byte past {@code cut} to the end; the wait is the
     * gap between the read that reached {@code cut} and the next one.
     */
    private static Read get(URI file, long cut, long size) throws Exception {
        try (Socket socket = new Socket(file.getHost(), file.getPort())) {
            socket.getOutputStream()
                    .write(("GET " + file.getRawPath() + " HTTP/1.1\r\nHost: " + file.getHost() + ":" + file.getPort()
                                    + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            int headerMatch = 0;
            boolean inBody = false;
            long got = 0;
            long start = 0, atCut = 0, afterCut = 0, end = 0, atLate = 0;
            long late = cut + (size - cut) / 3;
            for (int n; (n = in.read(buf)) > 0; ) {
                long now = System.nanoTime();
                int from = 0;
                if (!inBody) {
                    while (from < n && headerMatch < 4) {
                        byte c = buf[from++];
                        headerMatch =
                                (c == (headerMatch % 2 == 0 ? '\r' : '\n')) ? headerMatch + 1 : (c == '\r' ? 1 : 0);
                    }
                    if (headerMatch < 4) continue;
                    inBody = true;
                    start = now;
                }
                int take = n - from;
                if (take == 0) continue;
                if (got < late && got + take >= late) atLate = now;
                if (got < cut && got + take >= cut) atCut = now;
                else if (got >= cut && afterCut == 0) afterCut = now;
                sha.update(buf, from, take);
                got += take;
                end = now;
            }
            if (got != size) throw new AssertionError("the body has " + got + " of " + size + " bytes");
            double before = cut / 1e6 / ((atCut - start) / 1e9);
            double after = (size - cut) / 1e6 / ((end - afterCut) / 1e9);
            double lateRate = (size - late) / 1e6 / ((end - atLate) / 1e9);
            double earlyRate = (late - cut) / 1e6 / ((atLate - afterCut) / 1e9);
            return new Read(before, after, (afterCut - atCut) / 1e6, 0, sha.digest(), lateRate, earlyRate);
        }
    }
}
