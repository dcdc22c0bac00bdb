package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.realpeer.EncryptedReleases;
import io.nzbmount.server.realpeer.RealPeer;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Sonarr grab of an encrypted release whose password comes only in the NZB's name, as
 * {@code <title>{{password}}.nzb}: the job completes under the title without the password, and
 * its {@code .strm} serves the film; the password shows nowhere the client can see.
 */
@Tag("realpeer")
class SabEncryptedOverInn2Test {
    private static final String TITLE = "Locked.Show.S01E01.1080p.WEB.x264-NZBM";

    @TempDir
    Path dataDir;

    @TempDir
    Path work;

    @Test
    void aGrabWithThePasswordAtTheEndOfItsNameCompletesAndItsStrmServesTheFilm() throws Exception {
        RealPeer.requireOrSkip();
        byte[] film = EncryptedReleases.film(3 << 20 | 3, 2905);
        Path posted = EncryptedReleases.obfuscated7z(work, TITLE, film, 2905, "-mhe=on");
        byte[] nzb = Files.readAllBytes(RealPeer.postFile(posted));
        try (SabServer server = SabServer.start(dataDir, RealPeer.HOST, RealPeer.PORT, "  layout: strm", "")) {
            SonarrLikeClient sonarr = server.sonarr("tv");
            String id = sonarr.add(TITLE + "{{" + EncryptedReleases.PASSWORD + "}}", nzb, 0);

            SonarrLikeClient.HistoryItem done = SabOverInn2Test.completed(sonarr, id);
            assertEquals(film.length, done.size());
            assertEquals(sonarr.outputRoot().resolve(TITLE).toString(), done.storage());
            List<Path> media = SonarrLikeClient.importable(done);
            assertEquals(1, media.size(), media::toString);
            URI url = URI.create(Files.readString(media.get(0)).strip());
            HttpResponse<byte[]> served = server.bytes(url.getRawPath());
            assertEquals(200, served.statusCode());
            assertEquals(sha256(film), sha256(served.body()), "the .strm URL serves the film");

            String items = server.items().toString();
            assertFalse(items.contains(EncryptedReleases.PASSWORD), "the API never returns the password: " + items);
            assertFalse(sonarr.history().toString().contains(EncryptedReleases.PASSWORD), "nor does the history");
            assertTrue(
                    items.contains("\"name\":\"Locked Show S01E01\""),
                    "the item's folder by the library's rule: " + items);
        }
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
