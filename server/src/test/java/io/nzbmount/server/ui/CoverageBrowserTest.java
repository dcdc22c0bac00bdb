package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The coverage bars of the item page: after a cutover at an article the primary lacked, the old
 * primary's bar shows that range as missing and its proved samples, and a release name with
 * markup shows as text in the labels.
 */
class CoverageBrowserTest extends LiveBrowserTestBase {

    private static final String XSS = "<img src=x onerror=alert(1)> Tidewater";
    private static final int PART = 100_000;

    @Test
    void theOldPrimaryShowsTheArticleItLackedAsMissingBesideItsProvedSamplesAndNamesStayText() throws Exception {
        byte[] film = LiveServer.random(30 * PART, 31);
        PostedFile a = server.nntp.post("Tidewater.2019.mkv", film, PART);
        PostedFile b = server.nntp.post("Tidewater.2019.mkv", film, PART);
        JsonNode item = importNzb(NzbWriter.write(List.of(a), "Tidewater").getBytes(StandardCharsets.UTF_8));
        long id = item.get("id").asLong();
        long primary = item.get("primary").get("id").asLong();
        HttpResponse<String> added = http.send(
                "POST",
                server.resolve("/api/nzbs?item=" + id + "&role=standby"),
                NzbWriter.write(List.of(b), XSS).getBytes(StandardCharsets.UTF_8),
                CsrfHandler.HEADER,
                "1");
        assertEquals(201, added.statusCode(), added.body());
        awaitVerified(id);

        server.nntp.removeArticle(a.messageIds().get(12));
        HttpResponse<byte[]> whole = http.bytes(
                "GET", server.resolve(item.get("files").get(0).get("path").asText()));
        assertEquals(200, whole.statusCode());
        assertArrayEquals(sha256(film), sha256(whole.body()), "the cutover served the film's bytes");

        open("/items/" + id);
        heading("Tidewater");
        WebElement row = awaitLong(d -> {
            List<WebElement> rows = d.findElements(By.cssSelector(".cov-source[data-id='" + primary + "']"));
            return !rows.isEmpty()
                            && !rows.get(0)
                                    .findElements(By.cssSelector(".cov-missing"))
                                    .isEmpty()
                            && rows.get(0)
                                            .findElements(By.cssSelector(".cov-proved"))
                                            .size()
                                    == 20
                    ? rows.get(0)
                    : null;
        });
        WebElement bar = row.findElement(By.cssSelector(".cov-bar"));
        assertEquals("img", bar.getDomAttribute("role"));
        String summary = bar.getDomAttribute("aria-label");
        assertTrue(
                summary.startsWith("Tidewater (standby, validated): 1 missing range, 20 sampled ranges proved equal"),
                summary);
        // Article 12 of 30 lies at 40 % of the file and is 1/30 of it wide.
        Object left = browser.js("return arguments[0].style.left", row.findElement(By.cssSelector(".cov-missing")));
        assertEquals(40.0, Double.parseDouble(String.valueOf(left).replace("%", "")), 0.001);
        double barWidth = bar.getRect().getWidth();
        double missingWidth =
                row.findElement(By.cssSelector(".cov-missing")).getRect().getWidth();
        assertEquals(barWidth / 30, missingWidth, 2.0, "the missing segment is one article wide");

        WebElement other = browser.await(d -> d.findElements(By.cssSelector(".cov-source")).stream()
                .filter(e -> !e.getDomAttribute("data-id").equals(String.valueOf(primary)))
                .findFirst()
                .orElse(null));
        assertEquals(XSS, other.findElement(By.cssSelector(".cov-release")).getText());
        assertTrue(
                other.findElement(By.cssSelector(".cov-bar"))
                        .getDomAttribute("aria-label")
                        .startsWith(XSS + " (primary, ready): 0 missing ranges"),
                other.getText());
        assertEquals(0L, browser.js("return document.querySelectorAll('.coverage img').length"));
        assertTrue(text(".cov-legend").contains("Known missing"));
        browser.screenshot("item-coverage");

        browser.resize(Browser.PHONE);
        browser.await(d ->
                d.findElement(By.cssSelector(".cov-source .cov-bar")).getRect().getWidth() > 200 ? true : null);
        assertNoSidewaysScrolling();
        browser.screenshot("item-coverage-phone");
    }

    private void awaitVerified(long id) {
        new WebDriverWait(browser.driver, Duration.ofSeconds(90), Duration.ofMillis(250)).until(d -> {
            try {
                JsonNode item = JSON.readTree(http.send("GET", server.resolve("/api/items/" + id), null)
                        .body());
                for (JsonNode s : item.get("standby"))
                    if (s.get("state").asText().equals("validated")) return true;
                return null;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }
}
