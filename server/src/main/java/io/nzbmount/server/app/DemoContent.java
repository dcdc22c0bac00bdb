package io.nzbmount.server.app;

import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.ServerSettings;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Demo mode: an embedded NNTP server on loopback holding a short real film and a larger data
 * file, with their NZBs, so NZBMount can be tried without a Usenet account. Nothing is stored
 * outside a temporary data directory, which is deleted on close.
 */
public final class DemoContent implements AutoCloseable {
    static final String FILM = "Demo.Film.2024.360p.mkv";
    static final String DATA = "Demo.Data.48MiB.bin";
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
            PostedFile film = server.post(FILM, resource("demo/" + FILM), FILM_PART_SIZE);
            PostedFile nfo = server.post("Demo.Film.2024.360p.nfo",
                    "A 12-second test pattern with a 440 Hz tone, served from the built-in NNTP server.\n"
                            .getBytes(StandardCharsets.UTF_8), FILM_PART_SIZE);
            PostedFile data = server.postLazy(DATA, DATA_SIZE, DATA_PART_SIZE, FileContent.pattern(2024));
            return new DemoContent(server, Map.of(
                    "Demo.Film.2024.360p.nzb", nzb(List.of(film, nfo), "Demo Film (2024)"),
                    "Demo.Data.48MiB.nzb", nzb(List.of(data), "Demo Data")));
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
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
        return new Settings(new ServerSettings(s.bind(), s.port(), dataDir), configured.auth(), List.of(demo),
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
