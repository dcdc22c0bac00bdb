package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.Faults;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The streams and health pages in a real headless chromium against the whole server: a stream is
 * a real WebDAV GET held open by a client that stops reading while the provider trickles articles;
 * health shows the embedded provider; the diagnostics download is a JSON file without secrets.
 */
class ObserveBrowserTest extends LiveBrowserTestBase {

    @Test
    void streamsPageShowsAnOpenStreamLiveAndSaysWhenNothingPlays() throws Exception {
        open("/streams");
        heading("Streams");
        assertEquals("Nothing is playing", text(".empty-state h2"));

        byte[] film = LiveServer.random(1_000_000, 21);
        JsonNode item = importNzb(server.post("Slow.River.2019.mkv", film, 100_000, "Slow River (2019)"));
        JsonNode file = item.get("files").get(0);
        server.nntp.faults().inject(Faults.ALL, ArticleFault.trickle(8_000));
        URI uri = server.resolve(file.get("path").asText());
        // The provider trickles each article at 8 kB/s: the response stays open for about 30 s.
        try (Socket client = new Socket(uri.getHost(), uri.getPort())) {
            client.getOutputStream()
                    .write(("GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                                    + "\r\n\r\n")
                            .getBytes(US_ASCII));
            String head = readHead(client.getInputStream());
            assertTrue(head.startsWith("HTTP/1.1 200"), head);

            WebElement card = browser.await(d -> d.findElements(By.cssSelector("li.stream-card")).stream()
                    .findFirst()
                    .orElse(null));
            assertEquals(
                    "Slow River (2019)",
                    card.findElement(By.cssSelector(".stream-item")).getText());
            assertEquals(
                    "#/items/" + item.get("id").asLong(),
                    card.findElement(By.cssSelector(".stream-item")).getDomAttribute("href"));
            assertEquals(
                    "Slow.River.2019.mkv",
                    card.findElement(By.cssSelector(".stream-file")).getText());
            // The server does not fill in the client's address yet (StreamOpener passes ""): show what it gives.
            String reported = JSON.readTree(http.send("GET", server.resolve("/api/streams"), null)
                            .body())
                    .get("streams")
                    .get(0)
                    .get("client")
                    .asText();
            assertEquals(
                    reported.isEmpty() ? "client not reported" : "client " + reported,
                    card.findElement(By.cssSelector(".stream-client")).getText());
            assertTrue(
                    browser.driver.findElement(By.cssSelector(".empty-state")).getDomAttribute("hidden") != null);
            String position =
                    card.findElement(By.cssSelector(".stream-position")).getText();
            assertTrue(position.matches("\\d+\\.\\d% of the file \\(byte [\\d,]+ of 1,000,000\\)"), position);
            assertEquals(
                    "Primary",
                    card.findElement(By.cssSelector(".stream-head .badge")).getText());
            assertEquals(
                    "0", card.findElement(By.cssSelector(".stream-cutovers")).getText());
            assertTrue(card.findElement(By.cssSelector(".stream-throughput"))
                    .getText()
                    .endsWith(" sent"));
            assertTrue(
                    card.findElement(By.cssSelector(".stream-stall")).getText().endsWith(" in total"));
            // Polling updates the card in place: the same element after two more polls.
            browser.js("window.firstCard = document.querySelector('li.stream-card')");
            Thread.sleep(4500);
            assertEquals(true, browser.js("return document.querySelector('li.stream-card') === window.firstCard"));
            assertEquals("1 open stream", text(".page-head .sub"));
            browser.screenshot("streams");
            browser.resize(Browser.PHONE);
            assertNoSidewaysScrolling();
            browser.screenshot("streams-phone");
            browser.resize(Browser.DESKTOP);

            open("/health");
            browser.await(d -> d.findElement(By.cssSelector(".tile[data-key='activeStreams'] dd"))
                    .getText()
                    .equals("1"));
        } finally {
            server.nntp.faults().clearAll();
        }
        open("/streams");
        awaitLong(d -> d.findElement(By.cssSelector(".empty-state")).isDisplayed());
        assertEquals(
                0, browser.driver.findElements(By.cssSelector("li.stream-card")).size());
    }

    @Test
    void healthPageShowsTheProviderAndCounters() throws Exception {
        open("/health");
        heading("Health");
        WebElement row = browser.await(d -> d.findElements(By.cssSelector("table.providers tr.provider")).stream()
                .findFirst()
                .orElse(null));
        List<String> cells = row.findElements(By.tagName("td")).stream()
                .map(WebElement::getText)
                .toList();
        assertEquals("embedded", cells.get(0));
        assertEquals("Available", cells.get(1));
        JsonNode health = JSON.readTree(
                http.send("GET", server.resolve("/api/health"), null).body());
        JsonNode provider = health.get("providers").get(0);
        assertEquals(provider.get("failures").asText(), cells.get(5));
        assertTrue(cells.subList(2, 5).stream().allMatch(c -> c.matches("\\d+")), cells.toString());
        assertEquals(health.get("version").asText(), text(".facts dd"));
        for (String key : List.of("activeStreams", "retrying", "validating", "standbyActive", "cutoversTotal")) {
            assertTrue(
                    browser.driver
                            .findElement(By.cssSelector(".tile[data-key='" + key + "'] dd"))
                            .getText()
                            .matches("\\d+"),
                    key);
        }
        assertTrue(browser.driver
                .findElements(By.cssSelector(".facts dd"))
                .get(1)
                .getText()
                .matches("\\d.*s|\\d.*min"));
        browser.screenshot("health");
        browser.resize(Browser.PHONE);
        assertNoSidewaysScrolling();
        browser.screenshot("health-phone");
    }

    @Test
    void diagnosticsDownloadIsJsonWithoutSecrets() throws Exception {
        Path downloads = Files.createDirectories(dir.resolve("downloads"));
        browser.driver.executeCdpCommand(
                "Browser.setDownloadBehavior",
                Map.of(
                        "behavior",
                        "allow",
                        "downloadPath",
                        downloads.toAbsolutePath().toString()));
        open("/health");
        heading("Health");
        browser.driver.findElement(By.id("diagnostics-download")).click();
        String saved = text("#diagnostics-message");
        assertTrue(saved.matches("Saved as nzbmount-diagnostics-\\d{8}-\\d{6}\\.json"), saved);
        Path file = downloads.resolve(saved.substring("Saved as ".length()));
        browser.await(d -> Files.isRegularFile(file));
        String body = Files.readString(file, UTF_8);
        JsonNode diagnostics = JSON.readTree(body);
        assertTrue(diagnostics.has("settings") && diagnostics.has("health") && diagnostics.has("events"), body);
        assertFalse(body.contains(LiveServer.NNTP_PASSWORD), "no provider password");
        assertFalse(body.contains(LiveServer.INDEXER_KEY), "no API key");
        assertTrue(body.contains("****"));
        try (Stream<Path> files = Files.list(downloads)) {
            assertEquals(1, files.count(), "one file, no partial download left");
        }
    }

    private static String readHead(InputStream in) throws Exception {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) throw new AssertionError("the response ended in its headers: " + head.toString(US_ASCII));
            head.write(b);
            String text = head.toString(US_ASCII);
            if (text.endsWith("\r\n\r\n")) return text;
        }
    }
}
