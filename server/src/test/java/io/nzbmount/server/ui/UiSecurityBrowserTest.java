package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.Credentials;
import io.nzbmount.server.library.TestNzbs;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The web UI's defences in a real headless chromium: attacker-controlled names stay text, a
 * change without the UI's header or from another site is refused, and nothing is shown without
 * login when auth is on.
 */
class UiSecurityBrowserTest extends BrowserTestBase {

    static final String XSS = "<img src=x onerror=alert(1)>";

    @Test
    void releaseNamedLikeMarkupIsShownAsText() throws Exception {
        // Title and file name are markup; message ids are built from the safe name, as ids cannot hold '<'.
        byte[] nzb = new String(TestNzbs.nzb("xss", XSS, List.of(TestNzbs.file("film.mkv", 20, 740_000))), UTF_8)
                .replace("&quot;film.mkv&quot;", "&quot;&lt;img src=x onerror=alert(1)&gt;.mkv&quot;")
                .getBytes(UTF_8);
        open("/library");
        heading("Library");
        browser.driver
                .findElement(By.id("import-file"))
                .sendKeys(nzbFile("evil.nzb", nzb).toAbsolutePath().toString());
        WebElement line =
                browser.await(d -> d.findElements(By.cssSelector("#import-status .upload-line:not(.busy)")).stream()
                        .findFirst()
                        .orElse(null));
        assertEquals("upload-line ok", line.getDomAttribute("class"), line.getText());
        line.findElement(By.tagName("a")).click();

        WebElement release = browser.await(d -> d.findElements(By.cssSelector(".source-primary dd")).stream()
                .findFirst()
                .orElse(null));
        assertEquals(XSS, release.getText());
        browser.await(ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector(".timeline .event-detail"), "Release: " + XSS));
        String fileName = server.catalog.items().stream()
                .filter(v -> v.primary().releaseName().equals(XSS))
                .findFirst()
                .orElseThrow()
                .files()
                .get(0)
                .name();
        assertEquals(fileName, text("table.files .file-name"));
        browser.screenshot("item-markup-release");

        assertEquals(0L, browser.js("return document.querySelectorAll('img[src=\"x\"], main img').length"));
        assertThrows(
                NoAlertPresentException.class, () -> browser.driver.switchTo().alert());
        open("/library");
        heading("Library");
        assertThrows(
                NoAlertPresentException.class, () -> browser.driver.switchTo().alert());
        assertEquals(0L, browser.js("return document.querySelectorAll('main img').length"));
    }

    @Test
    void apiRefusesAChangeWithoutTheUiHeaderEvenFromThePage() throws Exception {
        open("/library");
        heading("Library");
        @SuppressWarnings("unchecked")
        List<Object> answer =
                (List<Object>) browser.driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
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
            browser.await(ExpectedConditions.textToBePresentInElementLocated(
                    By.tagName("body"), "cross-origin request refused"));
        }
        assertTrue(server.catalog.itemByName("Forged Import").isEmpty(), "nothing was imported");
        HttpResponse<String> control = http.send(
                "POST",
                server.resolve("/api/nzbs"),
                (name + "=" + value + "\r\n").getBytes(UTF_8),
                CsrfHandler.HEADER,
                "1",
                "Content-Type",
                "text/plain");
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
                assertTrue(
                        r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm=\"NZBMount\""),
                        path);
            }
            assertEquals(
                    401,
                    http.send(
                                    "POST",
                                    guarded.resolve("/api/nzbs"),
                                    TestNzbs.film("login", "Behind Login"),
                                    CsrfHandler.HEADER,
                                    "1")
                            .statusCode());
            assertEquals(
                    200,
                    http.send("GET", guarded.resolve("/"), null, "Authorization", basic)
                            .statusCode());
            assertEquals(
                    201,
                    http.send(
                                    "POST",
                                    guarded.resolve("/api/nzbs"),
                                    TestNzbs.film("login", "Behind Login"),
                                    CsrfHandler.HEADER,
                                    "1",
                                    "Authorization",
                                    basic)
                            .statusCode());

            browser.driver.get("about:blank");
            browser.driver.get(guarded.origin() + "/#/library");
            // Chromium holds the 401 for its login prompt: no page, no script, no API call.
            assertTrue(browser.driver.findElements(By.cssSelector("main")).isEmpty(), "no UI without login");

            browser.driver.get(guarded.origin().replace("http://", "http://kodi:pass%20word@") + "/#/library");
            heading("Library");
            card("Behind Login");
            assertEquals(
                    "",
                    browser.driver.findElement(By.cssSelector(".page-error")).getText());
            Path nzb = nzbFile("Second.nzb", TestNzbs.film("login-2", "Uploaded Behind Login"));
            browser.driver
                    .findElement(By.id("import-file"))
                    .sendKeys(nzb.toAbsolutePath().toString());
            card("Uploaded Behind Login");
            assertTrue(text("#import-status .upload-line.ok .upload-message").startsWith("Imported as"));
        }
    }

    static String attribute(String text) {
        return text.replace("&", "&amp;")
                .replace("\"", "&quot;")
                .replace("<", "&lt;")
                .replace(">", "&gt;");
    }
}
