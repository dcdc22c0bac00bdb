package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless chromium driven through its own chromedriver, both at fixed paths: Selenium
 * is given the executables, so its manager never looks for or downloads a browser or driver.
 * A fresh profile under {@code target/} per instance, removed at close.
 */
final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of("target", "ui-screenshots");
    static final Dimension DESKTOP = new Dimension(1280, 900);
    static final Dimension PHONE = new Dimension(375, 812);

    final ChromeDriver driver;
    private final ChromeDriverService service;
    private final Path profile;

    /**
     * Skips the calling tests when chromium or chromedriver is missing on a developer machine;
     * fails them in CI (env CI set), where .ci/install-deps.sh installs both.
     */
    static void assumeInstalled() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER)) {
            return;
        }
        String missing = CHROMIUM + " and " + DRIVER
                + " are needed for the browser tests (Debian: apt-get install chromium chromium-driver)";
        if (System.getenv("CI") != null) {
            fail(missing);
        }
        Assumptions.abort(missing);
    }

    Browser() throws IOException {
        Files.createDirectories(Path.of("target"));
        profile = Files.createTempDirectory(Path.of("target"), "chromium-profile-");
        service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .withLogOutput(java.io.OutputStream.nullOutputStream())
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--lang=en-US",
                "--force-color-profile=srgb",
                "--user-data-dir=" + profile.toAbsolutePath(),
                // For RebindingProxy: the attacker's name points at this machine, as after a rebinding.
                "--host-resolver-rules=MAP " + RebindingProxy.NAME + " 127.0.0.1",
                "--window-size=" + DESKTOP.width + "," + DESKTOP.height);
        // An alert left open must not be dismissed silently: the XSS test looks for one.
        options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        try {
            driver = new ChromeDriver(service, options);
        } catch (RuntimeException e) {
            service.stop();
            deleteProfile();
            throw e;
        }
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
    }

    /**
     * Waits up to 10 s for {@code condition} to give something other than null or false. A
     * condition that meets an element the page has just replaced (pages re-render on polls and
     * live events) is asked again.
     */
    <T> T await(Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, Duration.ofSeconds(10), Duration.ofMillis(50))
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .until(condition);
    }

    Object js(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    void resize(Dimension size) {
        driver.manage().window().setSize(size);
    }

    /**
     * Saves a PNG of the whole page, beyond the window's height (at most 4000 CSS pixels), as
     * {@code target/ui-screenshots/NAME.png}. Uses chromedriver's pass-through of the DevTools
     * screenshot command, which needs no version-specific DevTools support in Selenium.
     */
    Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        Map<?, ?> content = (Map<?, ?>) metrics.get("cssContentSize");
        double height = Math.min(4000, ((Number) content.get("height")).doubleValue());
        // Captured beyond the viewport, the page is laid out without its scroll bar: the window's width.
        double width = ((Number) js("return window.innerWidth")).doubleValue();
        Map<String, Object> shot = driver.executeCdpCommand(
                "Page.captureScreenshot",
                Map.of(
                        "format",
                        "png",
                        "captureBeyondViewport",
                        true,
                        "clip",
                        Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1)));
        Path file = SCREENSHOTS.resolve(name + ".png");
        Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
        return file;
    }

    /**
     * Asserts the page logged no script error since the last call. Failed loads (the 4xx answers
     * the tests provoke) are logged by the browser as errors too; those are not script errors.
     */
    void assertNoScriptErrors() {
        List<String> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .filter(m -> !m.contains("Failed to load resource"))
                .toList();
        assertEquals(List.of(), errors, "script errors in the page");
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
            deleteProfile();
        }
    }

    private void deleteProfile() {
        try (Stream<Path> files = Files.walk(profile)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // chromium may still be writing its last files as it exits; target/ is cleaned by mvn clean.
        }
    }
}
