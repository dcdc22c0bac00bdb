package io.nzbmount.server.stremio;

import static io.nzbmount.server.stremio.StremioRig.random;
import static io.nzbmount.server.stremio.StremioRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.stremio.AioStreamsClient.Entry;
import io.nzbmount.server.stremio.AioStreamsClient.Resolved;
import io.nzbmount.server.stremio.AioStreamsClient.Service;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AIOStreams can use NZBMount as its nzbdav and as its altmount service: its request sequence,
 * replayed from its source ({@link AioStreamsClient}), finds, adds, polls, lists, picks and plays,
 * and the player gets every byte of the film (SHA-256), with the login in the URL or with a signed
 * link that needs none.
 */
class AioStreamsContractTest {
    private static final int PART = 100_000;

    @TempDir
    Path dataDir;

    private StremioRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void aioStreamsPlaysAFilmThroughTheNzbdavService() throws Exception {
        rig = StremioRig.start(dataDir);
        byte[] film = random(7 * PART + 1234, 1);
        String release = "Demo.Film.2024.1080p.WEB-DL.x264-NZBM";
        String url = rig.offer(release, release + ".mkv", film, PART);
        AioStreamsClient aio = client(Service.NZBDAV);

        Resolved first = aio.resolve(url, release, false);
        assertFalse(first.alreadyExisted());
        assertEquals(1, first.polls(), "the job is completed at the first poll after the add");
        assertEquals(
                List.of(new Entry("/content/movies/" + release + "/" + release + ".mkv", false, film.length)),
                first.deep());
        assertEquals(first.deep(), first.walked(), "Depth 1 walk and Depth infinity list the same files");
        assertEquals(rig.base() + "/content/movies/" + release + "/" + release + ".mkv", first.playbackUrl());
        HttpResponse<byte[]> played = aio.play(first.playbackUrl(), true);
        assertEquals(200, played.statusCode());
        assertArrayEquals(sha256(film), sha256(played.body()));

        // The second click finds the folder (PROPFIND Depth 0 with AIOStreams' spelling) and adds nothing.
        Resolved again = aio.resolve(url, release, false);
        assertTrue(again.alreadyExisted());
        assertEquals(first.playbackUrl().replace("/movies/", "/Movies/"), again.playbackUrl());
        assertArrayEquals(
                sha256(film), sha256(aio.play(again.playbackUrl(), true).body()));
        assertEquals(1, rig.items().size());
    }

    @Test
    void aioStreamsPlaysAnEpisodeThroughTheAltmountServiceBothWays() throws Exception {
        rig = StremioRig.start(dataDir);
        byte[] episode = random(5 * PART + 77, 2);
        String release = "Show.Name.S01E02.720p.HDTV.x264-NZBM";
        String url = rig.offer(release, release + ".mkv", episode, PART);
        AioStreamsClient aio = client(Service.ALTMOUNT);

        // The native call first: signed links that need no login, even behind AIOStreams' redirect.
        HttpResponse<String> streams = aio.nativeStreams(url).orElseThrow();
        assertEquals(200, streams.statusCode(), streams::body);
        JsonNode body = StremioRig.JSON.readTree(streams.body());
        assertEquals(1, body.path("streams").size());
        assertEquals(
                release + ".mkv", body.path("streams").path(0).path("title").asText());
        assertTrue(body.path("_queue_item_id").asText().startsWith("SABnzbd_nzo_"), streams::body);
        assertEquals("completed", body.path("_queue_status").asText());
        String link = body.path("streams").path(0).path("url").asText();
        assertTrue(link.startsWith(rig.base() + "/s/"), link);
        HttpResponse<byte[]> viaRedirect = aio.play(rig.redirectTo(link), false);
        assertEquals(200, viaRedirect.statusCode());
        assertArrayEquals(sha256(episode), sha256(viaRedirect.body()));

        // The SABnzbd and WebDAV fallback finds the same job under altmount's layout.
        Resolved fallback = aio.resolve(url, release, true);
        assertTrue(fallback.alreadyExisted(), "the native call filed the job under tv, which TV finds");
        assertEquals(rig.base() + "/webdav/complete/TV/" + release + "/" + release + ".mkv", fallback.playbackUrl());
        assertEquals(fallback.deep(), fallback.walked());
        HttpResponse<byte[]> played = aio.play(fallback.playbackUrl(), true);
        assertEquals(200, played.statusCode());
        assertArrayEquals(sha256(episode), sha256(played.body()));
    }

    @Test
    void theAltmountFallbackAddsPollsAndListsAPackUnderItsJobName() throws Exception {
        rig = StremioRig.start(dataDir);
        byte[] e1 = random(3 * PART + 5, 3);
        byte[] e2 = random(4 * PART + 9, 4);
        String release = "Show.Name.S02.1080p.WEB-DL.x264-NZBM";
        PostedFile a = rig.nntp.post("Show.Name.S02E01.1080p.WEB-DL.x264-NZBM.mkv", e1, PART);
        PostedFile b = rig.nntp.post("Show.Name.S02E02.1080p.WEB-DL.x264-NZBM.mkv", e2, PART);
        String url = rig.offer(release, List.of(a, b));
        AioStreamsClient aio = client(Service.ALTMOUNT);

        Resolved r = aio.resolve(url, release, true);
        assertFalse(r.alreadyExisted());
        assertEquals(2, r.deep().size(), r.deep()::toString);
        assertEquals(r.deep(), r.walked());
        for (Entry e : r.deep()) {
            assertTrue(e.filename().startsWith("/complete/tv/" + release + "/"), e.filename());
            byte[] expected = e.basename().contains("S02E01") ? e1 : e2;
            HttpResponse<byte[]> played =
                    aio.play(rig.base() + "/webdav" + AioStreamsClient.encodeWebdavPath(e.filename()), true);
            assertArrayEquals(sha256(expected), sha256(played.body()), e.filename());
        }
        // The native call of the same pack needs the episode.
        HttpResponse<String> noEpisode = aio.nativeStreams(url).orElseThrow();
        assertEquals(400, noEpisode.statusCode());
        assertTrue(
                StremioRig.JSON
                        .readTree(noEpisode.body())
                        .path("error")
                        .asText()
                        .startsWith("Episode not specified"),
                noEpisode::body);
        HttpResponse<String> second = aio.nativeStreams(url, "id=tt1234567:2:2").orElseThrow();
        assertEquals(200, second.statusCode(), second::body);
        JsonNode streams = StremioRig.JSON.readTree(second.body()).path("streams");
        assertEquals(1, streams.size());
        assertArrayEquals(
                sha256(e2),
                sha256(aio.play(streams.path(0).path("url").asText(), false).body()));
    }

    private AioStreamsClient client(Service service) {
        return new AioStreamsClient(service, rig.base(), rig.apiKey, StremioRig.USER, StremioRig.PASSWORD);
    }
}
