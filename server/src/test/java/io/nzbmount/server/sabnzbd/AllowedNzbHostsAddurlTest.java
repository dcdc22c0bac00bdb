package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code downloads.allowedNzbHosts} through the whole server: a self-hosted indexer on this machine,
 * named with its port, is fetched by {@code addurl} and its film plays; what is not named stays refused.
 */
class AllowedNzbHostsAddurlTest {

    @TempDir
    Path dataDir;

    @Test
    void aNamedIndexerOnThisMachineIsFetchedAndAnUnnamedOneStaysRefused() throws Exception {
        byte[] film = new byte[2 * 300_000 + 77];
        new Random(28).nextBytes(film);
        HttpServer indexer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            byte[] nzb = NzbWriter.write(List.of(nntp.post("Own.Indexer.Film.2021.mkv", film, 300_000)))
                    .getBytes(StandardCharsets.UTF_8);
            indexer.createContext("/getnzb", ex -> {
                ex.getResponseHeaders()
                        .add("Content-Disposition", "attachment; filename=\"Own.Indexer.Film.2021.nzb\"");
                ex.sendResponseHeaders(200, nzb.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(nzb);
                }
            });
            indexer.start();
            int port = indexer.getAddress().getPort();
            String named = "http://127.0.0.1:" + port + "/getnzb?id=1";
            try (SabServer server = SabServer.start(
                    dataDir, nntp.host(), nntp.port(), "  allowedNzbHosts: ['127.0.0.1:" + port + "']", "")) {
                for (String unnamed : List.of(
                        "http://localhost:" + port + "/getnzb?id=1",
                        "http://127.0.0.1:" + server.app.uri().getPort() + "/api/items")) {
                    String error = SabApiRulesTest.refused(addurl(server, unnamed));
                    assertTrue(error.contains("address of this machine") && error.contains("allowedNzbHosts"), error);
                }
                assertEquals(0, server.items().size(), "a refused addurl made an item");

                JsonNode added = SabApiRulesTest.json(addurl(server, named));
                assertTrue(added.path("status").asBoolean(), added::toString);
                SonarrLikeClient.HistoryItem done =
                        server.sonarr("movies").history().get(0);
                assertEquals(SonarrLikeClient.SabStatus.Completed, done.status());
                assertEquals("Own.Indexer.Film.2021", done.title());
                Path strm = SonarrLikeClient.importable(done).get(0);
                HttpResponse<byte[]> served =
                        server.bytes(URI.create(Files.readString(strm).strip()).getRawPath());
                assertEquals(200, served.statusCode());
                assertArrayEquals(
                        MessageDigest.getInstance("SHA-256").digest(film),
                        MessageDigest.getInstance("SHA-256").digest(served.body()));
            }
        } finally {
            indexer.stop(0);
        }
    }

    private static HttpResponse<String> addurl(SabServer server, String url) throws Exception {
        return server.get("/api?mode=addurl&cat=movies&output=json&apikey=" + server.apiKey + "&name="
                + URLEncoder.encode(url, StandardCharsets.UTF_8));
    }
}
