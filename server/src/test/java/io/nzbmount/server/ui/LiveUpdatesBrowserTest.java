package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * Live updates in a real headless chromium against the whole server: timeline events reach the
 * page over the event stream (GET /api/events/stream) as they are stored, and a browser without
 * EventSource still sees changes, by polling.
 */
class LiveUpdatesBrowserTest extends LiveBrowserTestBase {

    @Test
    void timelineEventsReachThePageOverTheEventStreamAsTheyHappen() throws Exception {
        open("/library");
        heading("Library");
        browser.await(d -> "on".equals(browser.js("return document.documentElement.dataset.live")) ? true : null);
        // The page's own module instance: what it hands to the pages, we collect.
        browser.js("window.seen = []; import('/live.js').then(m => m.onTimeline(e => window.seen.push(e)));");
        browser.await(d -> Boolean.TRUE.equals(browser.js("return Array.isArray(window.seen)")) ? true : null);

        JsonNode item =
                importNzb(server.post("tide.mkv", LiveServer.random(150_000, 41), 100_000, "Tide Table <b>bold</b>"));
        long id = item.get("id").asLong();
        Object kinds = awaitLong(d -> {
            Object k = browser.js("return window.seen.filter(e => e.item === " + id + ").map(e => e.kind)");
            return k instanceof List<?> list && !list.isEmpty() ? list : null;
        });
        assertTrue(((List<?>) kinds).contains("imported"), String.valueOf(kinds));
        browser.await(d -> d.findElements(By.cssSelector("li.item-card[data-id='" + id + "']"))
                        .isEmpty()
                ? null
                : true);
        assertEquals(0L, browser.js("return document.querySelectorAll('main b').length"), "names stay text");
    }

    @Test
    void aPageLeftBehindClosesItsStreamAndReopensItWhenShownAgain() throws Exception {
        // A browser opens at most 6 connections to one server: pages kept in the back/forward
        // cache, or tabs in the background, that held their streams would take them all.
        open("/library");
        heading("Library");
        browser.await(d -> "on".equals(live()) ? true : null);
        browser.js("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))");
        assertEquals("off", live());
        assertEquals(false, connected());
        browser.js("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))");
        browser.await(d -> "on".equals(live()) ? true : null);

        for (int i = 0; i < 8; i++) {
            open(i % 2 == 0 ? "/streams" : "/library");
            heading(i % 2 == 0 ? "Streams" : "Library");
            browser.await(d -> "on".equals(live()) ? true : null);
        }
        Object probe = browser.driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "const t = setTimeout(() => done('still waiting after 20 s'), 20000);"
                        + "fetch('/api/items').then(r => { clearTimeout(t); done('status ' + r.status); }, e => done('failed: ' + e));");
        assertEquals("status 200", probe, "requests still get a connection after many page loads");
    }

    private Object live() {
        return browser.js("return document.documentElement.dataset.live || null");
    }

    private Object connected() {
        return browser.driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "import('/live.js').then(m => done(m.liveConnected()), e => done('import failed: ' + e));");
    }

    @Test
    void withoutEventSourceTheLibraryStillUpdatesByPolling() throws Exception {
        String id = browser.driver
                .executeCdpCommand(
                        "Page.addScriptToEvaluateOnNewDocument", Map.of("source", "delete window.EventSource;"))
                .get("identifier")
                .toString();
        try {
            open("/library");
            heading("Library");
            assertEquals("undefined", browser.js("return typeof EventSource"));
            JsonNode item = importNzb(server.post("pond.mkv", LiveServer.random(120_000, 42), 100_000, "Mill Pond"));
            awaitLong(d -> d.findElements(By.cssSelector(
                                    "li.item-card[data-id='" + item.get("id").asLong() + "']"))
                            .isEmpty()
                    ? null
                    : true);
            assertEquals(null, browser.js("return document.documentElement.dataset.live || null"));
        } finally {
            browser.driver.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", id));
        }
    }
}
