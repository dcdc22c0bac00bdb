package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.TestNzbs;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * A page of an attacker, in a real headless chromium, tries to read and change NZBMount (no login,
 * on loopback, as it runs by default): from another origin with fetch and a form, and from its
 * own origin after its name was rebound to this machine. Each attempt must get nothing: no answer
 * to read, no item imported, the API key neither read nor replaced.
 */
class AttackerPageBrowserTest extends BrowserTestBase {

    /** Runs fetches in the current page: each entry becomes "status body" or "error ..." . */
    @SuppressWarnings("unchecked")
    static Map<String, String> fetches(String... calls) {
        StringBuilder script = new StringBuilder("const done = arguments[arguments.length - 1]; const out = {};"
                + "const run = (name, p) => p.then(r => r.text().then(t => { out[name] = r.status + ' ' + t; }),"
                + " e => { out[name] = 'error ' + e; });"
                + "Promise.all([");
        for (int i = 0; i < calls.length; i += 2) {
            script.append("run('")
                    .append(calls[i])
                    .append("', ")
                    .append(calls[i + 1])
                    .append("),");
        }
        script.append("]).then(() => done(out));");
        return (Map<String, String>) browser.driver.executeAsyncScript(script.toString());
    }

    static String nzbLiteral(String title) {
        return "'"
                + new String(TestNzbs.film("attack", title), UTF_8)
                        .replace("\\", "\\\\")
                        .replace("'", "\\'")
                        .replace("\n", "\\n")
                + "'";
    }

    @Test
    void aPageOnAnotherOriginCanNeitherReadNorChangeAnything() throws Exception {
        String key = server.apiKey.current();
        String target = server.origin();
        try (OtherSite other = new OtherSite("<!doctype html><title>elsewhere</title>")) {
            browser.driver.get(other.origin() + "/");
            Map<String, String> r = fetches(
                    "items", "fetch('" + target + "/api/items', {credentials: 'include'})",
                    "key", "fetch('" + target + "/api/settings/apikey', {headers: {'X-NZBMount-Request': '1'}})",
                    "blind",
                            "fetch('" + target + "/api/nzbs', {method: 'POST', mode: 'no-cors', body: "
                                    + nzbLiteral("Blind Import") + "})",
                    "header",
                            "fetch('" + target + "/api/nzbs', {method: 'POST', headers: {'X-NZBMount-Request': '1'},"
                                    + " body: " + nzbLiteral("Header Import") + "})",
                    "guessedKey",
                            "fetch('" + target + "/api/nzbs', {method: 'POST', headers: {'X-Api-Key': 'guess'},"
                                    + " body: " + nzbLiteral("Keyed Import") + "})",
                    "rotate", "fetch('" + target + "/api/settings/apikey', {method: 'POST', mode: 'no-cors'})");
            for (String read : List.of("items", "key", "header", "guessedKey")) {
                assertTrue(r.get(read).startsWith("error "), read + " must not be readable: " + r);
            }
            assertEquals("0 ", r.get("blind"), "an opaque answer: nothing to read " + r);
            assertEquals("0 ", r.get("rotate"), r.toString());
            // The browser logs each refusal; they are the point of the test, not script errors.
            List<String> logged = browser.driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                    .map(LogEntry::getMessage)
                    .filter(m -> !m.contains("Failed to load resource"))
                    .toList();
            for (String message : logged) {
                assertTrue(message.contains("has been blocked by CORS policy"), message);
            }
        }
        for (String title : List.of("Blind Import", "Header Import", "Keyed Import")) {
            assertTrue(server.catalog.itemByName(title).isEmpty(), title + " was imported");
        }
        assertEquals(key, server.apiKey.current(), "the key was not replaced");
    }

    @Test
    void aFormOnAnotherOriginCannotReplaceTheApiKey() throws Exception {
        String key = server.apiKey.current();
        String page = "<!doctype html><title>elsewhere</title><form method=post action=\"" + server.origin()
                + "/api/settings/apikey\"><button id=go>Win a prize</button></form>";
        try (OtherSite other = new OtherSite(page)) {
            browser.driver.get(other.origin() + "/");
            browser.driver.findElement(By.id("go")).click();
            browser.await(ExpectedConditions.textToBePresentInElementLocated(
                    By.tagName("body"), "cross-origin request refused"));
        }
        assertEquals(key, server.apiKey.current());
    }

    @Test
    void aReboundPageOfItsOwnOriginGetsNothing() throws Exception {
        String key = server.apiKey.current();
        int port = server.resolve("/").getPort();
        try (RebindingProxy evil = new RebindingProxy(port, "<!doctype html><title>rebound</title>")) {
            browser.driver.get(evil.origin() + "/attack");
            Map<String, String> r = rebound();
            for (String name : List.of("items", "key", "import", "dav", "ui")) {
                assertTrue(r.get(name).startsWith("403 "), name + ": " + r);
                assertTrue(r.get(name).contains("server.allowedHosts"), name + ": " + r);
                assertFalse(r.get(name).contains(key), r.toString());
            }
        }
        assertTrue(server.catalog.itemByName("Rebound Import").isEmpty());
        assertEquals(key, server.apiKey.current());
    }

    @Test
    void theSameReboundPageWouldReadTheKeyWereItsNameAllowed() throws Exception {
        // The control: proves the proxy and the page attack for real, so the refusal above is the Host check's.
        try (UiServer open = UiServer.start(dir.resolve("control"), List.of(RebindingProxy.NAME));
                RebindingProxy evil =
                        new RebindingProxy(open.resolve("/").getPort(), "<!doctype html><title>rebound</title>")) {
            browser.driver.get(evil.origin() + "/attack");
            Map<String, String> r = rebound();
            assertEquals("200 {\"apiKey\":\"" + open.apiKey.current() + "\"}", r.get("key"), r.toString());
            assertTrue(r.get("import").startsWith("201 "), r.toString());
            assertTrue(open.catalog.itemByName("Rebound Import").isPresent());
        }
    }

    private static Map<String, String> rebound() {
        return fetches(
                "items", "fetch('/api/items')",
                "key", "fetch('/api/settings/apikey', {headers: {'X-NZBMount-Request': '1'}})",
                "import",
                        "fetch('/api/nzbs', {method: 'POST', headers: {'X-NZBMount-Request': '1'}, body: "
                                + nzbLiteral("Rebound Import") + "})",
                "dav", "fetch('/dav/', {method: 'PROPFIND', headers: {'Depth': '1'}})",
                "ui", "fetch('/index.html')");
    }
}
