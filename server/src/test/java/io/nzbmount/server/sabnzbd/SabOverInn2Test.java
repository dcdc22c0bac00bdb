package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.indexer.TestNewznabServer;
import io.nzbmount.server.realpeer.Originals;
import io.nzbmount.server.realpeer.PostedVideo;
import io.nzbmount.server.realpeer.RealPeer;
import io.nzbmount.server.realpeer.Releases;
import io.nzbmount.server.realpeer.Tool;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole flow of a Sonarr-like client against the server reading from inn2, with a film posted by
 * nyuu: the connection test, {@code addfile}, the queue and history polls, the import checks, and
 * the bytes that what it imports serves (SHA-256 against the original), in both layouts. A release
 * whose first article was cancelled ends failed. Skipped without inn2, nyuu and ffmpeg, except on CI.
 */
class SabOverInn2Test {

    /** The release name Sonarr sends as the file name ({@code <title>.nzb}). */
    static final String TITLE = "Test.Pattern.2024.360p.WEB.x264-NZBM";

    @TempDir
    Path dataDir;

    static RealPeer.Posted film;
    static String filmSha256;

    @BeforeAll
    static void post() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("ffmpeg", "ffprobe");
        film = PostedVideo.get();
        filmSha256 = Originals.sha256(film.file());
    }

    @Test
    void aGrabCompletesAsStrmFilesWhoseUrlServesTheFilmAndOncePlayedItsStandbySearchUsesSonarrsName() throws Exception {
        try (TestNewznabServer indexer = TestNewznabServer.start("idx-key");
                SabServer server = SabServer.start(
                        dataDir,
                        RealPeer.HOST,
                        RealPeer.PORT,
                        "  layout: strm",
                        "indexers: [{name: idx, url: \"" + indexer.url() + "\", apiKey: idx-key}]\n"
                                + "fallback: {submitDelaySeconds: 0}")) {
            SonarrLikeClient sonarr = server.sonarr("tv");
            assertEquals(List.of(), sonarr.test());
            byte[] nzb = Files.readAllBytes(film.nzb());
            String id = sonarr.add(TITLE, nzb, 0);

            SonarrLikeClient.HistoryItem done = completed(sonarr, id);
            assertEquals(Files.size(film.file()), done.size());
            assertEquals(sonarr.outputRoot().resolve(TITLE).toString(), done.storage());
            List<Path> media = SonarrLikeClient.importable(done);
            assertEquals(1, media.size());
            assertTrue(media.get(0).getFileName().toString().endsWith(".strm"), media::toString);
            URI url = URI.create(Files.readString(media.get(0)).strip());
            HttpResponse<byte[]> served = server.bytes(url.getRawPath());
            assertEquals(200, served.statusCode());
            assertEquals(filmSha256, Originals.sha256(served.body()), "the .strm URL serves the film");
            Tool.Result probe = Tool.command(
                            "ffprobe",
                            "-v",
                            "error",
                            "-show_entries",
                            "format=duration",
                            "-of",
                            "csv=p=0",
                            url.toString())
                    .timeout(Duration.ofSeconds(60))
                    .run()
                    .assertSuccess();
            double seconds = Double.parseDouble(probe.out().strip());
            assertTrue(Math.abs(seconds - PostedVideo.SECONDS) < 1, "ffprobe over the .strm URL: " + seconds);

            assertEquals(id, sonarr.add(TITLE, nzb, 1), "the same NZB again is the same job");
            JsonNode items = server.items();
            assertEquals(1, items.size(), items::toString);
            long itemId = items.get(0).path("id").asLong();

            // Once completed it is an ordinary item: having played (for the submit delay, 0 here), its
            // pool is filled as any item's, by a search of the indexers for the content Sonarr named.
            JsonNode item =
                    SabServer.JSON.readTree(server.bytes("/api/items/" + itemId).body());
            assertEquals(TITLE, item.path("primary").path("release").asText(), item::toString);
            assertTrue(searchedFor(indexer, "test pattern"), () -> "indexer requests: " + indexer.requests());

            // Removed from the history without its files: the item and the job folder stay.
            sonarr.removeFromHistory(id, false, false);
            assertEquals(List.of(), sonarr.history());
            assertEquals(1, server.items().size());
            assertTrue(Files.exists(media.get(0)));
        }
    }

    @Test
    void aGrabCompletesAsSymlinksIntoTheMountWhoseDavPathServesTheFilm() throws Exception {
        Path mount = Path.of("/mnt/nzbmount-test-mount");
        try (SabServer server = SabServer.start(
                dataDir, RealPeer.HOST, RealPeer.PORT, "  layout: symlink\n  mountPath: " + mount, "")) {
            SonarrLikeClient sonarr = server.sonarr("movies");
            assertEquals(List.of(), sonarr.test());
            String id = sonarr.add(TITLE, Files.readAllBytes(film.nzb()), -100);
            SonarrLikeClient.HistoryItem done = completed(sonarr, id);
            List<Path> media = SonarrLikeClient.importable(done);
            assertEquals(
                    List.of(PostedVideo.FILE_NAME),
                    media.stream().map(p -> p.getFileName().toString()).toList());
            assertTrue(Files.isSymbolicLink(media.get(0)));
            Path target = Files.readSymbolicLink(media.get(0));

            // No FUSE here to mount /dav/ with rclone: the link must point at the item's WebDAV path
            // under the mount, and that path over HTTP must serve the film.
            JsonNode file = SabServer.JSON
                    .readTree(server.bytes("/api/items/"
                                    + server.items().get(0).path("id").asLong())
                            .body())
                    .path("files")
                    .get(0);
            String davPath = file.path("path").asText();
            assertTrue(davPath.startsWith("/dav/library/"), davPath);
            Path expected = mount;
            for (String segment :
                    URI.create(davPath).getPath().substring("/dav/".length()).split("/")) {
                expected = expected.resolve(segment);
            }
            assertEquals(expected, target);
            StringBuilder overHttp = new StringBuilder("/dav");
            for (Path segment : mount.relativize(target)) {
                overHttp.append('/')
                        .append(URLEncoder.encode(segment.toString(), StandardCharsets.UTF_8)
                                .replace("+", "%20"));
            }
            HttpResponse<byte[]> served = server.bytes(overHttp.toString());
            assertEquals(200, served.statusCode(), overHttp::toString);
            assertEquals(filmSha256, Originals.sha256(served.body()), "the symlink's dav path serves the film");
            Tool.Result probe = Tool.command(
                            "ffprobe",
                            "-v",
                            "error",
                            "-show_entries",
                            "format=duration",
                            "-of",
                            "csv=p=0",
                            server.base() + overHttp)
                    .timeout(Duration.ofSeconds(60))
                    .run()
                    .assertSuccess();
            assertTrue(Math.abs(Double.parseDouble(probe.out().strip()) - PostedVideo.SECONDS) < 1, probe::out);

            sonarr.removeFromHistory(id, true, false);
            assertFalse(Files.exists(Path.of(done.storage())), "del_files=1 left the job folder");
            assertEquals(0, server.items().size(), "del_files=1 left the item");
        }
    }

    @Test
    void aReleaseWhoseFirstArticleIsGoneEndsFailedWithAMessageAndMakesNoItem() throws Exception {
        Path file = RealPeer.randomFile(3L * RealPeer.PART_SIZE - 1000, 1515);
        Path broken = dataDir.resolve("Broken.Show.S01E02.720p.WEB.x264-NZBM.mkv");
        Files.move(file, broken);
        Path nzb = RealPeer.postFile(broken);
        RealPeer.cancelArticle(Releases.onlyFile(nzb).segments().get(0).messageId());
        try (SabServer server = SabServer.start(dataDir.resolve("data"), RealPeer.HOST, RealPeer.PORT, "", "")) {
            SonarrLikeClient sonarr = server.sonarr("tv");
            byte[] bytes = Files.readAllBytes(nzb);
            String id = sonarr.add("Broken.Show.S01E02.720p.WEB.x264-NZBM", bytes, 0);
            List<SonarrLikeClient.HistoryItem> history = sonarr.history();
            assertEquals(1, history.size(), history::toString);
            SonarrLikeClient.HistoryItem failed = history.get(0);
            assertEquals(id, failed.id());
            assertEquals(SonarrLikeClient.SabStatus.Failed, failed.status());
            assertFalse(failed.failMessage().isBlank());
            assertTrue(failed.failMessage().toLowerCase(Locale.ROOT).contains("missing"), failed::failMessage);
            assertEquals(0, server.items().size());
            assertEquals(id, sonarr.add("Broken.Show.S01E02.720p.WEB.x264-NZBM", bytes, 0));
            assertEquals(1, sonarr.history().size());
        }
    }

    /** Polls as Sonarr does (queue, then history) until the job is in the history as completed. */
    static SonarrLikeClient.HistoryItem completed(SonarrLikeClient sonarr, String id) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<Object> seen = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            seen = sonarr.items();
            for (Object o : seen) {
                if (o instanceof SonarrLikeClient.HistoryItem h && h.id().equals(id)) {
                    assertEquals(SonarrLikeClient.SabStatus.Completed, h.status(), h::failMessage);
                    return h;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("job " + id + " did not complete: " + seen);
    }

    private static boolean searchedFor(TestNewznabServer indexer, String words) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            for (TestNewznabServer.Request r : indexer.requests()) {
                String q = r.parameters().getOrDefault("q", "").toLowerCase(Locale.ROOT);
                if (q.contains(words)) return true;
            }
            Thread.sleep(100);
        }
        return false;
    }
}
