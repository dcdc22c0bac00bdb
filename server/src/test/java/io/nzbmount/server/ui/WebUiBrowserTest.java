package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.TestNzbs;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.nio.ByteBuffer;
import io.nzbmount.server.http.Credentials;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The web UI in a real headless chromium against the real HTTP server, API and database (fake
 * providers). One browser and one server for the class; every test uses its own items.
 * Screenshots of every page go to target/ui-screenshots/.
 */
class WebUiBrowserTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String XSS = "<img src=x onerror=alert(1)>";

    @TempDir static Path dir;
    static UiServer server;
    static Browser browser;
    static Http http;

    @BeforeAll
    static void start() throws Exception {
        Browser.assumeInstalled();
        server = UiServer.start(dir.resolve("data"));
        http = new Http();
        browser = new Browser();
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) browser.close();
        if (http != null) http.close();
        if (server != null) server.close();
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
        Object wide = browser.js("const w = document.documentElement.clientWidth; return document.documentElement.scrollWidth <= w ? ''"
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
                .filter(c -> c.findElement(By.cssSelector(".item-name")).getText().equals(name))
                .findFirst().orElse(null));
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
            return found.isEmpty() || found.get(0).getText().isEmpty() ? null : found.get(0).getText();
        });
    }

    static String size(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    // ---- tests

    @Test
    void everyPageLoadsFromTheNavigationAndSaysWhatIsNotAvailableYet() throws Exception {
        importNzb(TestNzbs.film("pages", "Screenshot Film (2020)"));
        open("/library");
        heading("Library");
        card("Screenshot Film (2020)");
        browser.screenshot("library");
        String[][] pages = {{"search", "Search"}, {"streams", "Streams"}, {"settings", "Settings"}, {"health", "Health"},
                {"library", "Library"}};
        for (String[] page : pages) {
            browser.driver.findElement(By.cssSelector(".nav a[data-page='" + page[0] + "']")).click();
            WebElement h1 = heading(page[1]);
            assertEquals("page", browser.driver.findElement(By.cssSelector(".nav a[data-page='" + page[0] + "']"))
                    .getDomAttribute("aria-current"), page[0]);
            assertEquals(h1, browser.driver.switchTo().activeElement(), "focus moves to the new page's heading");
            assertEquals(page[1] + " · NZBMount", browser.driver.getTitle());
            if (!page[0].equals("library")) {
                assertEquals("Not available yet", text("main .panel h2"), page[0]);
                browser.screenshot(page[0]);
            }
        }
        open("/no/such/page");
        heading("Page not found");
    }

    @Test
    void darkColorSchemeFollowsTheSystem() throws Exception {
        importNzb(TestNzbs.film("dark", "Dark Mode Film"));
        browser.driver.executeCdpCommand("Emulation.setEmulatedMedia",
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
        browser.driver.findElement(By.id("import-file")).sendKeys(nzb.toAbsolutePath().toString());

        WebElement card = card("Uploaded Film (2021)");
        assertEquals("Imported as “Uploaded Film (2021)”", text("#import-status .upload-line.ok .upload-message"));
        assertEquals(true, browser.js("return window.samePage === true"), "no full reload");
        List<WebElement> facts = card.findElements(By.cssSelector(".facts dd"));
        assertEquals("1", facts.get(0).getText());
        assertEquals(size(FakeSizer.expectedSize(50)), facts.get(1).getText());
        assertEquals("Ready", card.findElement(By.cssSelector(".badge.state-ready")).getText());
        WebElement url = card.findElement(By.cssSelector(".dav-url"));
        assertEquals(server.origin() + "/dav/library/Uploaded%20Film%20%282021%29/movie.mkv", url.getText());

        card.findElement(By.cssSelector("button.copy")).click();
        browser.await(ExpectedConditions.textToBePresentInElement(card.findElement(By.cssSelector(".copy-status")), "Copied"));

        browser.driver.findElement(By.id("import-name")).sendKeys("Named By Hand");
        Path untitled = nzbFile("whatever.nzb", TestNzbs.film("named", null));
        browser.driver.findElement(By.id("import-file")).sendKeys(untitled.toAbsolutePath().toString());
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
    void releaseNamedLikeMarkupIsShownAsText() throws Exception {
        // Title and file name are markup; message ids are built from the safe name, as ids cannot hold '<'.
        byte[] nzb = new String(TestNzbs.nzb("xss", XSS, List.of(TestNzbs.file("film.mkv", 20, 740_000))), UTF_8)
                .replace("&quot;film.mkv&quot;", "&quot;&lt;img src=x onerror=alert(1)&gt;.mkv&quot;").getBytes(UTF_8);
        open("/library");
        heading("Library");
        browser.driver.findElement(By.id("import-file")).sendKeys(nzbFile("evil.nzb", nzb).toAbsolutePath().toString());
        WebElement line = browser.await(d -> d.findElements(By.cssSelector("#import-status .upload-line:not(.busy)"))
                .stream().findFirst().orElse(null));
        assertEquals("upload-line ok", line.getDomAttribute("class"), line.getText());
        line.findElement(By.tagName("a")).click();

        WebElement release = browser.await(d -> d.findElements(By.cssSelector(".source-primary dd")).stream()
                .findFirst().orElse(null));
        assertEquals(XSS, release.getText());
        browser.await(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".timeline .event-detail"),
                "Release: " + XSS));
        String fileName = server.catalog.items().stream().filter(v -> v.primary().releaseName().equals(XSS))
                .findFirst().orElseThrow().files().get(0).name();
        assertEquals(fileName, text("table.files .file-name"));
        browser.screenshot("item-markup-release");

        assertEquals(0L, browser.js("return document.querySelectorAll('img[src=\"x\"], main img').length"));
        assertThrows(NoAlertPresentException.class, () -> browser.driver.switchTo().alert());
        open("/library");
        heading("Library");
        assertThrows(NoAlertPresentException.class, () -> browser.driver.switchTo().alert());
        assertEquals(0L, browser.js("return document.querySelectorAll('main img').length"));
    }

    @Test
    void malformedNzbShowsTheServersMessageNextToTheUpload() throws Exception {
        byte[] bad = ("<?xml version=\"1.0\"?>\n<nzb xmlns=\"http://www.newzbin.com/DTD/2003/nzb\">\n"
                + " <file poster=\"p\" subject=\"s\">\n  <segments>\n   <segment bytes=\"10\" number=\"1\">a@b\n"
                + " </file>\n</nzb>\n").getBytes(UTF_8);
        HttpResponse<String> direct = http.send("POST", server.resolve("/api/nzbs"), bad, CsrfHandler.HEADER, "1");
        assertEquals(400, direct.statusCode());
        String expected = JSON.readTree(direct.body()).get("error").asText();
        assertTrue(expected.contains("line"), expected);

        open("/library");
        heading("Library");
        browser.driver.findElement(By.id("import-file")).sendKeys(nzbFile("Broken.nzb", bad).toAbsolutePath().toString());
        WebElement message = browser.await(d -> d.findElements(By.cssSelector("section.upload .upload-line.error .upload-message"))
                .stream().findFirst().orElse(null));
        assertEquals(expected, message.getText());
        assertEquals("alert", message.getDomAttribute("role"));
        assertEquals("Broken.nzb", browser.driver.findElement(By.cssSelector("section.upload .upload-line.error .upload-file")).getText());
        browser.screenshot("library-upload-error");
    }

    @Test
    void deleteAsksFirstThenRemovesTheItem() throws Exception {
        long id = importNzb(TestNzbs.film("del", "Film To Delete")).get("id").asLong();
        open("/library");
        card("Film To Delete").findElement(By.cssSelector("button.danger")).click();
        WebElement dialog = browser.driver.findElement(By.id("confirm"));
        browser.await(d -> dialog.getDomAttribute("open") != null);
        assertEquals("Delete “Film To Delete”?", dialog.findElement(By.tagName("h2")).getText());
        dialog.findElement(By.cssSelector("button[value='cancel']")).click();
        browser.await(d -> dialog.getDomAttribute("open") == null);
        assertTrue(hasCard("Film To Delete"));
        assertEquals(200, http.send("GET", server.resolve("/api/items/" + id), null).statusCode());

        WebElement card = card("Film To Delete");
        card.findElement(By.cssSelector("button.danger")).click();
        browser.await(d -> dialog.getDomAttribute("open") != null);
        browser.driver.findElement(By.id("confirm-ok")).click();
        browser.await(ExpectedConditions.stalenessOf(card));
        assertEquals("Deleted “Film To Delete”.", text(".page-notice"));
        assertEquals(404, http.send("GET", server.resolve("/api/items/" + id), null).statusCode());
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
        browser.driver.findElement(By.id("standby-file")).sendKeys(standby.toAbsolutePath().toString());
        assertEquals("Added as a standby of “Item Page Film”", text("#standby-status .upload-line.ok .upload-message"));
        assertEquals("Item Page Film (other release)", text("table.sources td.release"));
        assertEquals("Pending validation", text("table.sources .badge"));
        browser.await(d -> d.findElements(By.cssSelector(".timeline .event")).size() == 2);
        List<WebElement> kinds = browser.driver.findElements(By.cssSelector(".timeline .event-kind"));
        assertEquals("Standby added", kinds.get(0).getText());
        assertEquals("Imported", kinds.get(1).getText());
        assertTrue(browser.driver.findElements(By.cssSelector(".timeline .event-detail")).get(1).getText()
                .startsWith("Source: "), "detail is readable text");
        browser.screenshot("item");

        HttpResponse<String> full = http.send("POST", server.resolve("/api/nzbs?item=" + id + "&role=standby"),
                TestNzbs.film("main", "Item Page Film"), CsrfHandler.HEADER, "1");
        assertEquals(200, full.statusCode(), "the primary's own NZB is already a source");
    }

    @Test
    void missingItemSaysSoInsteadOfStayingEmpty() throws Exception {
        open("/items/987654");
        assertEquals("There is no item 987654 (it may have been deleted).", text(".page-error"));
        assertEquals("false", String.valueOf(browser.js("return !document.querySelector('.head-actions button').disabled")));
    }

    @Test
    void readableOnAPhoneWithoutSidewaysScrolling() throws Exception {
        long id = importNzb(TestNzbs.nzb("phone", "A Film With A Rather Long Name For A Small Screen (2019)",
                List.of(TestNzbs.file("A.Film.With.A.Rather.Long.Name.For.A.Small.Screen.2019.1080p.BluRay.x264-GROUP.mkv", 30, 740_000))))
                .get("id").asLong();
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

    @Test
    void apiRefusesAChangeWithoutTheUiHeaderEvenFromThePage() throws Exception {
        open("/library");
        heading("Library");
        @SuppressWarnings("unchecked")
        List<Object> answer = (List<Object>) browser.driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "fetch('/api/nzbs', {method: 'POST', body: 'x'})"
                        + ".then(r => r.json().then(j => done([r.status, j.error])), e => done([0, String(e)]));");
        assertEquals(403L, answer.get(0));
        assertTrue(String.valueOf(answer.get(1)).contains(CsrfHandler.HEADER), String.valueOf(answer.get(1)));
    }

    @Test
    void aPageOnAnotherOriginCannotImportThroughTheBrowser() throws Exception {
        // The classic forged form: enctype text/plain sends "name=value", so the NZB is split at
        // an '=' of its own XML and the browser puts it back together.
        String nzb = new String(TestNzbs.film("forged", "Forged Import"), UTF_8);
        int split = nzb.indexOf("<file poster") + "<file poster".length();
        String name = nzb.substring(0, split);
        String value = nzb.substring(split + 1);
        String page = "<!doctype html><title>elsewhere</title><form method=post enctype=text/plain action=\""
                + server.origin() + "/api/nzbs\"><input type=hidden name=\"" + attribute(name) + "\" value=\""
                + attribute(value) + "\"><button id=go>Win a prize</button></form>";
        try (OtherSite other = new OtherSite(page)) {
            browser.driver.get(other.origin() + "/");
            browser.driver.findElement(By.id("go")).click();
            browser.await(ExpectedConditions.textToBePresentInElementLocated(By.tagName("body"), "cross-origin request refused"));
        }
        assertTrue(server.catalog.itemByName("Forged Import").isEmpty(), "nothing was imported");
        HttpResponse<String> control = http.send("POST", server.resolve("/api/nzbs"),
                (name + "=" + value + "\r\n").getBytes(UTF_8), CsrfHandler.HEADER, "1", "Content-Type", "text/plain");
        assertEquals(201, control.statusCode(), "the forged body is a usable NZB: " + control.body());
    }

    @Test
    void loginIsRequiredWhenAuthIsOn() throws Exception {
        Credentials login = new Credentials("kodi", "pass word");
        String basic = "Basic " + Base64.getEncoder().encodeToString("kodi:pass word".getBytes(UTF_8));
        try (UiServer guarded = UiServer.startWithLogin(dir.resolve("login-data"), login)) {
            for (String path : List.of("/", "/index.html", "/app.js", "/api/items", "/dav/")) {
                HttpResponse<String> r = http.send("GET", guarded.resolve(path), null);
                assertEquals(401, r.statusCode(), path);
                assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm=\"NZBMount\""), path);
            }
            assertEquals(401, http.send("POST", guarded.resolve("/api/nzbs"), TestNzbs.film("login", "Behind Login"),
                    CsrfHandler.HEADER, "1").statusCode());
            assertEquals(200, http.send("GET", guarded.resolve("/"), null, "Authorization", basic).statusCode());
            assertEquals(201, http.send("POST", guarded.resolve("/api/nzbs"), TestNzbs.film("login", "Behind Login"),
                    CsrfHandler.HEADER, "1", "Authorization", basic).statusCode());

            browser.driver.get("about:blank");
            browser.driver.get(guarded.origin() + "/#/library");
            // Chromium holds the 401 for its login prompt: no page, no script, no API call.
            assertTrue(browser.driver.findElements(By.cssSelector("main")).isEmpty(), "no UI without login");

            browser.driver.get(guarded.origin().replace("http://", "http://kodi:pass%20word@") + "/#/library");
            heading("Library");
            card("Behind Login");
            assertEquals("", browser.driver.findElement(By.cssSelector(".page-error")).getText());
            Path nzb = nzbFile("Second.nzb", TestNzbs.film("login-2", "Uploaded Behind Login"));
            browser.driver.findElement(By.id("import-file")).sendKeys(nzb.toAbsolutePath().toString());
            card("Uploaded Behind Login");
            assertTrue(text("#import-status .upload-line.ok .upload-message").startsWith("Imported as"));
        }
    }

    static String attribute(String text) {
        return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** A page on another origin (another port of 127.0.0.1): what a malicious site would serve. */
    static final class OtherSite implements AutoCloseable {
        private final Server server = new Server();
        private final ServerConnector connector = new ServerConnector(server);

        OtherSite(String html) throws Exception {
            connector.setHost("127.0.0.1");
            connector.setPort(0);
            server.addConnector(connector);
            byte[] body = html.getBytes(UTF_8);
            server.setHandler(new Handler.Abstract() {
                @Override
                public boolean handle(Request request, Response response, Callback callback) {
                    response.getHeaders().put("Content-Type", "text/html; charset=utf-8");
                    response.write(true, ByteBuffer.wrap(body), callback);
                    return true;
                }
            });
            server.start();
        }

        String origin() {
            return "http://127.0.0.1:" + connector.getLocalPort();
        }

        @Override
        public void close() throws Exception {
            server.stop();
        }
    }
}
