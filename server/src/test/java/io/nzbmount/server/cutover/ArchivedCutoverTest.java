package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.archive.ArchiveScan;
import io.nzbmount.server.archive.ArchiveScanner;
import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.Piece;
import io.nzbmount.server.archive.RarBuilder;
import io.nzbmount.server.archive.VolumeSource;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.store.Database;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standbys and cutover for a film inside archive volumes: a repost packed into other volumes
 * (another RAR version, other volume sizes, other article sizes) holds the same film, is proved
 * against the primary at the film's offsets, and takes over a response at the exact film offset
 * where the primary's article is gone, leaving a hole of exactly that article's film bytes.
 */
class ArchivedCutoverTest {
    private static final String TITLE = "Film 2020";
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final int PRIMARY_PART = 100_000;
    private static final int STANDBY_PART = 128_000;

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(2_000_000, 77);

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    private List<PostedFile> post(List<ArchiveVolume> volumes, int part) {
        List<PostedFile> posted = new ArrayList<>();
        for (ArchiveVolume v : volumes) posted.add(rig.nntp.post(v.name(), v.bytes(), part));
        return posted;
    }

    @Test
    void repostInOtherVolumesIsProvedAndTakesOverAtTheExactFilmOffset() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        List<ArchiveVolume> primaryVolumes = RarBuilder.storedRar5("Film.2020.1080p-A", FILE, film, 600_000);
        List<ArchiveVolume> standbyVolumes = RarBuilder.storedRar4("Film.2020.1080p-B", FILE, film, 450_000);
        List<PostedFile> a = post(primaryVolumes, PRIMARY_PART);
        List<PostedFile> b = post(standbyVolumes, STANDBY_PART);
        long item = rig.importPrimary(TITLE, NzbWriter.write(a, TITLE));
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, NzbWriter.write(b, TITLE + " REPOST"));
        rig.awaitVerified(item, standby);

        // The primary's second volume loses its fourth article: volume bytes 300000..399999.
        rig.nntp.removeArticle(a.get(1).messageIds().get(3));
        long expected = filmOffsetOf(primaryVolumes, 1, 3L * PRIMARY_PART);

        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte of the film, in one response");
        List<JsonNode> cutovers = rig.events(item, "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        JsonNode d = cutovers.get(0).get("detail");
        assertEquals(expected, d.get("offset").asLong(), d.toString());
        assertEquals(primary, d.get("from").asLong());
        assertEquals(standby, d.get("to").asLong());

        byte[] tail =
                rawGet(rig.dav(TITLE, FILE), "bytes=" + (expected - 1000) + "-").body();
        assertArrayEquals(
                Arrays.copyOfRange(film, (int) expected - 1000, film.length),
                tail,
                "a later range across the lost article is served by the new primary");
    }

    @Test
    void aHoleRecordedOnAnArchivedFilmIsExactlyTheFailedArticlesRangeOfTheFilm() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        List<ArchiveVolume> primaryVolumes = RarBuilder.storedRar5("Film.2020.1080p-A", FILE, film, 600_000);
        List<PostedFile> a = post(primaryVolumes, PRIMARY_PART);
        List<PostedFile> b = post(RarBuilder.storedRar4("Film.2020.1080p-B", FILE, film, 450_000), STANDBY_PART);
        long item = rig.importPrimary(TITLE, NzbWriter.write(a, TITLE));
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, NzbWriter.write(b, TITLE + " REPOST"));
        rig.awaitVerified(item, standby);

        // The second volume's fourth article: volume bytes [300000, 400000), inside the film's bytes.
        rig.nntp.removeArticle(a.get(1).messageIds().get(3));
        long start = filmOffsetOf(primaryVolumes, 1, 3L * PRIMARY_PART);
        long end = filmOffsetOf(primaryVolumes, 1, 4L * PRIMARY_PART);
        assertNotEquals(0, start % PRIMARY_PART, "the volume header moves the article off the part-size grid");

        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        assertArrayEquals(sha256(film), sha256(r.body()));
        assertEquals(1, rig.events(item, "cutover").size());
        rig.close(); // the running server holds the data directory; the holes stay in its database
        try (Database db = Database.open(dataDir)) {
            List<Hole> holes = new HoleTable(db, Clock.systemUTC()).ofItem(item).holes(primary);
            assertEquals(1, holes.size(), holes.toString());
            assertEquals(start, holes.get(0).start(), holes.toString());
            assertEquals(end, holes.get(0).end(), holes.toString());
        }
    }

    @Test
    void repostOfADifferentFilmInsideIsRejectedByTheProof() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        byte[] other = film.clone();
        other[other.length - 10] ^= 0x5A; // the last range is always sampled
        long item = rig.importPrimary(
                TITLE, NzbWriter.write(post(RarBuilder.storedRar5("A", FILE, film, 600_000), PRIMARY_PART), TITLE));
        long standby = rig.addStandby(
                item,
                NzbWriter.write(
                        post(RarBuilder.storedRar5("B", FILE, other, 500_000), STANDBY_PART), TITLE + " REPOST"));
        JsonNode rejected = Await.value(
                Duration.ofSeconds(60),
                () -> {
                    for (JsonNode s : rig.item(item).get("otherSources"))
                        if (s.get("id").asLong() == standby) return s;
                    return null;
                },
                () -> "standby " + standby + " among the item's other sources");
        assertEquals("dead", rejected.get("state").asText(), rig.item(item).toString());
        assertEquals("mismatch", rejected.get("validation").get("state").asText(), rejected.toString());
    }

    /** The film offset of byte {@code at} of volume {@code volume}, from the volumes' own headers. */
    static long filmOffsetOf(List<ArchiveVolume> volumes, int volume, long at) throws Exception {
        ArchiveScan scan = ArchiveScanner.scan(new VolumeSource() {
            @Override
            public int count() {
                return volumes.size();
            }

            @Override
            public String name(int file) {
                return volumes.get(file).name();
            }

            @Override
            public long size(int file) {
                return volumes.get(file).bytes().length;
            }

            @Override
            public byte[] read(int file, long offset, int length) {
                byte[] b = volumes.get(file).bytes();
                return Arrays.copyOfRange(
                        b, (int) Math.min(offset, b.length), (int) Math.min(offset + length, b.length));
            }
        });
        long inner = 0;
        for (Piece p : scan.sets().get(0).members().get(0).pieces()) {
            if (p.file() == volume) return inner + Math.max(0, at - p.offset());
            inner += p.length();
        }
        throw new AssertionError("volume " + volume + " holds none of the film");
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
