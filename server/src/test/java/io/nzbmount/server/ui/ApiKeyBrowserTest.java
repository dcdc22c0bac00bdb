package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** The settings page shows the API key only when asked, and replaces it. */
class ApiKeyBrowserTest extends BrowserTestBase {

    @Test
    void theKeyIsHiddenUntilShownAndCanBeReplaced() throws Exception {
        open("/settings");
        heading("Settings");
        WebElement value = browser.await(
                d -> d.findElements(By.id("apikey-value")).stream().findFirst().orElse(null));
        assertEquals("", value.getDomProperty("value"), "not in the page before it is asked for");
        assertTrue(!browser.driver.getPageSource().contains(server.apiKey.current()));

        browser.driver.findElement(By.id("apikey-show")).click();
        String shown = browser.await(d -> {
            String v = value.getDomProperty("value");
            return v == null || v.isEmpty() ? null : v;
        });
        assertEquals(server.apiKey.current(), shown);
        browser.screenshot("settings-apikey");

        browser.driver.findElement(By.id("apikey-rotate")).click();
        String replaced = browser.await(d -> {
            String v = value.getDomProperty("value");
            return v == null || v.equals(shown) ? null : v;
        });
        assertNotEquals(shown, replaced);
        assertEquals(server.apiKey.current(), replaced);
        assertTrue(text("#apikey-status").startsWith("Replaced"), text("#apikey-status"));
    }
}
