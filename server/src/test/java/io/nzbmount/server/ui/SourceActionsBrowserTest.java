package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The item's source actions (make primary, remove a standby) and the stream notices, against the
 * whole server in demo mode: a cutover after a simulated failure during a slow GET, and "no stable
 * source" when an item without standbys fails. Standbys are second postings of the same bytes on
 * the embedded NNTP server, so they are proved for real.
 */
@LiveBrowserTestBase.DemoMode
class SourceActionsBrowserTest extends LiveBrowserTestBase {

    private static final String XSS = "<img src=x onerror=alert(1)>";
    // Large enough that the server cannot have sent it all into socket buffers while the client pauses.
    private static final int FILM_SIZE = 12_000_000;
    private static final int PART = 200_000;
    private static HttpClient slow;

    @BeforeAll
    static void startSlowClient() {
        slow = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void closeSlowClient() {
        if (slow != null) slow.close();
    }

    /** Imports {@code data} as an item and a second posting as a standby named {@code standbyTitle}; waits until it is verified. */
    private JsonNode filmWithStandby(String name, byte[] data, String standbyTitle) throws Exception {
        JsonNode item = importNzb(server.post(name + ".mkv", data, PART, name));
        long id = item.get("id").asLong();
        var r = http.send(
                "POST",
                server.resolve("/api/nzbs?item=" + id + "&role=standby"),
                server.post(name + ".mkv", data, PART + 50_000, standbyTitle),
                CsrfHandler.HEADER,
                "1");
        assertEquals(201, r.statusCode(), r.body());
        return awaitVerified(id, 1);
    }

    private JsonNode awaitVerified(long id, int count) throws Exception {
        try {
            return poolVerified(id, count);
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError(
                    "no verified standby: "
                            + http.send("GET", server.resolve("/api/items/" + id), null)
                                    .body(),
                    e);
        }
    }

    // Proofs run at the service's pace (a sample every 200 ms) on a machine shared with other work: up to 90 s.
    private JsonNode poolVerified(long id, int count) {
        return new org.openqa.selenium.support.ui.WebDriverWait(
                        browser.driver, Duration.ofSeconds(90), Duration.ofMillis(250))
                .until(d -> {
                    try {
                        JsonNode item = JSON.readTree(http.send("GET", server.resolve("/api/items/" + id), null)
                                .body());
                        long verified = 0;
                        for (JsonNode s : item.get("standby"))
                            if (s.get("state").asText().equals("validated")) verified++;
                        return verified >= count ? item : null;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    @Test
    void makingAVerifiedStandbyPrimaryShowsItAsTheUsersChoiceAndRemoveTakesAStandbyOut() throws Exception {
        byte[] data = LiveServer.random(3_000_000, 21);
        JsonNode item = filmWithStandby("Harbour Lights", data, "Harbour.Lights.REPOST");
        long id = item.get("id").asLong();
        open("/items/" + id);
        heading("Harbour Lights");
        WebElement make = browser.await(d -> first(d.findElements(By.cssSelector("tr.standby button.make-primary"))));
        make.click();
        awaitLong(d -> {
            String facts = d.findElement(By.cssSelector(".source-primary")).getText();
            return facts.contains("Harbour.Lights.REPOST") && facts.contains("By you") ? facts : null;
        });
        WebElement oldPrimary = browser.await(d -> first(d.findElements(By.cssSelector("tr.standby"))));
        assertTrue(oldPrimary.getText().contains("Harbour Lights"), oldPrimary.getText());
        JsonNode stored = JSON.readTree(
                http.send("GET", server.resolve("/api/items/" + id), null).body());
        assertTrue(stored.get("primaryChosenByUser").asBoolean());
        assertEquals(
                "Harbour.Lights.REPOST", stored.get("primary").get("release").asText());

        oldPrimary.findElement(By.cssSelector("button.remove-standby")).click();
        browser.await(d -> d.findElement(By.id("confirm")).isDisplayed() ? true : null);
        browser.driver.findElement(By.id("confirm-ok")).click();
        browser.await(d -> d.findElements(By.cssSelector("tr.standby")).isEmpty() ? true : null);
        String others = text(".others");
        assertTrue(others.contains("removed from the pool"), others);

        // A refusal shows next to the button that caused it: without indexers there is nothing to search.
        browser.driver.findElement(By.xpath("//button[text()='Search again']")).click();
        String message = text(".sources-head .action-message");
        assertTrue(
                message.contains("Search failed") && message.contains("no indexer") || message.contains("Searching"),
                message);
    }

    @Test
    void aSimulatedFailureDuringPlaybackShowsTheCutoverNoticeWithTheReleaseAsText() throws Exception {
        byte[] data = LiveServer.random(FILM_SIZE, 22);
        JsonNode item = filmWithStandby("Night Ferry", data, XSS);
        long id = item.get("id").asLong();
        open("/items/" + id);
        heading("Night Ferry");
        SlowGet get = SlowGet.start(
                server.origin() + item.get("files").get(0).get("path").asText());
        try {
            get.awaitStarted();
            WebElement simulate =
                    awaitLong(d -> visible(d.findElements(By.xpath("//button[text()='Simulate failure']"))));
            assertEquals("Playing", text(".page-head .activity-playing"));
            simulate.click();
        } finally {
            get.release();
        }
        assertArrayEquals(data, get.body(), "the response after the cutover has the original bytes");
        WebElement notice = awaitLong(d -> first(d.findElements(By.cssSelector(".notices .notice-cutover"))));
        String said = notice.getText();
        assertTrue(said.startsWith("Switched to a standby: " + XSS + " at "), said);
        assertTrue(said.matches("(?s).* at [0-9.]+% of the file.*"), said);
        assertEquals(0L, browser.js("return document.querySelectorAll('.notices img').length"));
        browser.screenshot("notice-cutover");
        awaitLong(
                d -> d.findElements(By.cssSelector(".notices .notice-cutover")).isEmpty() ? true : null);
    }

    @Test
    void withoutAStandbyAFailedStreamLeavesANoticeUntilDismissedOrPlaybackRecovers() throws Exception {
        byte[] data = LiveServer.random(FILM_SIZE, 23);
        JsonNode item = importNzb(server.post("lone.mkv", data, PART, "Lone Lighthouse"));
        long id = item.get("id").asLong();
        String url = server.origin() + item.get("files").get(0).get("path").asText();
        open("/library");
        heading("Library");
        failWhilePlaying(url, "li.item-card[data-id='" + id + "'] button.simulate");

        WebElement notice = awaitLong(d -> first(d.findElements(By.cssSelector(".notices .notice-no-source"))));
        assertTrue(notice.getText().contains("Lone Lighthouse"), notice.getText());
        assertTrue(notice.getText().contains("No stable source is available right now."), notice.getText());
        assertEquals(
                "#/items/" + id,
                notice.findElement(By.linkText("Pick another release"))
                        .getAttribute("href")
                        .replaceFirst("^[^#]*", ""));
        assertEquals("No stable source", text("li.item-card[data-id='" + id + "'] .activity-no-source"));
        TimeUnit.SECONDS.sleep(9);
        assertEquals(
                1,
                browser.driver
                        .findElements(By.cssSelector(".notices .notice-no-source"))
                        .size(),
                "the notice stays past the time a cutover notice goes");
        browser.screenshot("notice-no-source");

        // A later stream that reads bytes closes it by itself.
        SlowGet again = SlowGet.start(url);
        try {
            again.awaitStarted();
            awaitLong(d ->
                    d.findElements(By.cssSelector(".notices .notice-no-source")).isEmpty() ? true : null);
        } finally {
            again.release();
        }
        assertArrayEquals(data, again.body());

        failWhilePlaying(url, "li.item-card[data-id='" + id + "'] button.simulate");
        WebElement second = awaitLong(d -> first(d.findElements(By.cssSelector(".notices .notice-no-source"))));
        second.findElement(By.xpath(".//button[text()='Dismiss']")).click();
        assertTrue(browser.driver
                .findElements(By.cssSelector(".notices .notice-no-source"))
                .isEmpty());
    }

    /** Opens a slow GET, presses the card's "Simulate failure" while it plays, and lets the response end. */
    private void failWhilePlaying(String url, String buttonCss) throws Exception {
        SlowGet get = SlowGet.start(url);
        try {
            get.awaitStarted();
            awaitLong(d -> visible(d.findElements(By.cssSelector(buttonCss)))).click();
        } finally {
            get.release();
        }
        assertFalse(get.complete(), "the response ended early: no source could serve the rest");
    }

    private static WebElement first(List<WebElement> found) {
        return found.isEmpty() ? null : found.get(0);
    }

    private static WebElement visible(List<WebElement> found) {
        return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
    }

    /** A GET that reads its first 64 KiB and then waits, as a paused player does, until released. */
    private static final class SlowGet {
        private final CountDownLatch started = new CountDownLatch(1);
        private final CountDownLatch go = new CountDownLatch(1);
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final CompletableFuture<Boolean> done = new CompletableFuture<>();
        private long expected = -1;

        static SlowGet start(String url) {
            SlowGet get = new SlowGet();
            Thread.ofVirtual().start(() -> get.run(url));
            return get;
        }

        private void run(String url) {
            try {
                HttpResponse<InputStream> r = slow.send(
                        HttpRequest.newBuilder(java.net.URI.create(url)).GET().build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                expected = r.headers().firstValueAsLong("Content-Length").orElse(-1);
                try (InputStream in = r.body()) {
                    body.write(in.readNBytes(64 * 1024));
                    started.countDown();
                    go.await(60, TimeUnit.SECONDS);
                    byte[] buffer = new byte[64 * 1024];
                    for (int n; (n = in.read(buffer)) > 0; ) body.write(buffer, 0, n);
                }
                done.complete(body.size() == expected);
            } catch (IOException e) {
                done.complete(false);
            } catch (Exception e) {
                done.completeExceptionally(e);
            } finally {
                started.countDown();
            }
        }

        void awaitStarted() throws InterruptedException {
            assertTrue(started.await(20, TimeUnit.SECONDS), "the GET delivered its first bytes");
        }

        void release() {
            go.countDown();
        }

        boolean complete() throws Exception {
            return done.get(60, TimeUnit.SECONDS);
        }

        byte[] body() throws Exception {
            assertTrue(complete(), "the whole response arrived");
            return body.toByteArray();
        }
    }
}
