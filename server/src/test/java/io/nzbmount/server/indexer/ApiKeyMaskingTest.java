package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The API key is a secret. Every failure provoked in this package's tests is checked by
 * {@link Failing#expect}; these tests cover what is shown outside failures.
 */
class ApiKeyMaskingTest {

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(
            strings = {
                "https://idx.example/getnzb/abc.nzb&i=1&r=KEYVALUE",
                "https://idx.example/api?t=get&id=abc&apikey=KEYVALUE",
                "http://hydra:5076/getnzb/api/123456?apikey=KEYVALUE",
                "http://prowlarr:9696/1/download?apikey=KEYVALUE&link=xyz&file=Film"
            })
    void resultsNeverShowTheirLinkQuery(String link) {
        SearchResult r = new SearchResult("idx", "Film", link, link, 1, 1, List.of(), 1, "", "", Map.of());
        assertFalse(r.toString().contains("KEYVALUE"), r.toString());
        assertFalse(r.linkForDisplay().contains("KEYVALUE"), r.linkForDisplay());
        assertTrue(r.linkForDisplay().startsWith(link.substring(0, link.indexOf("/", 8))));
    }

    @Test
    void theRedactorMasksTheKeyAnywhereAndAnyApikeyParameter() {
        Redactor redactor = new Redactor("s3cr3tkey");
        assertEquals("a **** b", redactor.redact("a s3cr3tkey b"));
        assertEquals(
                "http://x/api?t=search&apikey=****&q=1", redactor.redact("http://x/api?t=search&apikey=otherkey&q=1"));
        assertEquals("http://x/getnzb/1.nzb&r=****", redactor.redact("http://x/getnzb/1.nzb&r=s3cr3tkey"));
    }

    @Test
    void theClientShowsItsUrlWithoutKey() throws Exception {
        String key = Failing.newKey();
        try (NewznabClient client = new NewznabClient(
                new io.nzbmount.config.IndexerSettings("idx", URI.create("http://127.0.0.1:1/"), key),
                ClientOptions.DEFAULTS)) {
            assertFalse(client.toString().contains(key));
            assertTrue(client.toString().contains("http://127.0.0.1:1/api"), client.toString());
        }
    }

    @Test
    void aKeyEchoedInAnErrorDescriptionIsMasked() throws Exception {
        String key = Failing.newKey();
        try (TestNewznabServer server = TestNewznabServer.start(key);
                NewznabClient client = new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS)) {
            server.failWith(100, "Incorrect user credentials: apikey " + key + " unknown");
            IndexerException e = Failing.expect(IndexerException.CredentialsRejected.class, client::caps);
            assertTrue(e.getMessage().contains("apikey **** unknown"), e.getMessage());
        }
    }

    @Test
    void failureMessagesShowTheRequestUrlWithTheKeyMasked() throws Exception {
        String key = Failing.newKey();
        try (TestNewznabServer server = TestNewznabServer.start(key);
                NewznabClient client = new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS)) {
            server.answerRaw(503, "text/html", "<html>busy</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            IndexerException e =
                    Failing.expect(IndexerException.Unavailable.class, () -> client.search(SearchQuery.text("film")));
            assertTrue(e.getMessage().contains("/api?t=search&q=film&apikey=****"), e.getMessage());
        }
    }
}
