package io.nzbmount.server.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.library.importing.ImportResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** New holes start a standby search only for an item that has no other source to route to. */
class StandbySearchOnHolesTest {
    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private HealthRig rig;
    private final List<Long> searched = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
    }

    @AfterEach
    void stop() throws Exception {
        rig.close();
        nntp.close();
    }

    private PostedFile post(int seed) {
        byte[] film = new byte[50_000];
        new Random(seed).nextBytes(film);
        return nntp.post("Film.2020.mkv", film, 10_000);
    }

    private static FoundHoles holes(ImportResult r) {
        return new FoundHoles(r.item().item().id(), r.sourceId(), List.of(new Hole(0, 0, 10_000)), Set.of("x@y"));
    }

    @Test
    void anItemWithoutAnotherSourceGetsASearch() throws Exception {
        ImportResult primary = rig.importPrimary("Film 2020", post(1));

        new StandbySearchOnHoles(rig.db, searched::add).found(holes(primary));

        assertEquals(List.of(primary.item().item().id()), searched);
    }

    @Test
    void anItemThatHasAStandbyAlreadyGetsNone() throws Exception {
        PostedFile film = post(2);
        ImportResult primary = rig.importPrimary("Film 2020", film);
        rig.addStandby(primary.item().item().id(), "Film 2020 REPOST", post(2));

        new StandbySearchOnHoles(rig.db, searched::add).found(holes(primary));

        assertEquals(List.of(), searched);
    }
}
