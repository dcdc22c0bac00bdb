package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.app.DemoContent;
import io.nzbmount.server.app.DemoHint;
import io.nzbmount.server.app.DemoServer;
import io.nzbmount.server.demo.DemoFilmReleases;
import io.nzbmount.server.demo.MediaTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The first five minutes of a newcomer: {@code ./nzbmount --demo}, the library page, the clock
 * film's pool verifying, the film streamed by a real client while Simulate failure is pressed,
 * and the demo indexer's search. Screenshots of each page go to target/ui-screenshots/demo-*.
 */
class DemoBrowserTest {
    /** About six times the film's bit rate: the stream lasts half a minute, long enough to act in. */
    private static final String CLIENT_RATE = "800k";

    @TempDir
    Path dir;

    @Test
    void aNewcomerSeesThePoolVerifyAndTheStreamedFilmArrivesWholeThroughTheHoleAndASimulatedFailure() throws Exception {
        Browser.assumeInstalled();
        MediaTools.require("curl");
        try (DemoServer demo = DemoServer.start();
                Browser browser = new Browser()) {
            String origin = demo.uri().toString().replaceAll("/$", "");
            browser.driver.get(origin + "/#/library");
            WebElement hint = awaitLong(
                    browser,
                    d -> d.findElements(By.cssSelector(".demo-hint")).stream()
                            .filter(WebElement::isDisplayed)
                            .findFirst()
                            .orElse(null));
            assertEquals(DemoHint.TEXT, hint.getText(), "the page and the console say the same");
            browser.screenshot("demo-library");

            browser.driver.get(origin + "/#/items/" + demo.filmItem());
            awaitLong(
                    browser,
                    d -> d.findElements(By.cssSelector("tr.standby .validation-verified"))
                                    .size()
                            == 2);
            assertEquals(
                    2L,
                    browser.js("return [...document.querySelectorAll('.timeline .event-kind')]"
                            + ".filter(e => e.textContent === 'Standby validation started').length"),
                    "both were proved from pending");
            browser.screenshot("demo-item-verified");

            Path got = dir.resolve("film.avi");
            Process client = new ProcessBuilder(
                            MediaTools.require("curl").toString(),
                            "-sS",
                            "--fail",
                            "--limit-rate",
                            CLIENT_RATE,
                            "-o",
                            got.toString(),
                            demo.filmUrl().toString())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("curl.log").toFile())
                    .start();
            try {
                WebElement simulate = awaitLong(
                        browser,
                        d -> d
                                .findElements(By.xpath(
                                        "//div[@class='head-actions']/button[normalize-space()='Simulate failure']"))
                                .stream()
                                .filter(WebElement::isDisplayed)
                                .findFirst()
                                .orElse(null));
                simulate.click();
                WebElement notice = awaitLong(
                        browser,
                        d -> d.findElements(By.cssSelector(".notice-cutover")).stream()
                                .findFirst()
                                .orElse(null));
                assertTrue(notice.getText().contains("Switched to a standby"), notice.getText());
                assertTrue(
                        List.of("simulated", "permanent").contains(notice.getDomAttribute("data-kind")),
                        "the button's failure or the hole");
                awaitLong(
                        browser,
                        d -> d.findElements(By.cssSelector(".timeline .event-kind")).stream()
                                .anyMatch(e -> e.getText().equals("Cutover")));
                browser.screenshot("demo-item-mid-cutover");
                assertTrue(client.waitFor(120, TimeUnit.SECONDS), "the client finished");
                assertEquals(0, client.exitValue(), Files.readString(dir.resolve("curl.log")));
            } finally {
                client.destroyForcibly();
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            assertArrayEquals(
                    sha.digest(demo.releases().film()),
                    sha.digest(Files.readAllBytes(got)),
                    "the client got the film byte for byte");
            // The hole and the button each move the stream, unless the button moved it off the
            // broken release before the hole: then one cutover did both.
            awaitLong(
                    browser,
                    d -> d.findElements(By.cssSelector(".timeline .event-kind")).stream()
                            .anyMatch(e -> e.getText().equals("Cutover")));
            assertEquals(
                    "",
                    browser.driver
                            .findElement(By.cssSelector(".head-actions .action-message"))
                            .getText(),
                    "the button was answered without an error");
            String timeline =
                    browser.driver.findElement(By.cssSelector(".timeline")).getText();
            assertTrue(timeline.contains("Offset: ") && timeline.contains("Took millis: "), timeline);
            browser.screenshot("demo-item-after-cutover");

            browser.driver.get(origin + "/#/search?item=" + demo.filmItem());
            browser.await(d -> d.findElement(By.id("search-q")).isDisplayed());
            browser.driver.findElement(By.id("search-q")).clear();
            browser.driver.findElement(By.id("search-q")).sendKeys("Demo Clock");
            browser.driver.findElement(By.id("search-submit")).click();
            List<String> titles = awaitLong(browser, d -> {
                List<String> t = d.findElements(By.cssSelector("tr.result .result-title")).stream()
                        .map(WebElement::getText)
                        .toList();
                return t.size() == 4 ? t : null;
            });
            assertTrue(titles.contains(DemoFilmReleases.SPARE_TITLE), titles.toString());
            browser.screenshot("demo-search-for-item");

            browser.driver.get(origin + "/#/search");
            browser.await(d -> d.findElement(By.id("search-q")).isDisplayed());
            browser.driver.findElement(By.id("search-q")).sendKeys("Demo");
            browser.driver.findElement(By.id("search-submit")).click();
            awaitLong(
                    browser,
                    d -> d.findElements(By.cssSelector("tr.result .result-title")).stream()
                            .anyMatch(e -> e.getText().equals(DemoContent.MARKUP_TITLE)));
            assertEquals(
                    0L,
                    browser.js("return document.querySelectorAll('main script, main b').length"),
                    "markup in a release name stays text");
            browser.screenshot("demo-search");
            for (String page : List.of("streams", "health", "settings")) {
                browser.driver.get(origin + "/#/" + page);
                Thread.sleep(1500);
                browser.screenshot("demo-" + page);
            }
            browser.assertNoScriptErrors();
        }
    }

    private static <T> T awaitLong(Browser browser, Function<WebDriver, T> condition) {
        return new WebDriverWait(browser.driver, Duration.ofSeconds(45), Duration.ofMillis(100))
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .until(condition);
    }
}
