package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.indexer.TestRelease;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The search page, the library's standby badge and the item's standby pool in a real headless
 * chromium against the whole server: results come from the test indexer, their NZBs name articles
 * on the embedded provider, and adding one imports it for real.
 */
class SearchBrowserTest extends LiveBrowserTestBase {

    static final String XSS = "<img src=x onerror=alert(1)>";

    private List<WebElement> search(String q) {
        browser.driver.findElement(By.id("search-q")).sendKeys(q);
        browser.driver.findElement(By.id("search-submit")).click();
        return browser.await(d -> {
            List<WebElement> rows = d.findElements(By.cssSelector("table.results tr.result"));
            return rows.isEmpty() ? null : rows;
        });
    }

    private static List<String> cells(WebElement row) {
        return row.findElements(By.tagName("td")).stream()
                .map(WebElement::getText)
                .toList();
    }

    @Test
    void searchShowsResultsAndIndexerErrorsAndAddsTheChosenReleaseToTheLibrary() throws Exception {
        byte[] film = LiveServer.random(250_000, 1);
        server.offer("Harbour.Lights.2020.1080p.BluRay.x264-GRP", "hl1080", film);
        server.offer("Harbour.Lights.2020.720p.WEB.h265-OTHER", "hl720", LiveServer.random(150_000, 2));
        open("/search");
        heading("Search");
        List<WebElement> rows = search("Harbour Lights");
        assertEquals(2, rows.size());
        assertEquals("2 results", text(".search-status"));
        List<String> first = cells(rows.get(0));
        assertEquals("Harbour.Lights.2020.1080p.BluRay.x264-GRP", first.get(0));
        assertEquals("244 KiB", first.get(1));
        assertEquals("3 d", first.get(2));
        assertEquals(List.of("alt.binaries.test", "1080p", "H.264", LiveServer.INDEXER), first.subList(3, 7));
        assertEquals(List.of("720p", "HEVC"), cells(rows.get(1)).subList(4, 6));
        String errors = text(".indexer-errors");
        assertTrue(errors.startsWith(LiveServer.BROKEN_INDEXER + ": "), errors);
        assertTrue(errors.contains("limit"), errors);
        browser.screenshot("search");

        rows.get(0).findElement(By.cssSelector("button.add-result")).click();
        String notice = text(".search-notice");
        assertTrue(notice.startsWith("Added “"), notice);
        assertEquals(
                "Added",
                rows.get(0).findElement(By.cssSelector("button.add-result")).getText());
        browser.driver.findElement(By.cssSelector(".search-notice a.new-item")).click();
        String name = browser.await(d -> {
            String h1 = d.findElement(By.cssSelector("main h1")).getText();
            return h1.startsWith("Item ") ? null : h1;
        });
        String url = text("table.files .dav-url");
        assertArrayEquals(
                film, http.bytes("GET", java.net.URI.create(url)).body(), "the added release serves its bytes");

        open("/library");
        browser.await(d -> d.findElements(By.cssSelector("li.item-card .item-name")).stream()
                .anyMatch(e -> e.getText().equals(name)));

        browser.resize(Browser.PHONE);
        open("/search");
        heading("Search");
        search("Harbour Lights");
        assertNoSidewaysScrolling();
        browser.screenshot("search-phone");
    }

    @Test
    void searchingFromAnItemRanksResultsAgainstItsPrimaryAndAddsOneAsAStandbyThatIsProved() throws Exception {
        byte[] film = LiveServer.random(400_000, 31);
        server.offer("Tide.Mill.2019.1080p.BluRay.x264-GRP", "tm1", film);
        server.offer("Tide.Mill.2019.1080p.WEB.x264-OTHER", "tm2", film);
        server.offer("Tide.Mill.2019.720p.WEB.x265-SMALL", "tm3", LiveServer.random(300_000, 32));
        assertEquals(
                200,
                http.send("GET", server.resolve("/api/search?q=Tide+Mill"), null)
                        .statusCode());
        var created = http.send(
                "POST",
                server.resolve("/api/items"),
                ("{\"indexer\":\"" + LiveServer.INDEXER + "\",\"guid\":\"tm1\"}")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8),
                CsrfHandler.HEADER,
                "1");
        assertEquals(201, created.statusCode(), created.body());
        var item = JSON.readTree(created.body());
        long id = item.get("id").asLong();

        open("/items/" + id);
        heading(item.get("name").asText());
        browser.await(d -> d.findElement(By.cssSelector("a.find-standbys"))).click();
        heading("Find standbys");
        String against = text(".search-for-item");
        assertTrue(against.contains("Tide.Mill.2019.1080p.BluRay.x264-GRP"), against);
        browser.await(
                d -> d.findElement(By.id("search-q")).getDomProperty("value").isEmpty() ? null : true);
        browser.driver.findElement(By.id("search-submit")).click();
        WebElement sameEncoding = row("Tide.Mill.2019.1080p.WEB.x264-OTHER");
        assertEquals(
                "Tier 1 · Same resolution and codec",
                sameEncoding.findElement(By.cssSelector(".result-tier")).getText());
        assertEquals(
                "Tier 3 · Same content",
                row("Tide.Mill.2019.720p.WEB.x265-SMALL")
                        .findElement(By.cssSelector(".result-tier"))
                        .getText());
        assertEquals(
                "Already a source",
                row("Tide.Mill.2019.1080p.BluRay.x264-GRP")
                        .findElement(By.cssSelector(".result-standing"))
                        .getText());
        browser.screenshot("search-for-item");

        sameEncoding.findElement(By.cssSelector("button.add-standby")).click();
        browser.await(d -> first(sameEncoding.findElements(By.cssSelector(".row-message.ok a"))))
                .click();
        heading(item.get("name").asText());
        // Proofs run at the service's pace (a sample every 200 ms) on a shared machine.
        // One script reads the whole pool, so a row re-rendered in between is never half read.
        new org.openqa.selenium.support.ui.WebDriverWait(
                        browser.driver, java.time.Duration.ofSeconds(90), java.time.Duration.ofMillis(250))
                .until(d -> Boolean.TRUE.equals(browser.js(
                        "return [...document.querySelectorAll('tr.standby')].some(r => r.textContent.includes(arguments[0])"
                                + " && r.querySelector('.validation-verified') !== null)",
                        "Tide.Mill.2019.1080p.WEB.x264-OTHER")));
    }

    /** The result row whose title is {@code title}, once the results are shown. */
    private WebElement row(String title) {
        try {
            return browser.await(d -> d.findElements(By.cssSelector("table.results tr.result")).stream()
                    .filter(r -> r.findElement(By.cssSelector(".result-title"))
                            .getText()
                            .equals(title))
                    .findFirst()
                    .orElse(null));
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError(
                    "no result \"" + title + "\" in: "
                            + browser.driver.findElements(By.cssSelector("table.results tr")).stream()
                                    .map(WebElement::getText)
                                    .toList(),
                    e);
        }
    }

    private static WebElement first(List<WebElement> found) {
        return found.isEmpty() ? null : found.get(0);
    }

    @Test
    void tvSearchSendsSeasonAndEpisode() throws Exception {
        TestRelease episode = TestRelease.of(
                        "Quiet.Coast.S02E05.1080p.WEB.x264-TV",
                        "qc205",
                        server.post(
                                "Quiet.Coast.S02E05.mkv", LiveServer.random(120_000, 3), 100_000, "Quiet Coast S02E05"))
                .withEpisode("4711", 2, 5);
        TestRelease other = TestRelease.of(
                        "Quiet.Coast.S02E06.1080p.WEB.x264-TV",
                        "qc206",
                        server.post(
                                "Quiet.Coast.S02E06.mkv", LiveServer.random(120_000, 4), 100_000, "Quiet Coast S02E06"))
                .withEpisode("4711", 2, 6);
        server.indexer.add(episode, other);
        open("/search");
        heading("Search");
        new Select(browser.driver.findElement(By.id("search-type"))).selectByValue("tv");
        browser.driver.findElement(By.id("search-season")).sendKeys("2");
        browser.driver.findElement(By.id("search-ep")).sendKeys("5");
        List<WebElement> rows = search("Quiet Coast");
        assertEquals(1, rows.size());
        assertEquals("Quiet.Coast.S02E05.1080p.WEB.x264-TV", cells(rows.get(0)).get(0));
        assertEquals("tvsearch", server.indexer.lastApiRequest().parameters().get("t"));
        assertEquals("5", server.indexer.lastApiRequest().parameters().get("ep"));
    }

    @Test
    void aReleaseThatCannotBeAddedSaysWhyNextToItsRow() throws Exception {
        server.indexer.add(
                TestRelease.of("Gone.Film.2018.1080p.BluRay.x264-GRP", "gone1", TestRelease.sampleNzb("Gone Film"))
                        .gone(410));
        open("/search");
        heading("Search");
        List<WebElement> rows = search("Gone Film");
        WebElement add = rows.get(0).findElement(By.cssSelector("button.add-result"));
        add.click();
        WebElement message = browser.await(d -> rows.get(0).findElements(By.cssSelector(".row-message.error")).stream()
                .filter(e -> !e.getText().isEmpty())
                .findFirst()
                .orElse(null));
        assertTrue(message.getText().contains(LiveServer.INDEXER), message.getText());
        assertEquals("alert", message.getDomAttribute("role"));
        assertTrue(add.isEnabled(), "the user can try again");
        assertEquals(
                "", browser.driver.findElement(By.cssSelector(".search-notice")).getText());
    }

    @Test
    void emptyQueryIsRefusedNextToTheField() {
        open("/search");
        heading("Search");
        browser.js("document.getElementById('search-q').removeAttribute('required')");
        browser.driver.findElement(By.id("search-submit")).click();
        assertEquals("Type what to search for.", text("#search-error"));
    }

    @Test
    void aResultTitledLikeMarkupIsShownAsText() throws Exception {
        server.indexer.add(TestRelease.of(XSS, "xss1", TestRelease.sampleNzb("xss")));
        open("/search");
        heading("Search");
        List<WebElement> rows = search("onerror");
        assertEquals(
                XSS, rows.get(0).findElement(By.cssSelector(".result-title")).getText());
        assertEquals(0L, browser.js("return document.querySelectorAll('main img').length"));
        assertThrows(
                NoAlertPresentException.class, () -> browser.driver.switchTo().alert());
    }

    @Test
    void standbyPoolShowsTheProofAndTheLibraryCountsReadyStandbys() throws Exception {
        byte[] film = LiveServer.random(300_000, 5);
        long id = importNzb(server.post("Tidal.Film.2021.mkv", film, 100_000, "Tidal Film (2021)"))
                .get("id")
                .asLong();
        open("/items/" + id);
        heading("Tidal Film (2021)");
        // The same bytes posted again: another release of the same content, which the proof must find equal.
        byte[] standby = server.post("Tidal.Film.2021.repost.mkv", film, 100_000, "Tidal Film (2021) repost");
        Path file = Files.write(
                Files.createDirectories(dir.resolve("standby-" + System.nanoTime()))
                        .resolve("repost.nzb"),
                standby);
        browser.driver
                .findElement(By.id("standby-file"))
                .sendKeys(file.toAbsolutePath().toString());
        assertEquals(
                "Tidal Film (2021) repost",
                browser.await(d -> d.findElements(By.cssSelector("table.sources tr.standby td.release")).stream()
                        .findFirst()
                        .map(e -> e.getText().lines().findFirst().orElse(""))
                        .orElse(null)));
        WebElement verified =
                awaitLong(d -> d.findElements(By.cssSelector("table.sources .validation-verified")).stream()
                        .findFirst()
                        .orElse(null));
        assertEquals("Verified", verified.getText());
        assertEquals("Proven identical", text("table.sources tr.standby .badge"));
        String samples = text("table.sources .samples-count");
        String[] parts = samples.split(" / ");
        assertEquals(parts[1], parts[0], "every sample compared: " + samples);
        assertEquals(
                parts[1],
                browser.driver
                        .findElement(By.cssSelector("table.sources .samples progress"))
                        .getDomAttribute("max"));
        assertTrue(browser.driver
                .findElement(By.cssSelector("table.sources .last-validation time"))
                .isDisplayed());
        assertTrue(text("table.sources tr.standby .reason").length() > 0);
        browser.screenshot("item-standby");

        open("/library");
        WebElement badge = browser.await(d -> d.findElements(By.cssSelector("li.item-card")).stream()
                .filter(c ->
                        c.findElement(By.cssSelector(".item-name")).getText().equals("Tidal Film (2021)"))
                .map(c -> c.findElement(By.cssSelector(".badge.standby")))
                .findFirst()
                .orElse(null));
        browser.await(d -> badge.getText().equals("Standby ready 1/5"));
    }
}
