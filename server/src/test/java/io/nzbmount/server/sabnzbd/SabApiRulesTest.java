package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of SABnzbd's API that need no real peer: login, errors as HTTP 200 values, the shapes
 * Sonarr's connection test reads, and bad input. The server runs with a login set and reads from
 * the embedded NNTP server.
 */
class SabApiRulesTest {

    @TempDir
    static Path dataDir;

    static EmbeddedNntpServer nntp;
    static SabServer server;
    static byte[] nzb;

    @BeforeAll
    static void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        byte[] film = new byte[3 * 400_000 + 123];
        new Random(15).nextBytes(film);
        nzb = NzbWriter.write(List.of(nntp.post("Rules.Film.2020.1080p.mkv", film, 400_000)))
                .getBytes(StandardCharsets.UTF_8);
        server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", SabServer.AUTH);
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
        if (nntp != null) nntp.close();
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        assertEquals(200, r.statusCode(), r::body);
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r::body);
        return SabServer.JSON.readTree(r.body());
    }

    /** A refusal: HTTP 200, status false, the error says what, and no trace of the code inside. */
    static String refused(HttpResponse<String> r) throws Exception {
        JsonNode body = json(r);
        assertFalse(body.path("status").asBoolean(true), r::body);
        String error = body.path("error").asText();
        assertFalse(error.isBlank(), r::body);
        assertFalse(
                r.body().contains("Exception")
                        || r.body().contains("at io.")
                        || r.body().contains("java."),
                r::body);
        return error;
    }

    private String key() {
        return "&apikey=" + server.apiKey + "&output=json";
    }

    @Test
    void versionAnswersEvenWithoutAKeySoClientsTellUnreachableFromWrongKey() throws Exception {
        JsonNode v = json(server.get("/api?mode=version&output=json"));
        assertEquals(InfoModes.VERSION, v.path("version").asText());
        assertEquals(
                InfoModes.VERSION,
                json(server.get("/sabnzbd/api?mode=version" + key()))
                        .path("version")
                        .asText());
    }

    @Test
    void theRestApiBelowApiKeepsItsOwnRules() throws Exception {
        assertEquals(401, server.get("/api/items?apikey=wrong").statusCode());
        assertEquals(401, server.get("/api/items").statusCode());
        assertEquals(
                401,
                server.get("/api/items?apikey=" + server.apiKey).statusCode(),
                "below /api the key goes in the header only: URLs end up in logs");
        assertEquals(200, server.get("/api/items", "X-Api-Key", server.apiKey).statusCode());
        // The host check of the security issue stays in front of both.
        assertEquals("HTTP/1.1 403 Forbidden", server.statusWithHost("/api?mode=version&output=json", "evil.example"));
        assertEquals("HTTP/1.1 403 Forbidden", server.statusWithHost("/api?mode=get_config" + key(), "evil.example"));
        assertEquals("HTTP/1.1 200 OK", server.statusWithHost("/api?mode=get_config" + key(), "localhost"));
    }

    @Test
    void sonarrsConnectionTestPassesAndFindsTheCategoryFolderUnderTheCompleteDir() throws Exception {
        SonarrLikeClient sonarr = server.sonarr("tv");
        assertEquals(List.of(), sonarr.test());
        assertEquals(server.completeDir.resolve("tv"), sonarr.outputRoot());
        assertEquals(
                List.of("category anime does not exist"), server.sonarr("anime").test());
        JsonNode config = sonarr.config();
        for (JsonNode c : config.path("categories"))
            assertFalse(c.path("dir").asText().endsWith("*"), c::toString);
        assertTrue(config.path("sorters").isArray() && config.path("sorters").isEmpty());
        assertEquals(
                server.completeDir.toString(),
                json(server.get("/api?mode=fullstatus&skip_dashboard=1" + key()))
                        .path("status")
                        .path("completedir")
                        .asText());
    }

    @Test
    void badInputIsAClearRefusal() throws Exception {
        String boundary = "xyz";
        String type = "multipart/form-data; boundary=" + boundary;
        int itemsBefore = server.items().size();
        assertTrue(refused(server.get("/api?mode=fly" + key())).contains("mode 'fly'"));
        assertTrue(
                refused(server.get("/api?output=json&apikey=" + server.apiKey)).contains("no mode"));
        assertTrue(refused(server.post(
                        "/api?mode=addfile&cat=tv" + key(),
                        type,
                        "--xyz\r\nContent-Disposition: form-data; name=\"name\"; filename=\"a.nzb\"\r\n\r\nno end"
                                .getBytes()))
                .contains("multipart"));
        assertTrue(refused(server.post(
                        "/api?mode=addfile&cat=tv" + key(), type, multipart(boundary, "other", null, "x".getBytes())))
                .contains("'name' or 'nzbfile'"));
        assertTrue(refused(server.post(
                        "/api?mode=addfile&cat=tv" + key(),
                        type,
                        multipart(boundary, "name", "Broken.nzb", "<nzb><file".getBytes())))
                .startsWith("not a usable NZB"));
        assertTrue(refused(server.post(
                        "/api?mode=addfile&cat=films" + key(),
                        type,
                        multipart(boundary, "name", "Rules.Film.nzb", nzb)))
                .startsWith("unknown category 'films'"));
        for (String p : List.of("3", "-101", "high")) {
            assertTrue(
                    refused(server.post(
                                    "/api?mode=addfile&cat=tv&priority=" + p + key(),
                                    type,
                                    multipart(boundary, "name", "Rules.Film.nzb", nzb)))
                            .startsWith("priority must be one of"),
                    p);
        }
        assertTrue(refused(server.get("/api?mode=queue&start=-1" + key())).startsWith("start must be"));
        String badEscape = server.raw("/api?mode=queue&limit=%zz" + key(), "127.0.0.1");
        assertTrue(badEscape.startsWith("HTTP/1.1 200 "), badEscape);
        assertTrue(badEscape.contains("\"status\":false") && badEscape.contains("query"), badEscape);
        assertTrue(refused(server.get("/api?mode=history&name=delete&value=x&del_files=2" + key()))
                .startsWith("del_files must be 0 or 1"));
        assertTrue(refused(server.get("/api?mode=queue&name=pause&value=x" + key()))
                .startsWith("not implemented"));
        assertEquals(itemsBefore, server.items().size(), "a refused call made an item");
    }

    @Test
    void addurlNeverAsksThisMachineOrItsNetworkAndFetchesOnlyHttp() throws Exception {
        for (String url : List.of(
                "http://127.0.0.1:" + server.app.uri().getPort() + "/api/items",
                "http://localhost/x.nzb",
                "http://169.254.169.254/latest/meta-data",
                "http://[::1]/x.nzb",
                "http://0.0.0.0/x.nzb",
                "http://192.168.1.20:5076/x.nzb",
                "http://10.1.2.3/x.nzb",
                "http://[fd00::5]/x.nzb")) {
            String error = refused(server.get("/api?mode=addurl&cat=tv&name=" + enc(url) + key()));
            assertTrue(
                    error.contains("address of this machine or its network")
                            && error.contains("downloads.allowedNzbHosts"),
                    url + ": " + error);
        }
        assertTrue(refused(server.get("/api?mode=addurl&cat=tv&name=" + enc("file:///etc/passwd") + key()))
                .contains("only http:// and https://"));
        assertTrue(refused(server.get("/api?mode=addurl&cat=tv&name=" + enc("http://u:p@nzb.example/x") + key()))
                .contains("login"));
    }

    @Test
    void anAddfileIsAnImportThatCompletesWithItsJobFolderAndTheSameNzbTwiceIsOneJob() throws Exception {
        SonarrLikeClient sonarr = server.sonarr("movies");
        int itemsBefore = server.items().size();
        String id = sonarr.add("Rules.Film.2020.1080p.WEB.x264-GRP", nzb, 0);
        assertEquals(id, sonarr.add("Rules.Film.2020.1080p.WEB.x264-GRP", nzb, 1));
        assertEquals(List.of(), sonarr.queue());
        List<SonarrLikeClient.HistoryItem> history = sonarr.history();
        assertEquals(1, history.size(), history::toString);
        SonarrLikeClient.HistoryItem done = history.get(0);
        assertEquals(id, done.id());
        assertEquals(SonarrLikeClient.SabStatus.Completed, done.status());
        assertEquals("movies", done.category());
        assertEquals(3 * 400_000 + 123, done.size());
        assertEquals(
                server.completeDir
                        .resolve("movies")
                        .resolve("Rules.Film.2020.1080p.WEB.x264-GRP")
                        .toString(),
                done.storage());
        List<Path> media = SonarrLikeClient.importable(done);
        assertEquals(
                List.of("Rules.Film.2020.1080p.strm"),
                media.stream().map(p -> p.getFileName().toString()).toList());
        assertTrue(Files.readString(media.get(0)).startsWith(server.base() + "/dav/library/"));
        assertEquals(itemsBefore + 1, server.items().size());
        assertThrows(
                SonarrLikeClient.ClientException.class,
                () -> server.sonarr("tv").add("X", nzb, 5));

        sonarr.removeFromHistory(id, true, false);
        assertEquals(List.of(), sonarr.history());
        assertFalse(Files.exists(Path.of(done.storage())), "the job folder stayed");
        assertEquals(itemsBefore, server.items().size(), "del_files=1 kept the item");
    }

    @Test
    void aDeleteWithFilesKeepsAnItemThatWasInTheLibraryBeforeTheJob() throws Exception {
        byte[] film = new byte[400_000 + 9];
        new Random(21).nextBytes(film);
        byte[] own = NzbWriter.write(List.of(nntp.post("By.Hand.2018.720p.mkv", film, 400_000)))
                .getBytes(StandardCharsets.UTF_8);
        assertEquals(201, server.importByHand(own).statusCode());
        SonarrLikeClient sonarr = server.sonarr("tv");
        String id = sonarr.add("By.Hand.2018.720p.WEB.x264-GRP", own, 0);
        SonarrLikeClient.HistoryItem done = sonarr.history().stream()
                .filter(h -> h.id().equals(id))
                .findFirst()
                .orElseThrow();
        assertEquals(SonarrLikeClient.SabStatus.Completed, done.status());
        int before = server.items().size();
        sonarr.removeFromHistory(id, true, false);
        assertFalse(Files.exists(Path.of(done.storage())), "the job folder stayed");
        assertEquals(before, server.items().size(), "the item imported by hand went with the job");
        for (JsonNode item : server.items()) {
            if (item.path("name").asText().startsWith("By Hand (2018)")) {
                assertEquals(
                        200,
                        server.bytes("/api/items/" + item.path("id").asLong()).statusCode());
            }
        }
    }

    @Test
    void theReleaseNameSonarrGaveNamesTheJobAndTheReleaseAndTheItemFolderByTheLibraryRule() throws Exception {
        byte[] film = new byte[400_000 + 31];
        new Random(22).nextBytes(film);
        byte[] titled = NzbWriter.write(List.of(nntp.post("a1b2c3d4e5f6.mkv", film, 400_000)), "obfuscated upload 77")
                .getBytes(StandardCharsets.UTF_8);
        SonarrLikeClient sonarr = server.sonarr("tv");
        String id = sonarr.add("Named.Show.S04E05.1080p.WEB.x264-GRP", titled, 0);
        long itemId = -1;
        for (JsonNode item : server.items()) {
            if (item.path("name").asText().equals("Named Show S04E05"))
                itemId = item.path("id").asLong();
        }
        JsonNode items = server.items();
        assertTrue(itemId > 0, () -> "no item named after Sonarr's title by the folder rule: " + items);
        List<SonarrLikeClient.HistoryItem> history = sonarr.history();
        assertTrue(
                history.stream()
                        .anyMatch(h -> h.id().equals(id) && h.title().equals("Named.Show.S04E05.1080p.WEB.x264-GRP")),
                history::toString);
        JsonNode item =
                SabServer.JSON.readTree(server.bytes("/api/items/" + itemId).body());
        assertEquals(
                "Named.Show.S04E05.1080p.WEB.x264-GRP",
                item.path("primary").path("release").asText(),
                item::toString);
        sonarr.removeFromHistory(id, true, false);
    }

    static byte[] multipart(String boundary, String field, String fileName, byte[] content) {
        String head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field + "\""
                + (fileName == null ? "" : "; filename=\"" + fileName + "\"") + "\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.UTF_8);
        byte[] t = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[h.length + content.length + t.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(content, 0, all, h.length, content.length);
        System.arraycopy(t, 0, all, h.length + content.length, t.length);
        return all;
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
