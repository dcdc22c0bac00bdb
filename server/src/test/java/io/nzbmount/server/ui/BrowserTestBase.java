package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * What the browser test classes share: per class, one real server ({@link UiServer}: HTTP, API,
 * SQLite, fake providers) and one headless chromium ({@link Browser}); every test uses its own
 * items. Helpers to open routes and wait for what the page shows. Screenshots go to
 * target/ui-screenshots/.
 */
abstract class BrowserTestBase {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static UiServer server;
    static Browser browser;
    static Http http;

    @BeforeAll
    static void start() throws Exception {
        Browser.assumeInstalled();
        if (server != null) throw new IllegalStateException("a server from another test class is still running");
        server = UiServer.start(dir.resolve("data"));
        http = new Http();
        browser = new Browser();
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) browser.close();
        if (http != null) http.close();
        if (server != null) server.close();
        browser = null;
        http = null;
        server = null;
    }

    @AfterEach
    void pageHadNoScriptErrors() {
        browser.assertNoScriptErrors();
        browser.resize(Browser.DESKTOP);
    }

    // ---- helpers

    /** Loads the page afresh at a route (a new document, so nothing is left from the last test). */
    void open(String route) {
        browser.driver.get("about:blank");
        browser.driver.get(server.origin() + "/#" + route);
    }

    /** Fails naming the elements wider than the window, if any. */
    void assertNoSidewaysScrolling() {
        Object wide = browser.js(
                "const w = document.documentElement.clientWidth; return document.documentElement.scrollWidth <= w ? ''"
                        + " : [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w)"
                        + ".map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')");
        assertEquals("", wide, "wider than the window");
    }

    WebElement heading(String text) {
        return browser.await(d -> {
            List<WebElement> h1 = d.findElements(By.cssSelector("main h1"));
            return !h1.isEmpty() && h1.get(0).getText().equals(text) ? h1.get(0) : null;
        });
    }

    WebElement card(String name) {
        return browser.await(d -> d.findElements(By.cssSelector("li.item-card")).stream()
                .filter(c ->
                        c.findElement(By.cssSelector(".item-name")).getText().equals(name))
                .findFirst()
                .orElse(null));
    }

    boolean hasCard(String name) {
        return browser.driver.findElements(By.cssSelector("li.item-card .item-name")).stream()
                .anyMatch(e -> e.getText().equals(name));
    }

    Path nzbFile(String fileName, byte[] content) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("uploads-" + System.nanoTime()));
        return Files.write(folder.resolve(fileName), content);
    }

    /** Imports through the API as a script would; returns the item. */
    JsonNode importNzb(byte[] nzb) throws Exception {
        HttpResponse<String> r = http.send("POST", server.resolve("/api/nzbs"), nzb, CsrfHandler.HEADER, "1");
        assertEquals(201, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    String text(String css) {
        return browser.await(d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() || found.get(0).getText().isEmpty()
                    ? null
                    : found.get(0).getText();
        });
    }

    static String size(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }
}
