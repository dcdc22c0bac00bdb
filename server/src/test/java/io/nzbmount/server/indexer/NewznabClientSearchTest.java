package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.IndexerSettings;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NewznabClientSearchTest {
    private final String key = Failing.newKey();
    private TestNewznabServer server;
    private NewznabClient client;

    private final TestRelease film = TestRelease.of(
                    "Big.Buck.Bunny.2008.1080p.BluRay.x264-GRP", "bbb1", TestRelease.sampleNzb("bbb1"))
            .withImdbId("1254207");
    private final TestRelease filmRepost = TestRelease.of(
                    "Big.Buck.Bunny.2008.1080p.BluRay.x264-OTHER", "bbb2", TestRelease.sampleNzb("bbb2"))
            .withPostDate(1_704_200_000L)
            .withSize(7_000_000_000L);
    private final TestRelease episode = TestRelease.of(
                    "Some.Show.S02E05.720p.WEB.h264-GRP", "show25", TestRelease.sampleNzb("show25"))
            .withEpisode("81189", 2, 5);
    private final TestRelease otherEpisode = TestRelease.of(
                    "Some.Show.S02E06.720p.WEB.h264-GRP", "show26", TestRelease.sampleNzb("show26"))
            .withEpisode("81189", 2, 6);

    @BeforeEach
    void start() throws Exception {
        server = TestNewznabServer.start(key).add(film, filmRepost, episode, otherEpisode);
        client = new NewznabClient(server.settings("local"), ClientOptions.DEFAULTS);
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void aTextSearchSendsQueryAndKeyAndReadsEveryField() throws Exception {
        SearchPage page = client.search(SearchQuery.text("big buck bunny"));
        Map<String, String> sent = server.lastApiRequest().parameters();
        assertEquals("search", sent.get("t"));
        assertEquals("big buck bunny", sent.get("q"));
        assertEquals(key, sent.get("apikey"));
        assertFalse(sent.containsKey("o"), "XML is the default");
        assertEquals(2, page.total());
        SearchResult r = page.results().getFirst();
        assertEquals("local", r.indexer());
        assertEquals(film.title(), r.title());
        assertEquals("bbb1", r.guid());
        assertEquals(server.link(film), r.link());
        assertEquals(film.size(), r.size());
        assertEquals(film.postDate(), r.postDate());
        assertEquals(film.categories(), r.categories());
        assertEquals(7, r.grabs());
        assertEquals("alt.binaries.test", r.group());
        assertEquals("poster@example.invalid", r.poster());
        assertEquals(filmRepost.postDate(), page.results().get(1).postDate());
    }

    @Test
    void jsonAnswersGiveTheSameResultsAsXml() throws Exception {
        List<SearchResult> xml = client.search(SearchQuery.text("bunny")).results();
        try (NewznabClient json = new NewznabClient(server.settings("local"), ClientOptions.DEFAULTS.withJson(true))) {
            List<SearchResult> fromJson = json.search(SearchQuery.text("bunny")).results();
            assertEquals("json", server.lastApiRequest().parameters().get("o"));
            assertEquals(xml, fromJson);
        }
    }

    @Test
    void aTvSearchSendsSeasonEpisodeAndIds() throws Exception {
        SearchQuery q = SearchQuery.tv("Some Show", OptionalInt.of(2), OptionalInt.of(5))
                .withTvdbId("81189")
                .withImdbId("tt0000001");
        client.search(q);
        Map<String, String> sent = server.lastApiRequest().parameters();
        assertEquals("tvsearch", sent.get("t"));
        assertEquals("2", sent.get("season"));
        assertEquals("5", sent.get("ep"));
        assertEquals("81189", sent.get("tvdbid"));
        assertEquals("0000001", sent.get("imdbid"), "the tt prefix is dropped");
        SearchPage page = client.search(SearchQuery.tv("Some Show", OptionalInt.of(2), OptionalInt.of(5)));
        assertEquals(
                List.of("show25"),
                page.results().stream().map(SearchResult::guid).toList());
    }

    @Test
    void aMovieSearchByImdbIdNeedsNoText() throws Exception {
        SearchPage page = client.search(SearchQuery.movie("").withImdbId("tt1254207"));
        Map<String, String> sent = server.lastApiRequest().parameters();
        assertEquals("movie", sent.get("t"));
        assertFalse(sent.containsKey("q"));
        assertEquals("1254207", sent.get("imdbid"));
        assertEquals(
                List.of("bbb1"), page.results().stream().map(SearchResult::guid).toList());
    }

    @Test
    void categoriesLimitAndOffsetAreSentAndPagesFollow() throws Exception {
        SearchPage first = client.search(
                SearchQuery.text("GRP").withCategories(List.of(5000, 2000)).withPage(1, 0));
        Map<String, String> sent = server.lastApiRequest().parameters();
        assertEquals("5000,2000", sent.get("cat"));
        assertEquals("1", sent.get("limit"));
        SearchPage second = client.search(
                SearchQuery.text("GRP").withCategories(List.of(5000)).withPage(1, 1));
        assertEquals("1", server.lastApiRequest().parameters().get("offset"));
        assertEquals(3, first.total());
        assertEquals(1, second.offset());
        assertEquals(
                List.of("show26"),
                second.results().stream().map(SearchResult::guid).toList());
    }

    @Test
    void textWithSpecialCharactersArrivesIntact() throws Exception {
        client.search(SearchQuery.text("Amélie & Co: 100% \"live\"?"));
        assertEquals(
                "Amélie & Co: 100% \"live\"?",
                server.lastApiRequest().parameters().get("q"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"", "api", "api/", "prowlarr/1/", "prowlarr/1/api"})
    void apiPathIsAppendedOnceToTheConfiguredUrl(String path) throws Exception {
        URI url = URI.create(server.url() + path);
        try (NewznabClient c = new NewznabClient(new IndexerSettings("p", url, key), ClientOptions.DEFAULTS)) {
            c.caps();
        }
        String expected = path.startsWith("prowlarr") ? "/prowlarr/1/api" : "/api";
        assertEquals(expected, server.lastApiRequest().path());
    }

    @Test
    void capsAreReadInBothFormats() throws Exception {
        Capabilities xml = client.caps();
        assertEquals("caps", server.lastApiRequest().parameters().get("t"));
        try (NewznabClient json = new NewznabClient(server.settings("local"), ClientOptions.DEFAULTS.withJson(true))) {
            assertEquals(xml, json.caps());
        }
        assertTrue(xml.supports(SearchKind.SEARCH));
        assertEquals(50, xml.defaultLimit());
    }

    @Test
    void anIndexerThatAlwaysAnswersJsonIsReadAlthoughXmlWasAsked() throws Exception {
        server.alwaysJson(true);
        assertEquals(2, client.search(SearchQuery.text("bunny")).results().size());
    }
}
