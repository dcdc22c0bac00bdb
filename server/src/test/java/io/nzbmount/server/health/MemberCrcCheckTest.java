package io.nzbmount.server.health;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.EncryptedRar4Writer;
import io.nzbmount.server.library.SealedUsenet;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.MemberCrcs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background CRC check of a file inside a RAR4 {@code -p} archive (its password proved only by
 * the film's signature), read through the decrypting reader the streams use: a mismatch stops
 * the readers already open, an article gone for good ends the check as unreadable.
 */
class MemberCrcCheckTest {
    private static final int PART = 20_000;
    private static final String PASSWORD = "sesame";

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private HealthRig rig;
    private Usenet sealed;

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
        if (nntp != null) nntp.close();
    }

    @Test
    void aReaderOpenBeforeTheCheckServesNoByteOnceTheCrcIsFoundWrong() throws Exception {
        byte[] film = film(300_001, 1);
        ImportResult imported = importRar4(film, true);
        SegmentMap map = map(imported);
        try (NzbReader reader = sealed.open(map, Priority.FOREGROUND)) {
            byte[] first = new byte[1_000];
            assertEquals(1_000, reader.read(0, first, 0, first.length), "served before the check");
            assertArrayEquals(Arrays.copyOf(film, 1_000), first);

            assertEquals(1, check().runPending());

            assertEquals(MemberCrcs.State.MISMATCH, state(imported));
            assertThrows(
                    ArticleCorruptException.class,
                    () -> reader.read(1_000, first, 0, first.length),
                    "the reader open before the check serves nothing after it");
        }
        try (NzbReader later = sealed.open(map(imported), Priority.FOREGROUND)) {
            assertThrows(ArticleCorruptException.class, () -> later.read(0, new byte[10], 0, 10), "nor does a new one");
        }
        assertEquals(1, rig.events("member-crc-checked").size());
        assertEquals(0, check().runPending(), "a check that ended is not run again");
    }

    @Test
    void aGoodFilmIsVerifiedAndServedOn() throws Exception {
        byte[] film = film(250_003, 2);
        ImportResult imported = importRar4(film, false);
        assertEquals(MemberCrcs.State.PENDING, state(imported));
        assertEquals(1, check().runPending());
        assertEquals(MemberCrcs.State.VERIFIED, state(imported));
        try (NzbReader reader = sealed.open(map(imported), Priority.FOREGROUND)) {
            byte[] all = new byte[film.length];
            int at = 0;
            while (at < all.length) at += reader.read(at, all, at, all.length - at);
            assertArrayEquals(film, all);
        }
    }

    @Test
    void anArticleGoneForGoodEndsTheCheckAsUnreadableAndCondemnsNothing() throws Exception {
        byte[] film = film(250_003, 3);
        List<PostedFile> posted = new ArrayList<>();
        ImportResult imported = importRar4(film, false, posted);
        nntp.removeArticle(posted.get(1).messageIds().get(2));
        assertEquals(1, check().runPending());
        assertEquals(MemberCrcs.State.UNREADABLE, state(imported));
        try (NzbReader reader = sealed.open(map(imported), Priority.FOREGROUND)) {
            byte[] head = new byte[100];
            assertEquals(100, reader.read(0, head, 0, head.length), "an unreadable check condemns nothing");
            assertArrayEquals(Arrays.copyOf(film, 100), head);
        }
    }

    private ImportResult importRar4(byte[] film, boolean wrongCrc) throws Exception {
        return importRar4(film, wrongCrc, new ArrayList<>());
    }

    private ImportResult importRar4(byte[] film, boolean wrongCrc, List<PostedFile> posted) throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
        sealed = new SealedUsenet(rig.usenet);
        List<ArchiveVolume> volumes = EncryptedRar4Writer.write(
                "Film", "Film.mkv", film, 100_000, PASSWORD, new EncryptedRar4Writer.Options(false, false, new byte[] {
                    8, 7, 6, 5, 4, 3, 2, 1
                }));
        if (wrongCrc) volumes = EncryptedRar4Writer.withWrongCrc(volumes);
        for (ArchiveVolume v : volumes) posted.add(nntp.post(v.name(), v.bytes(), PART));
        byte[] nzb = NzbWriter.write(posted, "Film").getBytes(StandardCharsets.UTF_8);
        return rig.importer.importNzb(nzb, Optional.of("Film"), Optional.empty(), Optional.of(PASSWORD));
    }

    private MemberCrcCheck check() {
        return new MemberCrcCheck(
                rig.db, rig.catalog, new SegmentMaps(rig.catalog, sealed), sealed, rig.events, rig.clock);
    }

    private SegmentMap map(ImportResult imported) throws Exception {
        FileRecord file = rig.db.transaction(c -> Files.ofSource(c, imported.sourceId())).stream()
                .filter(FileRecord::archived)
                .findFirst()
                .orElseThrow();
        return new SegmentMaps(rig.catalog, sealed).restore(file).orElseThrow();
    }

    private MemberCrcs.State state(ImportResult imported) throws Exception {
        List<MemberCrcs.Row> rows = rig.db.transaction(c -> MemberCrcs.ofSource(c, imported.sourceId()));
        assertEquals(1, rows.size(), rows::toString);
        return rows.get(0).state();
    }

    /** Random bytes that start as a Matroska file. */
    private static byte[] film(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        System.arraycopy(new byte[] {0x1A, 0x45, (byte) 0xDF, (byte) 0xA3}, 0, b, 0, 4);
        return b;
    }
}
