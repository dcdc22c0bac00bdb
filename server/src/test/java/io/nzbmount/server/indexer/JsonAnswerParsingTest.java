package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonAnswerParsingTest {

    private static SearchPage page(String json) throws UnreadableAnswer {
        return FeedReader.searchPage(AnswerParser.parse(json.getBytes(StandardCharsets.UTF_8)), "idx");
    }

    private static FeedReader.ErrorAnswer error(String json) throws UnreadableAnswer {
        return FeedReader.error(AnswerParser.parse(json.getBytes(StandardCharsets.UTF_8)))
                .orElseThrow();
    }

    @Test
    void newznabStyleAttributesObjectsAreRead() throws Exception {
        SearchPage p = page("""
                {"@attributes":{"version":"2.0"},"channel":{"title":"x",
                 "response":{"@attributes":{"offset":"0","total":"2"}},
                 "item":[{"title":"A.2020.1080p","guid":"g1","link":"http://i/a.nzb","pubDate":"Tue, 02 Jan 2024 04:04:05 +0000",
                          "enclosure":{"@attributes":{"url":"http://i/a.nzb","length":"100","type":"application/x-nzb"}},
                          "attr":[{"@attributes":{"name":"category","value":"2040"}},
                                  {"@attributes":{"name":"size","value":"4096"}},
                                  {"@attributes":{"name":"usenetdate","value":"Tue, 02 Jan 2024 03:04:05 +0000"}}]},
                         {"title":"B","guid":"g2","link":"http://i/b.nzb"}]}}""");
        assertEquals(2, p.total());
        SearchResult a = p.results().getFirst();
        assertEquals("A.2020.1080p", a.title());
        assertEquals("g1", a.guid());
        assertEquals(4096, a.size());
        assertEquals(1704164645L, a.postDate());
        assertEquals(List.of(2040), a.categories());
        assertEquals("B", p.results().get(1).title());
    }

    @Test
    void underscorePrefixedAttributesAndTextObjectsAreRead() throws Exception {
        SearchPage p = page("""
                {"newznab:response":{"_offset":"0","_total":"4549"},"title":"x",
                 "item":[{"newznab:attr":[{"_name":"category","_value":"5040"},{"_name":"size","_value":"1947606283"}],
                          "title":"Show.S22E01.720p.WEBRip.x264",
                          "guid":{"_isPermaLink":"true","text":"https://i/details/d169"},
                          "link":"https://i/getnzb?id=d169.nzb&r=SECRET",
                          "pubDate":"Sun, 15 Nov 2020 09:03:43 +0100",
                          "enclosure":{"_url":"https://i/getnzb?id=d169.nzb&r=SECRET","_length":"1947606283"}}]}""");
        assertEquals(4549, p.total());
        SearchResult r = p.results().getFirst();
        assertEquals("https://i/details/d169", r.guid());
        assertEquals(1947606283L, r.size());
        assertEquals(List.of(5040), r.categories());
        assertEquals(1605427423L, r.postDate());
    }

    @Test
    void aSingleItemWrittenAsAnObjectIsOneResult() throws Exception {
        SearchPage p = page("{\"channel\":{\"item\":{\"title\":\"Only\",\"link\":\"http://i/o.nzb\","
                + "\"attr\":{\"@attributes\":{\"name\":\"size\",\"value\":\"9\"}}}}}");
        assertEquals(1, p.results().size());
        assertEquals(9, p.results().getFirst().size());
    }

    @Test
    void plainNameValueAttributesAndNumbersAreRead() throws Exception {
        SearchResult r = page("{\"channel\":{\"item\":[{\"title\":\"T\",\"link\":\"http://i/t.nzb\","
                        + "\"attr\":[{\"name\":\"size\",\"value\":123},{\"name\":\"grabs\",\"value\":5}]}]}}")
                .results()
                .getFirst();
        assertEquals(123, r.size());
        assertEquals(5, r.grabs());
    }

    @Test
    void anEmptyArrayIsNoResults() throws Exception {
        assertTrue(page("[]").results().isEmpty());
        assertTrue(page("{\"channel\":{\"title\":\"x\"}}").results().isEmpty());
    }

    @Test
    void errorObjectsAreRecognisedInEachForm() throws Exception {
        assertEquals(
                new FeedReader.ErrorAnswer(100, "Incorrect user credentials"),
                error(
                        "{\"error\":{\"@attributes\":{\"code\":\"100\",\"description\":\"Incorrect user credentials\"}}}"));
        assertEquals(
                new FeedReader.ErrorAnswer(500, "Request limit reached"),
                error("{\"error\":{\"code\":500,\"description\":\"Request limit reached\"}}"));
        assertEquals(
                new FeedReader.ErrorAnswer(201, "Incorrect parameter"),
                error("{\"error\":\"Incorrect parameter\",\"code\":\"201\"}"));
        assertEquals(new FeedReader.ErrorAnswer(900, "something broke"), error("{\"error\":\"something broke\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {"{\"channel\":", "{\"channel\":{\"item\":[}", "{\"unrelated\":true}", "\"just a string\"", "[1,"
            })
    void malformedJsonIsUnreadable(String body) {
        assertThrows(UnreadableAnswer.class, () -> page(body));
    }

    @Test
    void capsAreReadFromJson() throws Exception {
        Capabilities caps = FeedReader.capabilities(AnswerParser.parse(NewznabAnswers.jsonCaps()));
        assertEquals(100, caps.maxLimit());
        assertTrue(caps.supports(SearchKind.MOVIE));
        assertEquals(
                List.of(5040),
                caps.categories().get(1).subcategories().stream()
                        .map(Capabilities.Category::id)
                        .toList());
    }
}
