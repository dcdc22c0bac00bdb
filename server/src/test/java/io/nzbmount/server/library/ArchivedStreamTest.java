package io.nzbmount.server.library;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.UsenetPresence;
import io.nzbmount.server.archive.ArchiveScan;
import io.nzbmount.server.archive.ArchiveSet;
import io.nzbmount.server.archive.Member;
import io.nzbmount.server.archive.Piece;
import io.nzbmount.server.cutover.Cutovers;
import io.nzbmount.server.dav.DavHandlers;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.http.WebServer;
import io.nzbmount.server.library.importing.FakeArchiveReader;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.library.importing.UsenetReleaseReader;
import io.nzbmount.server.observe.StreamRegistry;
import io.nzbmount.server.policy.FailureRules;
import io.nzbmount.server.standby.PlaybackTracker;
import io.nzbmount.server.standby.StandbyProver;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.stream.StreamOpener;
import io.nzbmount.server.stream.StreamingLibrary;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A film stored across archive volumes on the embedded NNTP server, imported and read through
 * WebDAV: the bytes are the film's, whole and at any range, and reading costs only the articles
 * that hold the bytes. The volumes are laid out by hand (a header, the film's bytes, a trailer) and
 * described by a hand-made scan, so this test is about the library and the reader, not the format.
 */
class ArchivedStreamTest {
    private static final byte[] RAR5 = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00};
    private static final int HEADER = 1_000;
    private static final int TRAILER = 333;

    @TempDir
    Path dir;

    private EmbeddedNntpServer nntp;
    private Usenet usenet;
    private Database db;
    private WebServer web;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void close() throws Exception {
        if (web != null) web.stop();
        if (usenet != null) usenet.close();
        if (db != null) db.close();
        if (nntp != null) nntp.close();
    }

    /** Volumes of the given data sizes holding {@code film} in order, each behind a header and before a trailer. */
    private static List<byte[]> volumes(byte[] film, int... dataSizes) {
        List<byte[]> out = new ArrayList<>();
        int at = 0;
        Random junk = new Random(3);
        for (int size : dataSizes) {
            byte[] v = new byte[HEADER + size + TRAILER];
            junk.nextBytes(v);
            System.arraycopy(RAR5, 0, v, 0, RAR5.length);
            System.arraycopy(film, at, v, HEADER, size);
            at += size;
            out.add(v);
        }
        if (at != film.length) throw new IllegalArgumentException("the volumes hold " + at + " of " + film.length);
        return out;
    }

    private static ArchiveScan scanOf(List<String> names, List<String> volumeNames, int... dataSizes) {
        List<Integer> volumes = volumeNames.stream().map(names::indexOf).toList();
        List<Piece> pieces = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < dataSizes.length; i++) {
            pieces.add(new Piece(volumes.get(i), HEADER, dataSizes[i]));
            total += dataSizes[i];
        }
        return new ArchiveScan(
                List.of(new ArchiveSet(
                        "Film.2021",
                        ArchiveSet.Format.RAR5,
                        volumes,
                        List.of(new Member("Film.2021.1080p.mkv", total, pieces, Optional.empty())),
                        Optional.empty())),
                Set.copyOf(volumes));
    }

    private URI start(int readAhead, List<PostedFile> posted, List<String> volumeNames, int... dataSizes)
            throws Exception {
        usenet = Usenet.connect(
                List.of(nntp.provider("embedded", 4, 0)),
                Usenet.Settings.defaults()
                        .withReadAhead(readAhead)
                        .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2))
                        .withRetryBackoff(List.of()));
        db = Database.open(dir);
        FakeArchiveReader formats = new FakeArchiveReader(n -> scanOf(n, volumeNames, dataSizes));
        LibraryImporter importer = new LibraryImporter(
                db,
                new UsenetReleaseReader(usenet, Priority.FOREGROUND),
                new UsenetPresence(usenet),
                formats,
                new MutableClock(Instant.parse("2025-03-01T10:00:00Z")),
                5);
        long before = nntp.counters().bodyCommands();
        ImportResult r = importer.importNzb(
                NzbWriter.write(posted, "Film (2021)").getBytes(StandardCharsets.UTF_8), Optional.empty());
        importCost = nntp.counters().bodyCommands() - before;
        assertEquals(
                List.of("Film.2021.1080p.mkv"),
                r.item().files().stream().map(LibraryFileView::name).toList());
        ItemCatalog catalog = new ItemCatalog(db);
        Clock clock = Clock.systemUTC();
        SegmentMaps maps = new SegmentMaps(catalog, usenet);
        StandbyProver prover = new StandbyProver(db, maps, usenet, Duration.ZERO);
        Cutovers cutovers = new Cutovers(
                db,
                maps,
                usenet,
                new EventLog(db, clock),
                FailureRules.defaults(),
                clock,
                System::nanoTime,
                prover::sweep);
        StreamOpener opener = new StreamOpener(maps, usenet, PlaybackTracker.NONE, new StreamRegistry(clock), cutovers);
        web = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(new StreamingLibrary(catalog, opener), null))
                .port(0)
                .build();
        web.start();
        return web.uri().resolve("/dav/library/Film%20(2021)/Film.2021.1080p.mkv");
    }

    private long importCost;

    @Test
    void filmAcrossVolumesIsServedWholeAndAtEveryRangeByteForByte() throws Exception {
        nntp = EmbeddedNntpServer.start();
        byte[] film = new byte[1_234_567];
        new Random(21).nextBytes(film);
        int[] sizes = {500_000, 500_000, 234_567};
        List<byte[]> vols = volumes(film, sizes);
        List<String> names = List.of("Film.2021.part1.rar", "Film.2021.part2.rar", "Film.2021.part3.rar");
        List<PostedFile> posted = new ArrayList<>();
        for (int i = 0; i < vols.size(); i++) posted.add(nntp.post(names.get(i), vols.get(i), 100_000 + 7_000 * i));
        posted.add(nntp.post("Film.2021.nfo", "a film".getBytes(StandardCharsets.UTF_8), 100_000));
        URI file = start(8, posted, names, sizes);

        assertEquals(vols.size() * 2L, importCost, "opening costs the map and the first article of each volume");
        assertArrayEquals(sha256(film), sha256(get(file, null, 200)));
        Random offsets = new Random(5);
        List<long[]> ranges = new ArrayList<>(List.of(
                new long[] {0, 0},
                new long[] {499_990, 500_010},
                new long[] {999_999, 1_000_000},
                new long[] {film.length - 1, film.length - 1},
                new long[] {0, film.length - 1}));
        for (int i = 0; i < 20; i++) {
            long first = offsets.nextInt(film.length);
            ranges.add(new long[] {first, Math.min(film.length - 1, first + offsets.nextInt(300_000))});
        }
        for (long[] r : ranges) {
            byte[] got = get(file, "bytes=" + r[0] + "-" + r[1], 206);
            assertArrayEquals(Arrays.copyOfRange(film, (int) r[0], (int) r[1] + 1), got, "range " + r[0] + "-" + r[1]);
        }
        byte[] tail = get(file, "bytes=-1000", 206);
        assertArrayEquals(Arrays.copyOfRange(film, film.length - 1000, film.length), tail);
    }

    @Test
    void aRangeCostsTheArticlesHoldingItsBytesAsForAPlainFile() throws Exception {
        nntp = EmbeddedNntpServer.start();
        byte[] film = new byte[900_000];
        new Random(8).nextBytes(film);
        int[] sizes = {450_000, 450_000};
        int part = 100_000;
        List<byte[]> vols = volumes(film, sizes);
        List<String> names = List.of("Film.2021.part1.rar", "Film.2021.part2.rar");
        List<PostedFile> posted =
                List.of(nntp.post(names.get(0), vols.get(0), part), nntp.post(names.get(1), vols.get(1), part));
        URI file = start(1, posted, names, sizes);

        // Film bytes 380000..519999 lie at 381000..450999 of volume 1 (its articles 4 and 5) and at
        // 1000..70999 of volume 2 (its article 1): three articles, no more.
        long before = nntp.counters().bodyCommands();
        byte[] got = get(file, "bytes=380000-519999", 206);
        assertArrayEquals(Arrays.copyOfRange(film, 380_000, 520_000), got);
        assertEquals(3, nntp.counters().bodyCommands() - before);
    }

    private byte[] get(URI uri, String range, int status) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (range != null) b.header("Range", range);
        HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(status, r.statusCode());
        return r.body();
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }
}
