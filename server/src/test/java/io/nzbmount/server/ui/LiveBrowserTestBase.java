package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * What the browser tests against the whole server share: per class, one {@link LiveServer}
 * (Application, embedded NNTP provider, test indexers) and one headless chromium. Every test
 * uses its own releases and items.
 */
abstract class LiveBrowserTestBase {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static LiveServer server;
    static Browser browser;
    static Http http;

    /**
     * A class with this annotation gets its server in demo mode ({@code simulate-failure}). The
     * choice is made here, in the one {@code @BeforeAll} that starts the server: a subclass that
     * started its own would leave this one running on the same data directory, and its standby
     * service would then prove the other server's standbys against a provider that has none of
     * their articles.
     */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface DemoMode {}

    @BeforeAll
    static void start(TestInfo info) throws Exception {
        Browser.assumeInstalled();
        if (server != null) throw new IllegalStateException("a server from another test class is still running");
        boolean demo = info.getTestClass()
                .map(c -> c.isAnnotationPresent(DemoMode.class))
                .orElse(false);
        server = LiveServer.start(dir.resolve("data"), demo);
        http = new Http();
        browser = new Browser();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (browser != null) browser.close();
            if (http != null) http.close();
        } finally {
            if (server != null) server.close();
            browser = null;
            http = null;
            server = null;
        }
    }

    @AfterEach
    void pageHadNoScriptErrors() {
        browser.assertNoScriptErrors();
        browser.resize(Browser.DESKTOP);
    }

    /** Loads the page afresh at a route. */
    void open(String route) {
        browser.driver.get("about:blank");
        browser.driver.get(server.origin() + "/#" + route);
    }

    WebElement heading(String text) {
        return browser.await(d -> {
            List<WebElement> h1 = d.findElements(By.cssSelector("main h1"));
            return !h1.isEmpty() && h1.get(0).getText().equals(text) ? h1.get(0) : null;
        });
    }

    /** Like {@link Browser#await} but up to 30 s: for what the server does in the background (proofs). */
    <T> T awaitLong(java.util.function.Function<org.openqa.selenium.WebDriver, T> condition) {
        return new org.openqa.selenium.support.ui.WebDriverWait(
                        browser.driver, java.time.Duration.ofSeconds(30), java.time.Duration.ofMillis(100))
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .until(condition);
    }

    /** The text of the first element matching {@code css} once it has some. */
    String text(String css) {
        return browser.await(d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() || found.get(0).getText().isEmpty()
                    ? null
                    : found.get(0).getText();
        });
    }

    /** Imports an NZB through the API as a script would; returns the item. */
    JsonNode importNzb(byte[] nzb) throws Exception {
        HttpResponse<String> r = http.send("POST", server.resolve("/api/nzbs"), nzb, CsrfHandler.HEADER, "1");
        assertEquals(201, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    /** Fails naming the elements wider than the window, if any. */
    void assertNoSidewaysScrolling() {
        Object wide = browser.js(
                "const w = document.documentElement.clientWidth; return document.documentElement.scrollWidth <= w ? ''"
                        + " : [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w)"
                        + ".map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')");
        assertEquals("", wide, "wider than the window");
    }
}
