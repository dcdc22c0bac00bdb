package io.nzbmount.bench;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.Application;
import io.nzbmount.server.archive.StoredRar5Writer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A whole GET of a film inside encrypted RAR5 volumes against the same film inside plain RAR5
 * volumes, in the same run, on loopback: the whole server (as {@code serve} runs it) over the
 * embedded NNTP server, 716800-byte parts, 20 MiB volumes. The two GETs alternate, each checked
 * with SHA-256; the figure is the median MB/s of each and their ratio (the cost of AES-256-CBC
 * decryption through {@code javax.crypto}, AES-NI where the CPU has it).
 *
 * <p>Run: {@code java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * io.nzbmount.bench.EncryptedGet [runs] [MiB]}.
 */
public final class EncryptedGet {
    private static final int PART = 716_800;
    private static final int VOLUME = 20 << 20;
    private static final long TIME = 1_600_000_000L;
    private static final String PASSWORD = "bench password";

    private EncryptedGet() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int size = (args.length > 1 ? Integer.parseInt(args[1]) : 128) << 20;
        byte[] film = new byte[size];
        new Random(29).nextBytes(film);
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(film);
        Path dir = Files.createTempDirectory("encrypted-bench");
        HttpClient http = HttpClient.newHttpClient();
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
                Application app = LibraryApi.start(nntp, dir)) {
            post(nntp, http, app, "Plain", StoredRar5Writer.write("Plain.mkv", film, VOLUME, TIME), "");
            post(
                    nntp,
                    http,
                    app,
                    "Sealed",
                    StoredRar5Writer.writeEncrypted("Sealed.mkv", film, VOLUME, TIME, PASSWORD, new Random(30)),
                    "?password=" + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8));
            Samples plain = new Samples("GET plain RAR5", "MB/s");
            Samples sealed = new Samples("GET encrypted RAR5 (AES-256)", "MB/s");
            get(app, "Plain", sha); // warm-up: JIT, connections
            get(app, "Sealed", sha);
            for (int run = 0; run < runs; run++) {
                plain.add(get(app, "Plain", sha));
                sealed.add(get(app, "Sealed", sha));
            }
            System.out.printf("film %d MiB, %d runs, load %s%n", size >> 20, runs, Machine.load());
            System.out.println(plain.summary());
            System.out.println(sealed.summary());
            System.out.println(Samples.ratio(sealed, plain));
        }
    }

    private static void post(
            EmbeddedNntpServer nntp, HttpClient http, Application app, String name, List<byte[]> volumes, String query)
            throws Exception {
        List<PostedFile> posted = new ArrayList<>();
        for (int i = 0; i < volumes.size(); i++) {
            posted.add(nntp.post(StoredRar5Writer.volumeName(name, i, volumes.size()), volumes.get(i), PART));
        }
        LibraryApi.post(http, app.uri() + "api/nzbs" + query, NzbWriter.write(posted, name));
    }

    /** One whole GET of the item's film; its MB/s. */
    private static double get(Application app, String name, byte[] sha) throws Exception {
        URI uri = app.uri();
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        HttpGet.Response r = HttpGet.get(
                uri.getHost(), uri.getPort(), "/dav/library/" + name + "/" + name + ".mkv", null, digest::update);
        if (r.status() != 200 || !Arrays.equals(digest.digest(), sha)) {
            throw new AssertionError(name + ": status " + r.status() + " or the bytes differ (" + r.bytes() + ")");
        }
        return r.mbPerSecond();
    }
}
