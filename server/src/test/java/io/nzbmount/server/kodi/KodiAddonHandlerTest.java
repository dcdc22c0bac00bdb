package io.nzbmount.server.kodi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.Credentials;
import io.nzbmount.server.http.WebServer;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Kodi add-on and its repository index at {@code /kodi/}, over real HTTP behind the login. */
class KodiAddonHandlerTest {
    static final String LOGIN =
            "Basic " + Base64.getEncoder().encodeToString("kodi:secret".getBytes(StandardCharsets.UTF_8));

    WebServer server;
    HttpClient client;

    @BeforeEach
    void start() throws Exception {
        server = WebServer.builder()
                .port(0)
                .credentials(new Credentials("kodi", "secret"))
                .route(KodiAddonHandler.PATH_SPEC, new KodiAddonHandler())
                .build();
        server.start();
        client = HttpClient.newHttpClient();
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        server.stop();
    }

    HttpResponse<byte[]> send(String method, String path, boolean login) throws Exception {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(server.uri().resolve(path)).method(method, HttpRequest.BodyPublishers.noBody());
        if (login) b.header("Authorization", LOGIN);
        return client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static byte[] resource(String name) throws Exception {
        try (InputStream in = KodiAddonHandler.class.getResourceAsStream("/io/nzbmount/kodi/" + name)) {
            return in.readAllBytes();
        }
    }

    static String addonXmlIn(byte[] zip) throws Exception {
        return entryIn(zip, "plugin.video.nzbmount/addon.xml");
    }

    static String entryIn(byte[] zip, String name) throws Exception {
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                if (e.getName().equals(name)) return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        throw new AssertionError("the zip has no " + name);
    }

    @Test
    void theZipIsTheBuiltAddOnWithItsManifestAtTheTop() throws Exception {
        HttpResponse<byte[]> r = send("GET", "/kodi/plugin.video.nzbmount.zip", true);
        assertEquals(200, r.statusCode());
        assertEquals("application/zip", r.headers().firstValue("Content-Type").orElse(""));
        byte[] built = resource("plugin.video.nzbmount.zip");
        assertEquals(
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(built)),
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(r.body())));
        assertTrue(addonXmlIn(r.body()).contains("<addon id=\"plugin.video.nzbmount\""));
    }

    @Test
    void theRepositoryIndexNamesTheServedVersionAndItsMd5Matches() throws Exception {
        byte[] index = send("GET", "/kodi/addons.xml", true).body();
        String md5 = new String(send("GET", "/kodi/addons.xml.md5", true).body(), StandardCharsets.US_ASCII);
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(index)), md5);
        String version = KodiAddonHandler.versionOf(index);
        byte[] zip = send("GET", "/kodi/plugin.video.nzbmount/plugin.video.nzbmount-" + version + ".zip", true)
                .body();
        assertArrayEquals(resource("plugin.video.nzbmount.zip"), zip);
        assertTrue(addonXmlIn(zip).contains("version=\"" + version + "\""));
    }

    @Test
    void theFolderListsTheZipAndHeadSendsNoBody() throws Exception {
        String page = new String(send("GET", "/kodi/", true).body(), StandardCharsets.UTF_8);
        assertTrue(page.contains("<a href=\"plugin.video.nzbmount.zip\">"), page);
        HttpResponse<byte[]> head = send("HEAD", "/kodi/plugin.video.nzbmount.zip", true);
        assertEquals(200, head.statusCode());
        assertEquals(
                String.valueOf(resource("plugin.video.nzbmount.zip").length),
                head.headers().firstValue("Content-Length").orElse(""));
        assertEquals(0, head.body().length);
    }

    @Test
    void theRepositoryAddOnPointsKodiAtThisServersIndexWithoutTheLogin() throws Exception {
        HttpResponse<byte[]> r = send("GET", "/kodi/repository.nzbmount.zip", true);
        assertEquals(200, r.statusCode());
        String manifest = entryIn(r.body(), "repository.nzbmount/addon.xml");
        String kodi = server.uri().resolve("/kodi/").toString();
        assertTrue(manifest.contains("<info compressed=\"false\">" + kodi + "addons.xml</info>"), manifest);
        assertTrue(manifest.contains("<checksum>" + kodi + "addons.xml.md5</checksum>"), manifest);
        assertTrue(manifest.contains("<datadir zip=\"true\">" + kodi + "</datadir>"), manifest);
        assertFalse(manifest.contains("secret"), manifest);
        assertTrue(new String(send("GET", "/kodi/", true).body(), StandardCharsets.UTF_8)
                .contains("<a href=\"repository.nzbmount.zip\">"));
    }

    @Test
    void behindAnHttpsProxyTheRepositoryPointsAtHttps() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(server.uri().resolve("/kodi/repository.nzbmount.zip"))
                .header("Authorization", LOGIN)
                .header("X-Forwarded-Proto", "https")
                .GET()
                .build();
        String manifest = entryIn(
                client.send(request, HttpResponse.BodyHandlers.ofByteArray()).body(), "repository.nzbmount/addon.xml");
        String https = server.uri().resolve("/kodi/").toString().replaceFirst("^http:", "https:");
        assertTrue(manifest.contains("<datadir zip=\"true\">" + https + "</datadir>"), manifest);
    }

    @Test
    void theAddOnNeedsTheLoginLikeEverythingElse() throws Exception {
        assertEquals(401, send("GET", "/kodi/plugin.video.nzbmount.zip", false).statusCode());
    }

    @Test
    void otherPathsAndMethodsAreRefusedAsJson() throws Exception {
        HttpResponse<byte[]> missing = send("GET", "/kodi/other.zip", true);
        assertEquals(404, missing.statusCode());
        assertTrue(new String(missing.body(), StandardCharsets.UTF_8).startsWith("{\"error\""));
        assertEquals(405, send("POST", "/kodi/plugin.video.nzbmount.zip", true).statusCode());
    }
}
