package io.nzbmount.server.app;

import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.ServerSettings;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.archive.StoredRar5Writer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Demo mode: an embedded NNTP server on loopback holding a short real film, the same film packed
 * the way many releases come (a stored multi-volume RAR5 set with meaningless volume names and a
 * par2 index that holds their real names) and a larger data file, with their NZBs, so NZBMount
 * can be tried without a Usenet account. Nothing is stored outside a temporary data directory,
 * which is deleted on close.
 */
public final class DemoContent implements AutoCloseable {
    static final String FILM = "Demo.Film.2024.360p.mkv";
    static final String DATA = "Demo.Data.48MiB.bin";
    static final String ARCHIVED_TITLE = "Demo Archived Film (2024)";
    private static final String ARCHIVE_NAME = "Demo.Film.2024.360p";
    /** Volumes of about a third of the film, so it spans several of them. */
    private static final int ARCHIVE_VOLUME_SIZE = 200_000;
    /** Articles that do not line up with the volumes, as with real posts. */
    private static final int ARCHIVE_PART_SIZE = 48_000;
    private static final long FILM_MODIFIED = 1_704_067_200L; // 2024-01-01, so the volumes are the same every run
    private static final int FILM_PART_SIZE = 128 * 1024;
    private static final int DATA_PART_SIZE = 716_800;
    private static final long DATA_SIZE = 48L << 20;

    private final EmbeddedNntpServer server;
    private final Map<String, byte[]> nzbs;
    private final List<Path> dataDirs = new java.util.concurrent.CopyOnWriteArrayList<>();

    private DemoContent(EmbeddedNntpServer server, Map<String, byte[]> nzbs) {
        this.server = server;
        this.nzbs = nzbs;
    }

    /** Starts the embedded server and posts the demo content to it. */
    public static DemoContent start() throws IOException {
        EmbeddedNntpServer server = EmbeddedNntpServer.builder().start();
        try {
            byte[] filmBytes = resource("demo/" + FILM);
            PostedFile film = server.post(FILM, filmBytes, FILM_PART_SIZE);
            PostedFile nfo = server.post("Demo.Film.2024.360p.nfo",
                    "A 12-second test pattern with a 440 Hz tone, served from the built-in NNTP server.\n"
                            .getBytes(StandardCharsets.UTF_8), FILM_PART_SIZE);
            PostedFile data = server.postLazy(DATA, DATA_SIZE, DATA_PART_SIZE, FileContent.pattern(2024));
            return new DemoContent(server, Map.of(
                    "Demo.Film.2024.360p.nzb", nzb(List.of(film, nfo), "Demo Film (2024)"),
                    "Demo.Data.48MiB.nzb", nzb(List.of(data), "Demo Data"),
                    "Demo.Film.2024.360p.RAR.nzb", nzb(postArchived(server, filmBytes), ARCHIVED_TITLE)));
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /**
     * Posts the film as a stored RAR5 volume set plus its par2 index, every file under a name made
     * of hex digits (as obfuscated releases are posted, subjects and yEnc names alike): only the
     * par2 file descriptions tell which file is which volume.
     */
    private static List<PostedFile> postArchived(EmbeddedNntpServer server, byte[] film) {
        List<byte[]> volumes = StoredRar5Writer.write(FILM, film, ARCHIVE_VOLUME_SIZE, FILM_MODIFIED);
        Map<String, byte[]> byRealName = new LinkedHashMap<>();
        for (int i = 0; i < volumes.size(); i++) {
            byRealName.put(StoredRar5Writer.volumeName(ARCHIVE_NAME, i, volumes.size()), volumes.get(i));
        }
        byte[] par2 = Par2IndexWriter.write(byRealName, 64 * 1024);
        List<PostedFile> posted = new ArrayList<>();
        posted.add(server.post(hiddenName(ARCHIVE_NAME + ".par2"), par2, ARCHIVE_PART_SIZE));
        for (Map.Entry<String, byte[]> v : byRealName.entrySet()) {
            posted.add(server.post(hiddenName(v.getKey()), v.getValue(), ARCHIVE_PART_SIZE));
        }
        return posted;
    }

    /** A name that says nothing: 32 hex digits derived from the real one (the same every run). */
    private static String hiddenName(String realName) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(realName.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * The settings to run with: the configured server and auth sections, the embedded server as
     * the only provider, and a fresh temporary data directory.
     */
    public Settings settings(Settings configured) throws IOException {
        Path dataDir = Files.createTempDirectory("nzbmount-demo-");
        dataDirs.add(dataDir);
        ProviderSettings demo = new ProviderSettings("demo", server.host(), server.port(), false,
                Optional.empty(), 8, 0);
        ServerSettings s = configured.server();
        return new Settings(new ServerSettings(s.bind(), s.port(), dataDir, s.allowedHosts()), configured.auth(), List.of(demo),
                configured.indexers(), configured.fallback(), configured.reader());
    }

    /** The demo NZBs by file name. */
    public Map<String, byte[]> nzbs() {
        return nzbs;
    }

    /** Where the embedded NNTP server listens, as host:port. */
    public String address() {
        return server.host() + ":" + server.port();
    }

    /** Stops the embedded server and deletes the temporary data directories (close the application first). */
    @Override
    public void close() {
        server.close();
        for (Path dir : dataDirs) deleteTree(dir);
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // A leftover temporary directory is harmless; the system cleans its temp space.
        }
    }

    private static byte[] nzb(List<PostedFile> files, String title) {
        return NzbWriter.write(files, title).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = DemoContent.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) throw new IOException("demo content " + name + " is missing from the jar");
            return in.readAllBytes();
        }
    }
}
