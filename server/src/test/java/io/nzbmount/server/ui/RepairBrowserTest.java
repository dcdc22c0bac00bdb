package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.app.DemoContent;
import io.nzbmount.server.app.DemoServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The demo's release with a hole and PAR2 files, as its item page shows it in a real browser: the
 * repair line says it was repaired, and the primary's coverage bar shows the rebuilt range where
 * the API places it. Screenshot: target/ui-screenshots/item-repaired.png.
 */
class RepairBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theItemPageShowsTheRepairAndTheRebuiltRangeOnTheCoverageBar() throws Exception {
        Browser.assumeInstalled();
        try (DemoServer demo = DemoServer.start();
                Browser browser = new Browser();
                HttpClient http = HttpClient.newHttpClient()) {
            String origin = demo.uri().toString().replaceAll("/$", "");
            long id = -1;
            for (JsonNode i : json(http, origin + "/api/items").get("items")) {
                if (i.get("name").asText().equals(DemoContent.REPAIRED_ITEM))
                    id = i.get("id").asLong();
            }
            assertTrue(id > 0, "the demo has its repaired release");

            browser.driver.get(origin + "/#/items/" + id);
            WebElement line = awaitLong(
                    browser,
                    d -> d.findElements(By.cssSelector(".repair-status")).stream()
                            .filter(e -> e.isDisplayed() && e.getText().startsWith("Repaired from PAR2: "))
                            .findFirst()
                            .orElse(null));
            assertTrue(line.getText().contains("slices rebuilt and checked"), line.getText());
            assertEquals("status", line.getDomAttribute("role"));

            JsonNode file = json(http, origin + "/api/items/" + id + "/coverage")
                    .get("files")
                    .get(0);
            JsonNode primary = null;
            for (JsonNode s : file.get("sources")) if (s.get("role").asText().equals("primary")) primary = s;
            assertTrue(primary != null && !primary.get("rebuilt").isEmpty(), String.valueOf(primary));
            long size = file.get("size").asLong();
            long start = primary.get("rebuilt").get(0).get(0).asLong();
            String sourceId = primary.get("id").asText();
            // The page's coverage is refreshed on its own: wait for the row to show what the API says.
            WebElement row = awaitLong(
                    browser,
                    d -> d.findElements(By.cssSelector(".cov-source[data-id='" + sourceId + "']")).stream()
                            .filter(r -> !r.findElements(By.cssSelector(".cov-rebuilt"))
                                    .isEmpty())
                            .findFirst()
                            .orElse(null));
            List<WebElement> rebuilt = row.findElements(By.cssSelector(".cov-rebuilt"));
            assertEquals(primary.get("rebuilt").size(), rebuilt.size());
            Object left = browser.js("return arguments[0].style.left", rebuilt.get(0));
            assertEquals(
                    100.0 * start / size,
                    Double.parseDouble(String.valueOf(left).replace("%", "")),
                    0.01,
                    "the rebuilt range sits where the API places it");
            assertTrue(rebuilt.get(0).isDisplayed(), "the rebuilt range is drawn");
            String summary = row.findElement(By.cssSelector(".cov-bar")).getDomAttribute("aria-label");
            assertTrue(
                    summary.contains(
                            primary.get("rebuilt").size() == 1
                                    ? "1 range rebuilt from PAR2"
                                    : primary.get("rebuilt").size() + " ranges rebuilt from PAR2"),
                    summary);
            assertTrue(browser.driver
                    .findElement(By.cssSelector(".cov-legend"))
                    .getText()
                    .contains("Rebuilt from PAR2"));
            browser.screenshot("item-repaired");
            browser.assertNoScriptErrors();
        }
    }

    private static JsonNode json(HttpClient http, String url) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(java.net.URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private static <T> T awaitLong(Browser browser, Function<WebDriver, T> condition) {
        return new WebDriverWait(browser.driver, Duration.ofSeconds(90), Duration.ofMillis(200))
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .until(condition);
    }
}
