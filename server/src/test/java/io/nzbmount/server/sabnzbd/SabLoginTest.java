package io.nzbmount.server.sabnzbd;

import static io.nzbmount.server.sabnzbd.SabApiRulesTest.json;
import static io.nzbmount.server.sabnzbd.SabApiRulesTest.multipart;
import static io.nzbmount.server.sabnzbd.SabApiRulesTest.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who may call SABnzbd's API. Each test has a server of its own: wrong keys count as failed logins,
 * and an address with too many of them is slowed down for every later call.
 */
class SabLoginTest {

    @TempDir
    Path dataDir;

    EmbeddedNntpServer nntp;
    SabServer server;
    byte[] nzb;

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        byte[] film = new byte[400_000];
        new Random(16).nextBytes(film);
        nzb = NzbWriter.write(List.of(nntp.post("Login.Film.2020.1080p.mkv", film, 400_000)))
                .getBytes(StandardCharsets.UTF_8);
        server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", SabServer.AUTH);
    }

    @AfterEach
    void stop() {
        if (server != null) server.close();
        if (nntp != null) nntp.close();
    }

    @Test
    void everyOtherModeWithoutAValidKeyIsRefusedWithSabnzbdsWordsAndDoesNothing() throws Exception {
        for (String mode : List.of("get_config", "queue", "history", "fullstatus", "addurl&name=http://x.example/a")) {
            assertEquals("API Key Required", refused(server.get("/api?mode=" + mode + "&output=json")), mode);
            assertEquals(
                    "API Key Incorrect", refused(server.get("/api?mode=" + mode + "&apikey=nope&output=json")), mode);
        }
        // The browser's remembered login is ambient: it does not log a SABnzbd call in.
        String basic = "Basic " + java.util.Base64.getEncoder().encodeToString("sonarr:pass-word".getBytes());
        assertEquals(
                "API Key Required", refused(server.get("/api?mode=get_config&output=json", "Authorization", basic)));
        String boundary = "b0undary";
        byte[] form = multipart(boundary, "name", "Rules.Film.nzb", nzb);
        assertEquals(
                "API Key Incorrect",
                refused(server.post(
                        "/api?mode=addfile&cat=tv&apikey=wrong&output=json",
                        "multipart/form-data; boundary=" + boundary,
                        form)));
        assertEquals(
                "API Key Required",
                refused(server.post(
                        "/api?mode=addfile&cat=tv&output=json", "multipart/form-data; boundary=" + boundary, form)));
        assertEquals(0, server.items().size(), "a refused call made an item");
        assertEquals(0, server.sonarr("tv").history().size(), "a refused call made a job");
    }

    @Test
    void theLoginInTheUrlAsMaUsernameAndMaPasswordLogsNothingIn() throws Exception {
        assertEquals(
                "API Key Required",
                refused(server.get("/api?mode=get_config&ma_username=sonarr&ma_password=pass-word&output=json")));
        assertEquals(
                "API Key Required",
                refused(server.get("/api?mode=get_config&ma_username=sonarr&ma_password=guess&output=json")));
    }

    @Test
    void aWrongKeyMakesSonarrsTestSayApiKeyIncorrect() {
        assertEquals(List.of("API Key Incorrect"), new SonarrLikeClient(server.base(), "0123", "tv").test());
    }

    @Test
    void aKeyPostedAsAFormFieldCountsAsTheKeyInTheQuery() throws Exception {
        String boundary = "f0rm";
        byte[] file = multipart(boundary, "name", "Login.Film.nzb", nzb);
        byte[] wrong = withField(boundary, "apikey", "wrong", withField(boundary, "mode", "addfile", file));
        assertEquals(
                "API Key Incorrect",
                refused(server.post("/api?output=json&cat=tv", "multipart/form-data; boundary=" + boundary, wrong)));
        assertEquals(0, server.items().size());
        byte[] right = withField(boundary, "apikey", server.apiKey, withField(boundary, "mode", "addfile", file));
        assertTrue(json(server.post("/api?output=json&cat=tv", "multipart/form-data; boundary=" + boundary, right))
                .path("status")
                .asBoolean());
        assertEquals(1, server.items().size());
    }

    /** A form field put in front of a multipart body made by {@link SabApiRulesTest#multipart}. */
    private static byte[] withField(String boundary, String name, String value, byte[] body) {
        byte[] field = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value
                        + "\r\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[field.length + body.length];
        System.arraycopy(field, 0, all, 0, field.length);
        System.arraycopy(body, 0, all, field.length, body.length);
        return all;
    }

    @Test
    void tooManyWrongKeysSlowTheAddressDownInSabnzbdsShape() throws Exception {
        for (int i = 0; i < 10; i++) refused(server.get("/api?mode=queue&apikey=wrong&output=json"));
        assertTrue(refused(server.get("/api?mode=queue&apikey=" + server.apiKey + "&output=json"))
                .startsWith("too many failed logins"));
    }
}
