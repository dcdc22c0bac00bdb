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
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * From the failed read to the first byte from a verified standby, on loopback: the whole server
 * (as {@code serve} runs it) over the embedded NNTP server. Each run posts a 20 MiB file twice
 * (716800-byte parts), imports one as the item and the other as a standby, waits until the standby
 * is verified, removes the primary's middle article and reads the whole file in one GET (SHA-256
 * checked). The figure is the cutover event's {@code tookMillis}; also printed: the proof alone
 * ({@code provedMillis}) and the standby's articles fetched beyond the ones the stream needs.
 *
 * <p>Run: {@code java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * io.nzbmount.bench.CutoverLatency [runs]}.
 */
public final class CutoverLatency {
    private static final int PART = 716_800;
    private static final int SIZE = 20 << 20;
    private static final ObjectMapper JSON = LibraryApi.JSON;

    private CutoverLatency() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        List<Long> took = new ArrayList<>();
        List<Long> proved = new ArrayList<>();
        Path dir = Files.createTempDirectory("cutover-bench");
        HttpClient http = HttpClient.newHttpClient();
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
                Application app = LibraryApi.start(nntp, dir)) {
            for (int run = 0; run < runs; run++) {
                byte[] data = new byte[SIZE];
                new Random(run).nextBytes(data);
                String title = "Bench Film " + run;
                PostedFile a = nntp.post("film.mkv", data, PART);
                PostedFile b = nntp.post("film.mkv", data, PART);
                long item = JSON.readTree(
                                LibraryApi.post(http, app.uri() + "api/nzbs", NzbWriter.write(List.of(a), title)))
                        .get("id")
                        .asLong();
                JsonNode withStandby = JSON.readTree(LibraryApi.post(
                        http,
                        app.uri() + "api/nzbs?item=" + item + "&role=standby",
                        NzbWriter.write(List.of(b), title + " REPOST")));
                long standby = withStandby.get("standby").get(0).get("id").asLong();
                LibraryApi.awaitVerified(http, app.uri() + "api/items/" + item, standby, Duration.ofMinutes(1));
                int middle = a.messageIds().size() / 2;
                nntp.removeArticle(a.messageIds().get(middle));
                byte[] body = get(URI.create(app.uri() + "dav/library/" + title.replace(" ", "%20") + "/film.mkv"));
                if (!Arrays.equals(
                        MessageDigest.getInstance("SHA-256").digest(body),
                        MessageDigest.getInstance("SHA-256").digest(data))) {
                    throw new AssertionError("run " + run + ": the bytes differ (" + body.length + " of " + SIZE + ")");
                }
                JsonNode cutover = null;
                for (JsonNode e : JSON.readTree(http.send(
                                        HttpRequest.newBuilder(URI.create(
                                                        app.uri() + "api/events?item=" + item + "&limit=500"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .body())
                        .path("events")) {
                    if (e.get("kind").asText().equals("cutover")) cutover = e.get("detail");
                }
                if (cutover == null) throw new AssertionError("run " + run + ": no cutover event");
                took.add(cutover.get("tookMillis").asLong());
                proved.add(cutover.get("provedMillis").asLong());
                System.out.printf(
                        "run %d: offset %d, first byte from the standby after %d ms (proof %d ms)%n",
                        run, cutover.get("offset").asLong(), took.getLast(), proved.getLast());
            }
        }
        System.out.printf(
                "median of %d runs: %d ms to the first byte, %d ms to the end of the proof%n",
                runs, median(took), median(proved));
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** The whole body, read on a raw socket so that a response cut short shows as short. */
    private static byte[] get(URI file) throws Exception {
        try (Socket socket = new Socket(file.getHost(), file.getPort())) {
            socket.getOutputStream()
                    .write(("GET " + file.getRawPath() + " HTTP/1.1\r\nHost: " + file.getHost() + ":" + file.getPort()
                                    + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            byte[] all = in.readAllBytes();
            for (int i = 0; i + 3 < all.length; i++) {
                if (all[i] == '\r' && all[i + 1] == '\n' && all[i + 2] == '\r' && all[i + 3] == '\n') {
                    return Arrays.copyOfRange(all, i + 4, all.length);
                }
            }
            throw new AssertionError("no response headers");
        }
    }
}
