package io.nzbmount.server.health;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.StoredRar5Writer;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.holes.SourceHoles;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.store.FileRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A health check of a film stored in RAR volumes: an article a volume lacks is a hole of the film
 * in the film's own offsets, where the streams, the router and the repair look, and a standby that
 * holds those bytes is not barred by it.
 */
class ArchivedHolesTest {
    private static final int PART = 20_000;
    private static final int VOLUME = 150_000;

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private HealthRig rig;

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
        if (nntp != null) nntp.close();
    }

    @Test
    void anArticleAVolumeLacksIsAHoleOfTheFilmAtTheFilmsOffsets() throws Exception {
        nntp = EmbeddedNntpServer.start();
        byte[] film = new byte[520_011];
        new Random(11).nextBytes(film);
        List<byte[]> volumes = StoredRar5Writer.write("Rar.Film.2021.mkv", film, VOLUME, 1_600_000_000L);
        List<PostedFile> posted = new ArrayList<>();
        for (int i = 0; i < volumes.size(); i++) {
            posted.add(
                    nntp.post(StoredRar5Writer.volumeName("Rar.Film.2021", i, volumes.size()), volumes.get(i), PART));
        }
        PostedFile plain = nntp.post("Rar.Film.2021.mkv", film, PART);
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        ImportResult primary = rig.importPrimary("Rar Film 2021", posted.toArray(PostedFile[]::new));
        long itemId = primary.item().item().id();
        ImportResult standby = rig.addStandby(itemId, "Rar Film 2021 REPOST", plain);
        // Article 3 of the second volume: volume bytes [60000, 80000), all film data.
        nntp.removeArticle(posted.get(1).messageIds().get(3));
        byte[] lost = Arrays.copyOfRange(volumes.get(1), 3 * PART, 4 * PART);
        long start = indexOf(film, lost);
        assertTrue(start > 0, "the volume's article holds film bytes");

        CheckResult r = rig.check.run(primary.sourceId(), CheckKind.AFTER_IMPORT, 0, 0);

        assertEquals(1, r.missing());
        FileRecord member = rig.catalog.sourceFiles(primary.sourceId()).stream()
                .filter(FileRecord::archived)
                .findFirst()
                .orElseThrow();
        Hole inFilm = new Hole(member.index(), start, start + PART);
        List<Hole> stored = HoleTable.ofSource(rig.db, primary.sourceId());
        assertTrue(stored.contains(inFilm), "the film's hole is stored in its offsets: " + stored);
        assertTrue(rig.told.getFirst().holes().contains(inFilm), "the new hole is announced for the film");

        // A read of the film meets the gone article exactly there.
        SegmentMap map =
                new SegmentMaps(rig.catalog, rig.usenet).restore(member).orElseThrow();
        try (NzbReader reader = rig.usenet.open(map, Priority.FOREGROUND)) {
            byte[] before = new byte[100];
            assertEquals(100, reader.read(start - 100, before, 0, 100));
            assertArrayEquals(Arrays.copyOfRange(film, (int) start - 100, (int) start), before);
            assertThrows(ArticleMissingException.class, () -> reader.read(start, new byte[10], 0, 10));
        }

        SourceHoles ofItem = new HoleTable(rig.db, rig.clock).ofItem(itemId);
        FileRecord standbyFilm = rig.catalog.sourceFiles(standby.sourceId()).getFirst();
        for (long at : new long[] {start, start + PART / 2, start + PART - 1}) {
            assertTrue(ofItem.lacks(primary.sourceId(), member.index(), at), "the primary lacks film byte " + at);
            assertFalse(ofItem.lacks(standby.sourceId(), standbyFilm.index(), at), "the standby holds film byte " + at);
        }
        assertFalse(ofItem.lacks(primary.sourceId(), member.index(), start - 1));
        assertFalse(ofItem.lacks(primary.sourceId(), member.index(), start + PART));
    }

    private static long indexOf(byte[] in, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= in.length; i++) {
            for (int j = 0; j < part.length; j++) if (in[i + j] != part[j]) continue outer;
            return i;
        }
        return -1;
    }
}
