package io.nzbmount.server.app;

import io.nzbmount.config.IndexerSettings;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.ServerSettings;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.archive.StoredRar5Writer;
import io.nzbmount.server.demo.DemoFilm;
import io.nzbmount.server.demo.DemoFilmReleases;
import io.nzbmount.server.demo.DemoIndexer;
import io.nzbmount.server.demo.DemoRelease;
import io.nzbmount.server.demo.DemoRepairRelease;
import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Demo mode: an embedded NNTP server on loopback and a demo Newznab indexer, holding
 * <ul>
 *   <li>the demo clock film ({@link DemoFilm}, two and a half minutes), whose primary release has
 *       a hole about a minute in, with two standbys in its pool: a plain repost and an obfuscated
 *       one packed in RAR volumes ({@link DemoFilmReleases});</li>
 *   <li>a release of the short film with a hole, PAR2 files and no standby
 *       ({@link DemoRepairRelease}), repaired from its recovery data at start;</li>
 *   <li>a short real film, the same film packed the way many releases come (a stored multi-volume
 *       RAR5 set with meaningless volume names and a par2 index that holds their real names), and a
 *       larger data file;</li>
 * </ul>
 * with their NZBs, so NZBMount can be tried without a Usenet account. The indexer also lists a
 * spare release of the clock film and one whose name carries markup. Nothing is stored outside a
 * temporary data directory, which is deleted on close.
 */
public final class DemoContent implements AutoCloseable {
    static final String FILM = "Demo.Film.2024.360p.mkv";
    static final String DATA = "Demo.Data.48MiB.bin";
    static final String ARCHIVED_TITLE = "Demo Archived Film (2024)";
    /** The clock film item's folder in the library: its release title by the folder rule ({@code ItemNames}). */
    public static final String CLOCK_ITEM = "Demo Clock (2024)";
    /** The repaired release's item folder in the library, by the same rule. */
    public static final String REPAIRED_ITEM = "Demo Repaired Film (2024)";
    /** A release name with markup in it, which every page must show as text. */
    public static final String MARKUP_TITLE = "Demo.Notes.<script>alert('demo')</script>.<b>2024</b>";

    private static final String ARCHIVE_NAME = "Demo.Film.2024.360p";
    /** The release with holes, PAR2 files and no standby, repaired at start. */
    static final String REPAIRED_NZB = DemoRepairRelease.TITLE + ".nzb";
    /** Volumes of about a third of the film, so it spans several of them. */
    private static final int ARCHIVE_VOLUME_SIZE = 200_000;
    /** Articles that do not line up with the volumes, as with real posts. */
    private static final int ARCHIVE_PART_SIZE = 48_000;

    private static final long FILM_MODIFIED = 1_704_067_200L; // 2024-01-01, so the volumes are the same every run
    private static final int FILM_PART_SIZE = 128 * 1024;
    private static final int DATA_PART_SIZE = 716_800;
    private static final long DATA_SIZE = 48L << 20;

    private final EmbeddedNntpServer server;
    private final DemoIndexer indexer;
    private final DemoFilmReleases clock;
    private final Map<String, byte[]> nzbs;
    private final List<Path> dataDirs = new java.util.concurrent.CopyOnWriteArrayList<>();

    private DemoContent(
            EmbeddedNntpServer server, DemoIndexer indexer, DemoFilmReleases clock, Map<String, byte[]> nzbs) {
        this.server = server;
        this.indexer = indexer;
        this.clock = clock;
        this.nzbs = nzbs;
    }

    /** Starts the embedded server and the demo indexer and posts the demo content. */
    public static DemoContent start() throws IOException {
        EmbeddedNntpServer server = EmbeddedNntpServer.builder().start();
        try {
            byte[] filmBytes = resource("demo/" + FILM);
            PostedFile film = server.post(FILM, filmBytes, FILM_PART_SIZE);
            PostedFile nfo = server.post(
                    "Demo.Film.2024.360p.nfo",
                    "A 12-second test pattern with a 440 Hz tone, served from the built-in NNTP server.\n"
                            .getBytes(StandardCharsets.UTF_8),
                    FILM_PART_SIZE);
            PostedFile data = server.postLazy(DATA, DATA_SIZE, DATA_PART_SIZE, FileContent.pattern(2024));
            PostedFile notesFilm = server.post("Demo.Notes.2024.mkv", filmBytes, FILM_PART_SIZE);
            PostedFile notes = server.post(
                    "Demo.Notes.2024.nfo",
                    "A release whose name carries markup: the pages show it as text.\n"
                            .getBytes(StandardCharsets.UTF_8),
                    FILM_PART_SIZE);
            DemoFilmReleases clock = DemoFilmReleases.post(server, DemoFilm.generate());
            Map<String, byte[]> nzbs = new LinkedHashMap<>();
            nzbs.put("Demo.Film.2024.360p.nzb", nzb(List.of(film, nfo), "Demo Film (2024)"));
            nzbs.put("Demo.Data.48MiB.nzb", nzb(List.of(data), "Demo Data"));
            nzbs.put("Demo.Film.2024.360p.RAR.nzb", nzb(postArchived(server, filmBytes), ARCHIVED_TITLE));
            nzbs.put(REPAIRED_NZB, DemoRepairRelease.post(server, filmBytes));
            DemoIndexer indexer = new DemoIndexer(List.of(
                    new DemoRelease("clock-primary", DemoFilmReleases.TITLE, clock.film().length, clock.broken()),
                    new DemoRelease("clock-repost", DemoFilmReleases.REPOST_TITLE, clock.film().length, clock.repost()),
                    new DemoRelease(
                            "clock-hexpack",
                            DemoFilmReleases.OBFUSCATED_TITLE,
                            clock.film().length,
                            clock.obfuscated()),
                    new DemoRelease("clock-spare", DemoFilmReleases.SPARE_TITLE, clock.film().length, clock.spare()),
                    new DemoRelease(
                            "film-short", "Demo.Film.2024.360p", filmBytes.length, nzbs.get("Demo.Film.2024.360p.nzb")),
                    new DemoRelease("data", "Demo.Data.48MiB", DATA_SIZE, nzbs.get("Demo.Data.48MiB.nzb")),
                    new DemoRelease(
                            "notes-markup",
                            MARKUP_TITLE,
                            notesFilm.size() + notes.size(),
                            nzb(List.of(notesFilm, notes), MARKUP_TITLE))));
            return new DemoContent(server, indexer, clock, java.util.Collections.unmodifiableMap(nzbs));
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /**
     * Imports the demo library into {@code app}: the three short items, then the clock film from
     * its broken release with the repost and the obfuscated release as standbys (proved in the
     * background at once), each known as its demo indexer result. Returns the clock film's item id.
     */
    public long importInto(Application app) throws IOException {
        LibraryImporter importer = app.importer();
        try {
            for (Map.Entry<String, byte[]> nzb : nzbs.entrySet()) {
                ImportResult r = importer.importFile(nzb.getKey(), nzb.getValue());
                // Its hole is known only once something reads there: the repair starts at once.
                if (nzb.getKey().equals(REPAIRED_NZB))
                    app.repairs().schedule(r.item().item().id());
            }
            ImportResult film = importer.importNzb(
                    clock.broken(), Optional.of(DemoFilmReleases.TITLE), Optional.of(link("clock-primary")));
            long item = film.item().item().id();
            app.rememberIndexerResult(film.sourceId(), link("clock-primary"));
            ImportResult repost = importer.addStandby(
                    item,
                    clock.repost(),
                    Optional.of(link("clock-repost")),
                    Optional.of(DemoFilmReleases.REPOST_TITLE));
            app.rememberIndexerResult(repost.sourceId(), link("clock-repost"));
            ImportResult packed = importer.addStandby(
                    item,
                    clock.obfuscated(),
                    Optional.of(link("clock-hexpack")),
                    Optional.of(DemoFilmReleases.OBFUSCATED_TITLE));
            app.rememberIndexerResult(packed.sourceId(), link("clock-hexpack"));
            return item;
        } catch (ImportException | StoreException e) {
            throw new IOException("demo content could not be imported: " + e.getMessage(), e);
        }
    }

    /** The demo indexer's download link of a release. */
    private String link(String guid) {
        return indexer.link(guid);
    }

    /** The clock film's releases. */
    public DemoFilmReleases clockFilm() {
        return clock;
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
        posted.add(server.post(DemoFilmReleases.hexName(ARCHIVE_NAME + ".par2"), par2, ARCHIVE_PART_SIZE));
        for (Map.Entry<String, byte[]> v : byRealName.entrySet()) {
            posted.add(server.post(DemoFilmReleases.hexName(v.getKey()), v.getValue(), ARCHIVE_PART_SIZE));
        }
        return posted;
    }

    /**
     * The settings to run with: the configured server, auth, downloads and rclone sections, the embedded server as
     * the only provider, the demo indexer after the configured ones, and a fresh temporary data
     * directory.
     */
    public Settings settings(Settings configured) throws IOException {
        Path dataDir = Files.createTempDirectory("nzbmount-demo-");
        dataDirs.add(dataDir);
        ProviderSettings demo =
                new ProviderSettings("demo", server.host(), server.port(), false, Optional.empty(), 8, 0);
        ServerSettings s = configured.server();
        List<IndexerSettings> indexers = new ArrayList<>(configured.indexers());
        indexers.add(new IndexerSettings("demo", indexer.url(), DemoIndexer.API_KEY));
        return new Settings(
                new ServerSettings(s.bind(), s.port(), dataDir, s.allowedHosts()),
                configured.auth(),
                List.of(demo),
                List.copyOf(indexers),
                configured.fallback(),
                configured.reader(),
                configured.downloads(),
                configured.health(),
                configured.rclone(),
                configured.repair());
    }

    /** The NZBs of the three short demo items by file name (the clock film's are in {@link #clockFilm()}). */
    public Map<String, byte[]> nzbs() {
        return nzbs;
    }

    /** Where the embedded NNTP server listens, as host:port. */
    public String address() {
        return server.host() + ":" + server.port();
    }

    /** Where the demo indexer listens. */
    public java.net.URI indexerUrl() {
        return indexer.url();
    }

    /** Stops the embedded server and the indexer and deletes the temporary data directories (close the application first). */
    @Override
    public void close() {
        indexer.close();
        server.close();
        for (Path dir : dataDirs) deleteTree(dir);
    }

    /**
     * Deletes what it can of {@code dir}. A file that vanishes meanwhile (a job of a still-running
     * application finishing its temporary file) counts as deleted; a leftover is harmless, the
     * system cleans its temp space.
     */
    private static void deleteTree(Path dir) {
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    try {
                        Files.deleteIfExists(d);
                    } catch (IOException notEmpty) {
                        // Something was written into it meanwhile; leave it.
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // Leave the rest; see above.
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
