package io.nzbmount.server.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.Provider;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.realpeer.RealPeer;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The health check against inn2 with a release posted by nyuu and three of its articles cancelled. */
@Tag("realpeer")
class RealPeerHealthTest {
    private static final long SIZE = 12L * RealPeer.PART_SIZE + 54_321;

    @TempDir
    Path dataDir;

    @TempDir
    Path files;

    private HealthRig rig;

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
    }

    @Test
    void theHealthCheckFindsExactlyTheCancelledArticles() throws Exception {
        RealPeer.requireOrSkip();
        Path film = Files.copy(
                RealPeer.randomFile(SIZE, 2727),
                Files.createDirectories(files.resolve("post")).resolve("Harbour.Lights.2021.1080p.mkv"));
        byte[] nzb = Files.readAllBytes(RealPeer.postFile(film));
        rig = new HealthRig(
                dataDir,
                List.of(new Provider(
                        "inn2", RealPeer.HOST, RealPeer.AUTH_PORT, false, RealPeer.USER, RealPeer.PASSWORD, 4, 0)));
        ImportResult imported = rig.importer.importNzb(nzb, Optional.of("Harbour.Lights.2021.1080p.WEB.x264-GRP"));
        NzbFile file = NzbParser.parse(new ByteArrayInputStream(nzb)).files().get(0);
        assertEquals(13, file.segments().size());

        List<Hole> expected = new ArrayList<>();
        for (int k : new int[] {0, 6, 12}) {
            RealPeer.cancelArticle(file.segments().get(k).messageId());
            expected.add(
                    new Hole(0, (long) k * RealPeer.PART_SIZE, Math.min(SIZE, (long) (k + 1) * RealPeer.PART_SIZE)));
        }

        CheckResult r = rig.check.run(imported.sourceId(), CheckKind.AFTER_IMPORT, 0, 0);

        assertEquals(new CheckResult(13, 3, 0, 3), r);
        assertEquals(expected, HoleTable.ofSource(rig.db, imported.sourceId()));
        assertEquals(1, rig.told.size());
        assertEquals(expected, rig.told.get(0).holes());
    }
}
