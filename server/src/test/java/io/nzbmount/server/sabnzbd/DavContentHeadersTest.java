package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files under {@code /dav} are data anyone can post to Usenet, served on the web UI's origin: a
 * browser must neither guess they are HTML nor run what it renders of them with that origin.
 */
class DavContentHeadersTest {

    @TempDir
    Path dataDir;

    @Test
    void davAnswersForbidSniffingAndSandboxWhatABrowserRenders() throws Exception {
        byte[] page = "<html><script>fetch('/api/settings')</script></html>"
                .repeat(2000)
                .getBytes(StandardCharsets.UTF_8);
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            byte[] nzb = NzbWriter.write(List.of(nntp.post("Page.2020.1080p.mkv", page, 40_000)))
                    .getBytes(StandardCharsets.UTF_8);
            try (SabServer server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", "");
                    HttpClient http = HttpClient.newHttpClient()) {
                assertEquals(201, server.importByHand(nzb).statusCode());
                long id = server.items().get(0).path("id").asLong();
                String href = SabServer.JSON
                        .readTree(server.get("/api/items/" + id, "X-Api-Key", server.apiKey)
                                .body())
                        .path("files")
                        .get(0)
                        .path("path")
                        .asText();
                HttpResponse<byte[]> file = http.send(
                        HttpRequest.newBuilder(URI.create(server.base() + href))
                                .header("X-Api-Key", server.apiKey)
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertEquals(200, file.statusCode());
                assertArrayEquals(
                        MessageDigest.getInstance("SHA-256").digest(page),
                        MessageDigest.getInstance("SHA-256").digest(file.body()));
                HttpResponse<String> listing = http.send(
                        HttpRequest.newBuilder(URI.create(server.base() + "/dav/library/"))
                                .header("X-Api-Key", server.apiKey)
                                .header("Depth", "1")
                                .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(207, listing.statusCode());
                for (HttpResponse<?> r : List.of(file, listing)) {
                    assertEquals(
                            "nosniff",
                            r.headers().firstValue("X-Content-Type-Options").orElse(""),
                            r.toString());
                    assertEquals(
                            "sandbox",
                            r.headers().firstValue("Content-Security-Policy").orElse(""),
                            r.toString());
                }
            }
        }
    }
}
