package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answers are hostile input: no DTD, no entity of any kind, nothing fetched or read from disk. */
class HostileXmlTest {

    @TempDir
    Path dir;

    @Test
    void anExternalEntityIsRefusedAndTheFileIsNotRead() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "MARKER-OF-A-LOCAL-FILE");
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM \"" + secret.toUri() + "\">]>"
                + "<rss><channel><item><title>&xxe;</title><link>http://i/x</link></item></channel></rss>";
        UnreadableAnswer e =
                assertThrows(UnreadableAnswer.class, () -> AnswerParser.parse(xml.getBytes(StandardCharsets.UTF_8)));
        assertFalse(e.getMessage().contains("MARKER"), e.getMessage());
    }

    @Test
    void entityExpansionIsRefused() {
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>"
                + "<rss><channel><item><title>&lol3;</title><link>http://i/x</link></item></channel></rss>";
        assertThrows(UnreadableAnswer.class, () -> AnswerParser.parse(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void anExternalDtdIsNeverFetched() throws Exception {
        try (TestNewznabServer bait = TestNewznabServer.start(Failing.newKey())) {
            String xml = "<?xml version=\"1.0\"?><!DOCTYPE rss SYSTEM \"" + bait.url() + "evil.dtd\">"
                    + "<rss><channel></channel></rss>";
            UnreadableAnswer e = assertThrows(
                    UnreadableAnswer.class, () -> AnswerParser.parse(xml.getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().contains("document type declaration"), e.getMessage());
            assertEquals(0, bait.requests().size(), "the DTD URL was requested");
        }
    }

    @Test
    void aHostileAnswerFromAnIndexerIsAMalformedAnswer() throws Exception {
        String key = Failing.newKey();
        try (TestNewznabServer server = TestNewznabServer.start(key);
                NewznabClient client = new NewznabClient(server.settings("evil"), ClientOptions.DEFAULTS)) {
            server.answerRaw(
                    200,
                    "application/rss+xml",
                    ("<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY x \"y\">]>"
                                    + "<rss><channel><item><title>&x;</title><link>http://i/x</link></item></channel></rss>")
                            .getBytes(StandardCharsets.UTF_8));
            Failing.expect(IndexerException.MalformedAnswer.class, () -> client.search(SearchQuery.text("x")));
        }
    }
}
