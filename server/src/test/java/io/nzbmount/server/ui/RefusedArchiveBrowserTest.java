package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.RarBuilder;
import io.nzbmount.server.library.TestNzbs;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;

/** The item page's list of archives that cannot be played, with names an attacker chose. */
class RefusedArchiveBrowserTest extends BrowserTestBase {

    static final String MARKUP_NAME = "<img src=x onerror=alert(1)>.mkv";

    @Test
    void refusedArchiveIsListedWithItsReasonNextToTheItemAndItsMarkupNameIsText() throws Exception {
        byte[] extra = new byte[40_000];
        new Random(3).nextBytes(extra);
        List<ArchiveVolume> volumes = RarBuilder.rar5("Extras")
                .member(new RarBuilder.Entry(MARKUP_NAME, extra, true, false))
                .build();
        assertEquals(1, volumes.size());
        // The fake providers serve these bytes as the volume's start (zeros after them).
        server.sizer.heads.put(volumes.get(0).name(), volumes.get(0).bytes());
        long id = importNzb(TestNzbs.nzb(
                        "refused",
                        "Refused Extras Film (2019)",
                        List.of(
                                TestNzbs.file("film.mkv", 20, 740_000),
                                TestNzbs.file(volumes.get(0).name(), 1, 60_000))))
                .get("id")
                .asLong();
        HttpResponse<String> view = http.send("GET", server.resolve("/api/items/" + id), null);
        JsonNode refused = JSON.readTree(view.body()).get("refused");
        assertEquals(1, refused.size(), view.body());
        String message = refused.get(0).get("message").asText();
        assertTrue(message.contains(MARKUP_NAME) && message.contains("compressed"), message);

        open("/items/" + id);
        heading("Refused Extras Film (2019)");
        WebElement reason =
                browser.await(d -> d.findElements(By.cssSelector("main .refused:not([hidden]) li.reason")).stream()
                        .findFirst()
                        .orElse(null));
        assertEquals(message, reason.getText(), "the refusal, word for word, markup shown as text");
        assertEquals(
                "Not playable",
                browser.driver.findElement(By.cssSelector("main .refused h3")).getDomProperty("textContent"));
        assertEquals(
                1,
                browser.driver.findElements(By.cssSelector("main .refused li")).size());
        assertEquals("film.mkv", text("table.files .file-name"), "the playable file is listed beside it");
        browser.screenshot("item-refused-archive");

        assertEquals(0L, browser.js("return document.querySelectorAll('img[src=\"x\"], main img').length"));
        assertThrows(
                NoAlertPresentException.class, () -> browser.driver.switchTo().alert());
    }
}
