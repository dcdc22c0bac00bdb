package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.RarBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release the import refuses ends {@code Failed} in the history with the import's reason as
 * {@code fail_message}, so Sonarr blocklists it and grabs another; nothing stays in the library.
 */
class SabFailedJobsTest {

    @TempDir
    Path dataDir;

    @Test
    void refusedArchivesAndReleasesWithoutMediaEndFailedWithTheReason() throws Exception {
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            byte[] film = new byte[600_000];
            new Random(3).nextBytes(film);
            List<PostedFile> rar = new ArrayList<>();
            for (ArchiveVolume v : RarBuilder.rar5("Packed.Film.2019")
                    .member(new RarBuilder.Entry("Packed.Film.2019.1080p.mkv", film, true, false))
                    .build()) {
                rar.add(nntp.post(v.name(), v.bytes(), 400_000));
            }
            byte[] compressed = NzbWriter.write(rar).getBytes(StandardCharsets.UTF_8);
            byte[] textOnly = NzbWriter.write(List.of(
                            nntp.post("Readme.Only.nfo", "just words".getBytes(StandardCharsets.UTF_8), 400_000)))
                    .getBytes(StandardCharsets.UTF_8);
            try (SabServer server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", "")) {
                SonarrLikeClient sonarr = server.sonarr("movies");
                String packed = sonarr.add("Packed.Film.2019.1080p.BluRay.x264-GRP", compressed, 0);
                String words = sonarr.add("Readme.Only.2019.1080p.WEB.x264-GRP", textOnly, 0);
                List<SonarrLikeClient.HistoryItem> history = sonarr.history();
                assertEquals(2, history.size(), history::toString);
                for (SonarrLikeClient.HistoryItem h : history) {
                    assertEquals(SonarrLikeClient.SabStatus.Failed, h.status(), h::toString);
                    assertEquals("", h.storage());
                    assertEquals(0, h.size());
                }
                SonarrLikeClient.HistoryItem first = history.get(1);
                assertEquals(packed, first.id());
                assertTrue(first.failMessage().contains("compressed"), first::failMessage);
                assertEquals(words, history.get(0).id());
                assertTrue(!history.get(0).failMessage().isBlank());
                assertEquals(0, server.items().size());
                assertEquals(List.of(), server.sonarr("movies").queue());
            }
        }
    }
}
