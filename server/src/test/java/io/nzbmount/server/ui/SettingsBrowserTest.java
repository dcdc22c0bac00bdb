package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.server.dav.DavHandlers;
import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.http.WebServer;
import io.nzbmount.server.settings.IndexerTester;
import io.nzbmount.server.settings.ProviderTester;
import io.nzbmount.server.settings.SettingsHandler;
import io.nzbmount.server.settings.SettingsService;
import io.nzbmount.server.store.Database;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The settings page in a real headless chromium against the real settings API (SQLite, the
 * embedded NNTP server as the provider): saving and persisting across a server restart, a field
 * message next to its field, a connection test, write-only passwords, an attacker's name as text.
 * Screenshots go to target/ui-screenshots/settings*.png.
 */
class SettingsBrowserTest {

    static final String NNTP_USER = "reader";
    static final String NNTP_PASSWORD = "nntp-Secret-77q";
    static final String HOSTILE = "<img src=x onerror=alert(1)>";

    @TempDir
    static Path dir;

    static EmbeddedNntpServer nntp;
    static Browser browser;
    static String file;
    Path dataDir;
    Server server;

    /** The settings API and the UI over one data directory, as the application mounts them. */
    static final class Server implements AutoCloseable {
        final Database db;
        final SettingsService settings;
        final WebServer web;
        /** The fallback settings last applied to the running server, as the application applies them. */
        final java.util.concurrent.atomic.AtomicReference<io.nzbmount.config.FallbackSettings> applied =
                new java.util.concurrent.atomic.AtomicReference<>();

        Server(Path dataDir, String yaml, int port) throws Exception {
            Settings fromFile = ConfigLoader.fromText(yaml, "nzbmount.yaml", Map.of());
            db = Database.open(dataDir);
            settings = SettingsService.open(db, fromFile, Map.of());
            settings.addListener(change -> {
                if (change.fallbackChanged()) applied.set(change.after().fallback());
            });
            settings.appliesLive("fallback");
            Library noFiles = segments -> Optional.<LibraryNode>empty();
            web = WebServer.builder()
                    .route(DavHandlers.PATH_SPEC, DavHandlers.of(noFiles, null))
                    .port(port)
                    .route(
                            "/api/*",
                            new CsrfHandler(new SettingsHandler(
                                    settings, new ProviderTester(Duration.ofSeconds(5), null), new IndexerTester())))
                    .route("/", new UiHandler())
                    .build();
            web.start();
        }

        String origin() {
            String uri = web.uri().toString();
            return uri.substring(0, uri.length() - 1);
        }

        @Override
        public void close() throws Exception {
            try {
                web.stop();
            } finally {
                db.close();
            }
        }
    }

    @BeforeAll
    static void startAll() throws Exception {
        Browser.assumeInstalled();
        nntp = EmbeddedNntpServer.builder()
                .credentials(NNTP_USER, NNTP_PASSWORD)
                .start();
        file = """
                providers:
                  - name: "%s"
                    host: %s
                    port: %d
                    username: %s
                    password: %s
                    connections: 4
                fallback:
                  maxStandby: 5
                  submitDelaySeconds: 120
                """.formatted(HOSTILE, nntp.host(), nntp.port(), NNTP_USER, NNTP_PASSWORD);
        browser = new Browser();
    }

    @AfterAll
    static void stopAll() {
        if (browser != null) browser.close();
        if (nntp != null) nntp.close();
        browser = null;
        nntp = null;
    }

    @BeforeEach
    void startServer() throws Exception {
        dataDir = dir.resolve("data-" + System.nanoTime());
        server = new Server(dataDir, file, 0);
    }

    @AfterEach
    void stopServer() throws Exception {
        browser.assertNoScriptErrors();
        browser.resize(Browser.DESKTOP);
        if (server != null) server.close();
    }

    void openSettings() {
        browser.driver.get("about:blank");
        browser.driver.get(server.origin() + "/#/settings");
        browser.await(d -> d.findElements(By.id("settings-form")).isEmpty() ? null : true);
    }

    WebElement input(String id) {
        return browser.driver.findElement(By.id(id));
    }

    /** The first provider card's input for {@code key} (ids carry a running number). */
    WebElement providerInput(String key) {
        return browser.driver.findElement(By.cssSelector("#provider-list fieldset input[id$='-" + key + "']"));
    }

    void type(WebElement input, String text) {
        input.clear();
        input.sendKeys(text);
    }

    /** The save notice once saving is over (read by script: a successful save renders the form anew). */
    String notice() {
        return browser.await(d -> {
            Object t =
                    browser.js("const n = document.getElementById('settings-notice'); return n ? n.textContent : ''");
            return t == null || t.toString().isEmpty() || t.equals("Saving…") ? null : t.toString();
        });
    }

    /** A whole-page screenshot taken from the top (the sticky header stays at the top of the picture). */
    void screenshot(String name) throws Exception {
        browser.js("window.scrollTo(0, 0)");
        browser.screenshot(name);
    }

    /** Clicks like a user who scrolled the control into the middle of the window first. */
    void click(WebElement element) {
        browser.js("arguments[0].scrollIntoView({block: 'center'})", element);
        element.click();
    }

    @Test
    void changedStandbyCountAndDelayApplyAtOnceAndPersistAfterARestart() throws Exception {
        openSettings();
        screenshot("settings-form");
        assertEquals(
                "Applies at once",
                browser.driver
                        .findElement(By.cssSelector("#section-fallback .applies-now"))
                        .getText());
        assertEquals(
                "Applies after restart",
                browser.driver
                        .findElement(By.cssSelector("#section-providers .applies-later"))
                        .getText());
        assertEquals("5", input("fallback-maxStandby").getDomProperty("value"));
        type(input("fallback-maxStandby"), "2");
        type(input("fallback-submitDelaySeconds"), "45");
        click(input("settings-save"));
        assertEquals("Saved. NZBMount already runs with these settings.", notice());
        assertEquals(2, server.applied.get().maxStandby(), "applied to the running server");
        assertEquals(45, server.applied.get().submitDelaySeconds());
        assertFalse(browser.driver
                .findElement(By.cssSelector("#section-fallback .badge.restart"))
                .isDisplayed());
        assertEquals(input("settings-save"), browser.driver.switchTo().activeElement(), "focus stays on Save");
        screenshot("settings-saved");

        int port = server.web.port();
        server.close();
        server = null;
        server = new Server(dataDir, file, port);
        browser.driver.navigate().refresh();
        browser.await(d -> d.findElements(By.id("settings-form")).isEmpty() ? null : true);
        assertEquals("2", input("fallback-maxStandby").getDomProperty("value"));
        assertEquals("45", input("fallback-submitDelaySeconds").getDomProperty("value"));
        assertEquals(2, server.settings.current().fallback().maxStandby());
    }

    @Test
    void anInvalidPortIsExplainedNextToThePortFieldAndNothingIsSaved() throws Exception {
        openSettings();
        WebElement port = providerInput("port");
        type(port, "70000");
        click(input("settings-save"));
        // The port and, as another port is another destination, the saved password (type it again).
        assertTrue(notice().startsWith("Not saved: 2 settings need fixing"), notice());
        String errorId = port.getDomAttribute("id") + "-error";
        WebElement message = browser.await(d -> {
            WebElement e = d.findElement(By.id(errorId));
            return e.getText().isEmpty() ? null : e;
        });
        assertEquals("must be between 1 and 65535, got 70000", message.getText());
        assertTrue(
                Arrays.asList(port.getDomAttribute("aria-describedby").split(" "))
                        .contains(errorId),
                "the message is linked to the field");
        assertEquals("true", port.getDomAttribute("aria-invalid"));
        assertEquals(port, browser.driver.switchTo().activeElement(), "focus goes to the first wrong field");
        assertEquals(nntp.port(), server.settings.current().providers().get(0).port());
        screenshot("settings-invalid");

        type(port, String.valueOf(nntp.port()));
        click(input("settings-save"));
        assertTrue(notice().startsWith("Saved."), notice());
        assertNull(browser.driver
                .findElement(By.cssSelector("#provider-list input[id$='-port']"))
                .getDomAttribute("aria-invalid"));
    }

    @Test
    void testConnectionShowsTheGreetingLoginAndRoundTrip() throws Exception {
        openSettings();
        click(browser.driver.findElement(By.cssSelector("#provider-list button[id$='-test-button']")));
        WebElement result = browser.await(d -> {
            WebElement r = d.findElement(By.cssSelector("#provider-list .test-result"));
            return r.getDomAttribute("class").contains("ok") ? r : null;
        });
        String text = result.getText();
        assertTrue(text.contains("200 NZBMount embedded server ready, posting allowed"), text);
        assertTrue(text.contains("accepted (281 authentication accepted)"), text);
        assertTrue(text.matches("(?s).*Round trip\\s*(< )?\\d+ ms.*"), text);
        assertTrue(text.contains("TLS\nno") || text.matches("(?s).*TLS\\s+no.*"), text);
        screenshot("settings-test");

        nntp.faults().rejectCredentials(true);
        try {
            click(browser.driver.findElement(By.cssSelector("#provider-list button[id$='-test-button']")));
            WebElement failed = browser.await(d -> {
                WebElement r = d.findElement(By.cssSelector("#provider-list .test-result"));
                return r.getDomAttribute("class").contains("error") ? r : null;
            });
            assertTrue(failed.getText().contains("rejected"), failed.getText());
        } finally {
            nntp.faults().rejectCredentials(false);
        }
    }

    @Test
    void thePasswordFieldNeverShowsTheStoredPasswordAndEmptyKeepsIt() throws Exception {
        openSettings();
        WebElement password = providerInput("password");
        assertEquals("password", password.getDomAttribute("type"));
        assertEquals("", password.getDomProperty("value"));
        assertFalse(browser.driver.getPageSource().contains(NNTP_PASSWORD));
        String stateId = password.getDomAttribute("id") + "-state";
        assertEquals("set", input(stateId).getText());
        assertTrue(password.getDomAttribute("aria-describedby").contains(stateId));

        type(providerInput("connections"), "6");
        click(input("settings-save"));
        assertTrue(notice().startsWith("Saved. Restart NZBMount to apply: providers."), notice());
        assertEquals(
                NNTP_PASSWORD,
                server.settings
                        .current()
                        .providers()
                        .get(0)
                        .credentials()
                        .orElseThrow()
                        .password());
        assertEquals("", providerInput("password").getDomProperty("value"));
        assertFalse(browser.driver.getPageSource().contains(NNTP_PASSWORD));
        assertTrue(browser.driver
                .findElement(By.cssSelector("#section-providers .badge.restart"))
                .isDisplayed());
    }

    @Test
    void aProviderNamedLikeMarkupShowsAsTextAndThePhoneLayoutFits() throws Exception {
        openSettings();
        WebElement title = browser.driver.findElement(By.cssSelector("#provider-list fieldset h3"));
        assertEquals(HOSTILE, title.getText());
        assertTrue(browser.driver
                .findElements(By.cssSelector("#provider-list img"))
                .isEmpty());
        assertEquals(HOSTILE, providerInput("name").getDomProperty("value"));

        browser.resize(Browser.PHONE);
        Object wide = browser.js(
                "const w = document.documentElement.clientWidth; return document.documentElement.scrollWidth <= w ? ''"
                        + " : [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w)"
                        + ".map(e => e.tagName + '.' + e.className).join(', ')");
        assertEquals("", wide, "wider than the phone");
        screenshot("settings-phone");
    }

    @Test
    void everyControlHasALabel() {
        openSettings();
        click(browser.driver.findElement(By.id("add-provider")));
        click(browser.driver.findElement(By.id("add-indexer")));
        List<String> unlabelled = browser.driver.findElements(By.cssSelector("#settings-form input")).stream()
                .filter(i -> browser.driver
                        .findElements(By.cssSelector("label[for='" + i.getDomAttribute("id") + "']"))
                        .isEmpty())
                .map(i -> i.getDomAttribute("id"))
                .toList();
        assertEquals(List.of(), unlabelled);
        assertEquals(
                "url",
                browser.driver.switchTo().activeElement().getDomAttribute("type"),
                "a new indexer's URL has focus");
    }
}
