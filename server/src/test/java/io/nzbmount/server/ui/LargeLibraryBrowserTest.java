package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.store.BulkItems;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The library page on a library of 20,000 items in headless chromium: it shows one page of cards
 * (the first 50 by name) at once, pages on, and its search, run by the server, finds items far
 * past the first page.
 */
class LargeLibraryBrowserTest extends BrowserTestBase {

    static final int ITEMS = 20_000;
    static final int PAGE = 50;

    @BeforeAll
    static void largeLibrary() throws Exception {
        BulkItems.insert(server.db, ITEMS, "Film %05d (2020)", 1_000_000);
    }

    @Test
    void firstPageOfALargeLibraryShowsAtOnceWithOnlyItsCards() throws Exception {
        long start = System.nanoTime();
        open("/library");
        card("Film 00000 (2020)");
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("first card of " + ITEMS + " items shown after " + millis + " ms");
        // Showing every item took 96 s; one page takes about a second. The bound only tells those apart.
        assertTrue(millis < 30_000, "the first card took " + millis + " ms");
        assertEquals(names(0, PAGE), shownNames());
        assertEquals(ITEMS + " items", text(".page-head .sub"));
        assertEquals("1–50 of " + ITEMS, text(".pager-position"));
        assertEquals(
                "true", browser.driver.findElement(By.id("library-previous")).getDomProperty("disabled"));
    }

    @Test
    void nextAndPreviousTurnThePages() throws Exception {
        open("/library");
        card("Film 00000 (2020)");
        browser.driver.findElement(By.id("library-next")).click();
        card("Film 00050 (2020)");
        assertEquals(names(PAGE, 2 * PAGE), shownNames());
        assertEquals("51–100 of " + ITEMS, text(".pager-position"));
        browser.driver.findElement(By.id("library-previous")).click();
        card("Film 00000 (2020)");
        assertEquals(names(0, PAGE), shownNames());
    }

    @Test
    void searchFindsAnItemFarPastTheFirstPageAndClearingItShowsTheFirstPageAgain() throws Exception {
        open("/library");
        card("Film 00000 (2020)");
        WebElement search = browser.driver.findElement(By.id("library-search"));
        search.sendKeys("film 19999");
        card("Film 19999 (2020)");
        browser.await(d -> shownNames().size() == 1 ? true : null);
        assertEquals("1 item match “film 19999”", text(".page-head .sub"));
        assertTrue(browser.driver
                .findElement(By.cssSelector(".pager"))
                .getDomProperty("hidden")
                .equals("true"));

        search.sendKeys(" nothing-like-it");
        text(".library p.empty");
        assertEquals("No item matches “film 19999 nothing-like-it”.", text(".library p.empty"));

        browser.js("const s = document.getElementById('library-search'); s.value = '';"
                + " s.dispatchEvent(new Event('input'));");
        card("Film 00000 (2020)");
        browser.await(d -> shownNames().equals(names(0, PAGE)) ? true : null);
    }

    private static List<String> names(int from, int to) {
        return java.util.stream.IntStream.range(from, to)
                .mapToObj(i -> String.format("Film %05d (2020)", i))
                .toList();
    }

    private static List<String> shownNames() {
        return browser.driver.findElements(By.cssSelector("li.item-card .item-name")).stream()
                .map(WebElement::getText)
                .toList();
    }
}
