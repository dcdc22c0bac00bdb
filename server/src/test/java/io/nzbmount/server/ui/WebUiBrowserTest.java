package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.TestNzbs;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The web UI's pages in a real headless chromium against the real server: navigation, import by
 * upload, polling, error messages, delete, the item page, phone width, dark colours.
 */
class WebUiBrowserTest extends BrowserTestBase {

    @Test
    void everyPageLoadsFromTheNavigationAndTakesTheFocus() throws Exception {
        importNzb(TestNzbs.film("pages", "Screenshot Film (2020)"));
        open("/library");
        heading("Library");
        card("Screenshot Film (2020)");
        browser.screenshot("library");
        String[][] pages = {
            {"search", "Search"},
            {"streams", "Streams"},
            {"settings", "Settings"},
            {"health", "Health"},
            {"library", "Library"}
        };
        for (String[] page : pages) {
            browser.driver
                    .findElement(By.cssSelector(".nav a[data-page='" + page[0] + "']"))
                    .click();
            WebElement h1 = heading(page[1]);
            assertEquals(
                    "page",
                    browser.driver
                            .findElement(By.cssSelector(".nav a[data-page='" + page[0] + "']"))
                            .getDomAttribute("aria-current"),
                    page[0]);
            assertEquals(h1, browser.driver.switchTo().activeElement(), "focus moves to the new page's heading");
            assertEquals(page[1] + " · NZBMount", browser.driver.getTitle());
        }
        open("/no/such/page");
        heading("Page not found");
    }

    @Test
    void darkColorSchemeFollowsTheSystem() throws Exception {
        importNzb(TestNzbs.film("dark", "Dark Mode Film"));
        browser.driver.executeCdpCommand(
                "Emulation.setEmulatedMedia",
                Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
        try {
            open("/library");
            card("Dark Mode Film");
            assertEquals("rgb(15, 20, 28)", browser.js("return getComputedStyle(document.body).backgroundColor"));
            browser.screenshot("library-dark");
        } finally {
            browser.driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of()));
        }
        open("/library");
        heading("Library");
        assertEquals("rgb(244, 246, 250)", browser.js("return getComputedStyle(document.body).backgroundColor"));
    }

    @Test
    void uploadedNzbAppearsInTheLibraryWithoutReloadingThePage() throws Exception {
        open("/library");
        heading("Library");
        browser.js("window.samePage = true");
        Path nzb = nzbFile("Uploaded.Film.nzb", TestNzbs.film("up", "Uploaded Film (2021)"));
        browser.driver
                .findElement(By.id("import-file"))
                .sendKeys(nzb.toAbsolutePath().toString());

        WebElement card = card("Uploaded Film (2021)");
        assertEquals("Imported as “Uploaded Film (2021)”", text("#import-status .upload-line.ok .upload-message"));
        assertEquals(true, browser.js("return window.samePage === true"), "no full reload");
        List<WebElement> facts = card.findElements(By.cssSelector(".facts dd"));
        assertEquals("1", facts.get(0).getText());
        assertEquals(size(FakeSizer.expectedSize(50)), facts.get(1).getText());
        assertEquals(
                "Ready", card.findElement(By.cssSelector(".badge.state-ready")).getText());
        WebElement url = card.findElement(By.cssSelector(".dav-url"));
        assertEquals(server.origin() + "/dav/library/Uploaded%20Film%20%282021%29/movie.mkv", url.getText());

        card.findElement(By.cssSelector("button.copy")).click();
        browser.await(ExpectedConditions.textToBePresentInElement(
                card.findElement(By.cssSelector(".copy-status")), "Copied"));

        browser.driver.findElement(By.id("import-name")).sendKeys("Named By Hand");
        Path untitled = nzbFile("whatever.nzb", TestNzbs.film("named", null));
        browser.driver
                .findElement(By.id("import-file"))
                .sendKeys(untitled.toAbsolutePath().toString());
        card("Named By Hand");
        assertEquals("", browser.driver.findElement(By.id("import-name")).getDomProperty("value"));
    }

    @Test
    void itemAddedElsewhereAppearsByPolling() throws Exception {
        open("/library");
        heading("Library");
        browser.await(d -> d.findElement(By.cssSelector(".loading")).isDisplayed() ? null : true);
        browser.js("window.samePage = true");
        importNzb(TestNzbs.film("poll", "Arrived Elsewhere"));
        card("Arrived Elsewhere");
        assertEquals(true, browser.js("return window.samePage === true"));
    }

    @Test
    void malformedNzbShowsTheServersMessageNextToTheUpload() throws Exception {
        byte[] bad = ("<?xml version=\"1.0\"?>\n<nzb xmlns=\"http://www.newzbin.com/DTD/2003/nzb\">\n"
                        + " <file poster=\"p\" subject=\"s\">\n  <segments>\n   <segment bytes=\"10\" number=\"1\">a@b\n"
                        + " </file>\n</nzb>\n")
                .getBytes(UTF_8);
        HttpResponse<String> direct = http.send("POST", server.resolve("/api/nzbs"), bad, CsrfHandler.HEADER, "1");
        assertEquals(400, direct.statusCode());
        String expected = JSON.readTree(direct.body()).get("error").asText();
        assertTrue(expected.contains("line"), expected);

        open("/library");
        heading("Library");
        browser.driver
                .findElement(By.id("import-file"))
                .sendKeys(nzbFile("Broken.nzb", bad).toAbsolutePath().toString());
        WebElement message = browser.await(
                d -> d.findElements(By.cssSelector("section.upload .upload-line.error .upload-message")).stream()
                        .findFirst()
                        .orElse(null));
        assertEquals(expected, message.getText());
        assertEquals("alert", message.getDomAttribute("role"));
        assertEquals(
                "Broken.nzb",
                browser.driver
                        .findElement(By.cssSelector("section.upload .upload-line.error .upload-file"))
                        .getText());
        browser.screenshot("library-upload-error");
    }

    @Test
    void deleteAsksFirstThenRemovesTheItem() throws Exception {
        long id = importNzb(TestNzbs.film("del", "Film To Delete")).get("id").asLong();
        open("/library");
        card("Film To Delete").findElement(By.cssSelector("button.danger")).click();
        WebElement dialog = browser.driver.findElement(By.id("confirm"));
        browser.await(d -> dialog.getDomAttribute("open") != null);
        assertEquals(
                "Delete “Film To Delete”?", dialog.findElement(By.tagName("h2")).getText());
        dialog.findElement(By.cssSelector("button[value='cancel']")).click();
        browser.await(d -> dialog.getDomAttribute("open") == null);
        assertTrue(hasCard("Film To Delete"));
        assertEquals(
                200, http.send("GET", server.resolve("/api/items/" + id), null).statusCode());

        WebElement card = card("Film To Delete");
        card.findElement(By.cssSelector("button.danger")).click();
        browser.await(d -> dialog.getDomAttribute("open") != null);
        browser.driver.findElement(By.id("confirm-ok")).click();
        browser.await(ExpectedConditions.stalenessOf(card));
        assertEquals("Deleted “Film To Delete”.", text(".page-notice"));
        assertEquals(
                404, http.send("GET", server.resolve("/api/items/" + id), null).statusCode());
    }

    @Test
    void itemPageShowsFilesSourcesAndTheTimelineNewestFirst() throws Exception {
        long id = importNzb(TestNzbs.film("main", "Item Page Film")).get("id").asLong();
        open("/items/" + id);
        heading("Item Page Film");
        assertEquals(server.origin() + "/dav/library/Item%20Page%20Film/movie.mkv", text("table.files .dav-url"));
        assertTrue(text("table.files td.num").startsWith(size(FakeSizer.expectedSize(50))));
        assertEquals("Item Page Film", text(".source-primary dd"));
        assertTrue(text("table.sources tr.placeholder").startsWith("No standby releases yet"));

        Path standby = nzbFile("Other.nzb", TestNzbs.film("main-sb", "Item Page Film (other release)"));
        browser.driver
                .findElement(By.id("standby-file"))
                .sendKeys(standby.toAbsolutePath().toString());
        assertEquals("Added as a standby of “Item Page Film”", text("#standby-status .upload-line.ok .upload-message"));
        assertEquals("Item Page Film (other release)", text("table.sources td.release"));
        assertEquals("Pending validation", text("table.sources .badge"));
        browser.await(d -> d.findElements(By.cssSelector(".timeline .event")).size() == 2);
        List<WebElement> kinds = browser.driver.findElements(By.cssSelector(".timeline .event-kind"));
        assertEquals("Standby added", kinds.get(0).getText());
        assertEquals("Imported", kinds.get(1).getText());
        assertTrue(
                browser.driver
                        .findElements(By.cssSelector(".timeline .event-detail"))
                        .get(1)
                        .getText()
                        .startsWith("Source: "),
                "detail is readable text");
        browser.screenshot("item");

        HttpResponse<String> full = http.send(
                "POST",
                server.resolve("/api/nzbs?item=" + id + "&role=standby"),
                TestNzbs.film("main", "Item Page Film"),
                CsrfHandler.HEADER,
                "1");
        assertEquals(200, full.statusCode(), "the primary's own NZB is already a source");
    }

    @Test
    void missingItemSaysSoInsteadOfStayingEmpty() throws Exception {
        open("/items/987654");
        assertEquals("There is no item 987654 (it may have been deleted).", text(".page-error"));
        assertEquals(
                "false", String.valueOf(browser.js("return !document.querySelector('.head-actions button').disabled")));
    }

    @Test
    void readableOnAPhoneWithoutSidewaysScrolling() throws Exception {
        long id = importNzb(TestNzbs.nzb(
                        "phone",
                        "A Film With A Rather Long Name For A Small Screen (2019)",
                        List.of(TestNzbs.file(
                                "A.Film.With.A.Rather.Long.Name.For.A.Small.Screen.2019.1080p.BluRay.x264-GROUP.mkv",
                                30,
                                740_000))))
                .get("id")
                .asLong();
        browser.resize(Browser.PHONE);
        open("/library");
        card("A Film With A Rather Long Name For A Small Screen (2019)");
        assertNoSidewaysScrolling();
        browser.screenshot("library-phone");
        open("/items/" + id);
        heading("A Film With A Rather Long Name For A Small Screen (2019)");
        text("table.files .dav-url");
        assertNoSidewaysScrolling();
        browser.screenshot("item-phone");
    }
}
