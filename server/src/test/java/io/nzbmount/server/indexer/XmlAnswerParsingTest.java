package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class XmlAnswerParsingTest {

    private static SearchPage page(String xml) throws UnreadableAnswer {
        return FeedReader.searchPage(AnswerParser.parse(xml.getBytes(StandardCharsets.UTF_8)), "idx");
    }

    private static String feed(String items) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
                + "xmlns:newznab=\"http://www.newznab.com/DTD/2010/feeds/attributes/\"><channel><title>x</title>"
                + "<newznab:response offset=\"50\" total=\"1234\"/>" + items + "</channel></rss>";
    }

    @Test
    void everyFieldOfAStandardItemIsRead() throws Exception {
        SearchPage page = page(feed("""
                <item>
                  <title>Big.Buck.Bunny.2008.1080p.BluRay.x264-GRP</title>
                  <guid isPermaLink="true">https://idx.example/details/abc123</guid>
                  <link>https://idx.example/getnzb/abc123.nzb&amp;i=1&amp;r=SECRET</link>
                  <pubDate>Tue, 02 Jan 2024 04:04:05 +0000</pubDate>
                  <category>Movies &gt; HD</category>
                  <enclosure url="https://idx.example/getnzb/abc123.nzb&amp;i=1&amp;r=SECRET" length="999" type="application/x-nzb"/>
                  <newznab:attr name="category" value="2000"/>
                  <newznab:attr name="category" value="2040"/>
                  <newznab:attr name="size" value="8589934592"/>
                  <newznab:attr name="grabs" value="42"/>
                  <newznab:attr name="usenetdate" value="Tue, 02 Jan 2024 03:04:05 +0000"/>
                  <newznab:attr name="group" value="alt.binaries.movies"/>
                  <newznab:attr name="poster" value="someone@example.invalid"/>
                  <newznab:attr name="imdb" value="1254207"/>
                </item>"""));
        assertEquals(50, page.offset());
        assertEquals(1234, page.total());
        SearchResult r = page.results().getFirst();
        assertEquals("idx", r.indexer());
        assertEquals("Big.Buck.Bunny.2008.1080p.BluRay.x264-GRP", r.title());
        assertEquals("https://idx.example/details/abc123", r.guid());
        assertEquals("https://idx.example/getnzb/abc123.nzb&i=1&r=SECRET", r.link());
        assertEquals(8589934592L, r.size(), "the size attribute wins over the enclosure length");
        assertEquals(1704164645L, r.postDate(), "usenetdate wins over pubDate");
        assertEquals(List.of(2000, 2040), r.categories());
        assertEquals(42, r.grabs());
        assertEquals("alt.binaries.movies", r.group());
        assertEquals("someone@example.invalid", r.poster());
        assertEquals("1254207", r.attributes().get("imdb"));
    }

    @ParameterizedTest(name = "attr written as {0}")
    @ValueSource(strings = {"newznab:attr", "nzedb:attr", "torznab:attr", "attr", "ns1:attr"})
    void attributesAreReadWhateverTheirPrefix(String element) throws Exception {
        String xml = "<rss version=\"2.0\"><channel><item><title>T</title><link>http://i/x.nzb</link>"
                + "<" + element + " name=\"size\" value=\"12345\"/><" + element + " name=\"grabs\" value=\"3\"/>"
                + "</item></channel></rss>";
        SearchResult r = page(xml).results().getFirst();
        assertEquals(12345, r.size());
        assertEquals(3, r.grabs());
    }

    @Test
    void anUndeclaredPrefixIsNotAnError() throws Exception {
        String xml = "<rss><channel><item><title>T</title><link>http://i/x.nzb</link>"
                + "<newznab:attr name=\"size\" value=\"77\"/></item></channel></rss>";
        assertEquals(77, page(xml).results().getFirst().size());
    }

    @Test
    void missingSizeAttributeFallsBackToEnclosureLength() throws Exception {
        SearchResult r = page(feed("<item><title>T</title><link>http://i/x.nzb</link>"
                        + "<enclosure url=\"http://i/x.nzb\" length=\"5555\" type=\"application/x-nzb\"/></item>"))
                .results()
                .getFirst();
        assertEquals(5555, r.size());
    }

    @Test
    void zeroSizesMeanUnknown() throws Exception {
        SearchResult r = page(feed(
                        "<item><title>T</title><link>http://i/x.nzb</link>"
                                + "<enclosure url=\"http://i/x.nzb\" length=\"0\"/><newznab:attr name=\"size\" value=\"0\"/></item>"))
                .results()
                .getFirst();
        assertEquals(SearchResult.UNKNOWN, r.size());
    }

    @Test
    void postdateAttributeAndThenPubDateAreUsedWhenUsenetdateIsMissing() throws Exception {
        SearchPage p = page(feed("""
                <item><title>A</title><link>http://i/a.nzb</link><pubDate>Tue, 02 Jan 2024 05:00:00 GMT</pubDate>
                  <newznab:attr name="postdate" value="Tue, 02 Jan 2024 03:04:05 +0000"/></item>
                <item><title>B</title><link>http://i/b.nzb</link><pubDate>Tue, 02 Jan 2024 05:00:00 GMT</pubDate></item>
                <item><title>C</title><link>http://i/c.nzb</link></item>"""));
        assertEquals(1704164645L, p.results().get(0).postDate());
        assertEquals(1704171600L, p.results().get(1).postDate());
        assertEquals(SearchResult.UNKNOWN, p.results().get(2).postDate());
    }

    @Test
    void linkComesFromTheEnclosureWhenTheItemHasNoneAndGuidFromTheLink() throws Exception {
        SearchResult r = page(feed("<item><title>T</title><enclosure url=\"http://i/e.nzb\" length=\"1\"/></item>"))
                .results()
                .getFirst();
        assertEquals("http://i/e.nzb", r.link());
        assertEquals("http://i/e.nzb", r.guid());
    }

    @Test
    void itemsWithoutTitleOrLinkAreSkippedAndCounted() throws Exception {
        SearchPage p = page(feed("<item><title>T</title></item><item><link>http://i/x</link></item>"
                + "<item><title>ok</title><link>http://i/ok</link></item>"));
        assertEquals(1, p.results().size());
        assertEquals(2, p.skipped());
    }

    @Test
    void cdataTitlesAndNumericCategoryElementsAreRead() throws Exception {
        SearchResult r = page(feed("<item><title><![CDATA[Film & Co <2019>]]></title><link>http://i/x</link>"
                        + "<category>5040</category></item>"))
                .results()
                .getFirst();
        assertEquals("Film & Co <2019>", r.title());
        assertEquals(List.of(5040), r.categories());
    }

    @Test
    void anEmptyFeedHasNoResults() throws Exception {
        SearchPage p = page(feed(""));
        assertTrue(p.results().isEmpty());
    }

    @Test
    void anErrorAnswerIsRecognisedWithItsCodeAndDescription() throws Exception {
        FeedNode root =
                AnswerParser.parse("<?xml version=\"1.0\"?><error code=\"101\" description=\"Account suspended\"/>"
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals(
                new FeedReader.ErrorAnswer(101, "Account suspended"),
                FeedReader.error(root).orElseThrow());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(
            strings = {
                "not xml at all",
                "<rss><channel><item><title>cut",
                "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>",
                "<html><body>Login</body></html>",
                "<somethingelse/>",
                "",
                "   \n "
            })
    void malformedAnswersAreUnreadable(String body) {
        assertThrows(UnreadableAnswer.class, () -> page(body));
    }

    @Test
    void anHtmlPageIsNamedAsSuch() {
        UnreadableAnswer e = assertThrows(
                UnreadableAnswer.class, () -> page("<!DOCTYPE html>\n<html><body>Cloudflare</body></html>"));
        assertTrue(e.getMessage().contains("HTML page"), e.getMessage());
    }

    @Test
    void aTruncatedAnswerSaysWhereItBroke() {
        UnreadableAnswer e = assertThrows(
                UnreadableAnswer.class,
                () -> page(feed("<item><title>T</title>").substring(0, 150)));
        assertTrue(e.getMessage().startsWith("broken XML"), e.getMessage());
        assertTrue(e.getMessage().contains("line"), e.getMessage());
    }

    @Test
    void capsAreRead() throws Exception {
        Capabilities caps = FeedReader.capabilities(AnswerParser.parse(NewznabAnswers.xmlCaps()));
        assertEquals("test indexer", caps.serverTitle());
        assertEquals(100, caps.maxLimit());
        assertEquals(50, caps.defaultLimit());
        assertTrue(caps.supports(SearchKind.TV));
        assertEquals(
                java.util.Set.of("q", "season", "ep", "tvdbid", "imdbid"),
                caps.searching().get(SearchKind.TV).supportedParams());
        assertEquals(2, caps.categories().size());
        assertEquals(
                List.of(2040, 2045),
                caps.categories().getFirst().subcategories().stream()
                        .map(Capabilities.Category::id)
                        .toList());
    }
}
