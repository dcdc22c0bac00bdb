package io.nzbmount.server.indexer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Renders Newznab answers the way indexers write them: RSS XML with {@code newznab:attr}
 * elements, and the JSON that newznab-style indexers make of it ({@code "@attributes"}).
 */
final class NewznabAnswers {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter RFC_822 = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss Z", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private NewznabAnswers() {}

    static String date(long epochSeconds) {
        return RFC_822.format(Instant.ofEpochSecond(epochSeconds));
    }

    /** The newznab attributes of a release, in the order indexers send them. */
    static Map<String, List<String>> attributes(TestRelease r) {
        Map<String, List<String>> a = new LinkedHashMap<>();
        a.put("category", r.categories().stream().map(String::valueOf).toList());
        a.put("size", List.of(Long.toString(r.size())));
        a.put("grabs", List.of(Integer.toString(r.grabs())));
        a.put("usenetdate", List.of(date(r.postDate())));
        a.put("group", List.of(r.group()));
        a.put("poster", List.of(r.poster()));
        r.season().ifPresent(s -> a.put("season", List.of("S" + String.format("%02d", s))));
        r.episode().ifPresent(e -> a.put("episode", List.of("E" + String.format("%02d", e))));
        if (!r.imdbId().isEmpty()) a.put("imdb", List.of(r.imdbId()));
        if (!r.tvdbId().isEmpty()) a.put("tvdbid", List.of(r.tvdbId()));
        return a;
    }

    static byte[] xmlFeed(List<TestRelease> page, int offset, int total, Function<TestRelease, String> link) {
        StringBuilder x = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" \
                xmlns:newznab="http://www.newznab.com/DTD/2010/feeds/attributes/">
                <channel>
                <title>test indexer</title>
                """);
        x.append("<newznab:response offset=\"")
                .append(offset)
                .append("\" total=\"")
                .append(total)
                .append("\"/>\n");
        for (TestRelease r : page) {
            String url = escape(link.apply(r));
            x.append("<item>\n<title>")
                    .append(escape(r.title()))
                    .append("</title>\n")
                    .append("<guid isPermaLink=\"false\">")
                    .append(escape(r.guid()))
                    .append("</guid>\n")
                    .append("<link>")
                    .append(url)
                    .append("</link>\n")
                    .append("<pubDate>")
                    .append(date(r.postDate() + 3600))
                    .append("</pubDate>\n")
                    .append("<category>Movies &gt; HD</category>\n")
                    .append("<enclosure url=\"")
                    .append(url)
                    .append("\" length=\"")
                    .append(r.size())
                    .append("\" type=\"application/x-nzb\"/>\n");
            attributes(r)
                    .forEach((name, values) -> values.forEach(v -> x.append("<newznab:attr name=\"")
                            .append(name)
                            .append("\" value=\"")
                            .append(escape(v))
                            .append("\"/>\n")));
            x.append("</item>\n");
        }
        return x.append("</channel>\n</rss>\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] jsonFeed(List<TestRelease> page, int offset, int total, Function<TestRelease, String> link) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("@attributes").put("version", "2.0");
        ObjectNode channel = root.putObject("channel");
        channel.put("title", "test indexer");
        channel.putObject("response")
                .putObject("@attributes")
                .put("offset", Integer.toString(offset))
                .put("total", Integer.toString(total));
        ArrayNode items = channel.putArray("item");
        for (TestRelease r : page) {
            ObjectNode item = items.addObject();
            item.put("title", r.title());
            item.put("guid", r.guid());
            item.put("link", link.apply(r));
            item.put("pubDate", date(r.postDate() + 3600));
            item.put("category", "Movies > HD");
            item.putObject("enclosure")
                    .putObject("@attributes")
                    .put("url", link.apply(r))
                    .put("length", Long.toString(r.size()))
                    .put("type", "application/x-nzb");
            ArrayNode attrs = item.putArray("attr");
            attributes(r)
                    .forEach((name, values) -> values.forEach(v -> attrs.addObject()
                            .putObject("@attributes")
                            .put("name", name)
                            .put("value", v)));
        }
        return bytes(root);
    }

    static byte[] xmlError(int code, String description) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<error code=\"" + code + "\" description=\""
                        + escape(description) + "\"/>\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    static byte[] jsonError(int code, String description) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("error")
                .putObject("@attributes")
                .put("code", Integer.toString(code))
                .put("description", description);
        return bytes(root);
    }

    static byte[] xmlCaps() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <caps>
                  <server version="1.0" title="test indexer"/>
                  <limits max="100" default="50"/>
                  <searching>
                    <search available="yes" supportedParams="q"/>
                    <tv-search available="yes" supportedParams="q,season,ep,tvdbid,imdbid"/>
                    <movie-search available="yes" supportedParams="q,imdbid"/>
                    <audio-search available="no" supportedParams="q"/>
                  </searching>
                  <categories>
                    <category id="2000" name="Movies"><subcat id="2040" name="HD"/><subcat id="2045" name="UHD"/></category>
                    <category id="5000" name="TV"><subcat id="5040" name="HD"/></category>
                  </categories>
                </caps>
                """.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] jsonCaps() {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("server").putObject("@attributes").put("version", "1.0").put("title", "test indexer");
        root.putObject("limits").putObject("@attributes").put("max", "100").put("default", "50");
        ObjectNode searching = root.putObject("searching");
        searching
                .putObject("search")
                .putObject("@attributes")
                .put("available", "yes")
                .put("supportedParams", "q");
        searching
                .putObject("tv-search")
                .putObject("@attributes")
                .put("available", "yes")
                .put("supportedParams", "q,season,ep,tvdbid,imdbid");
        searching
                .putObject("movie-search")
                .putObject("@attributes")
                .put("available", "yes")
                .put("supportedParams", "q,imdbid");
        ArrayNode categories = root.putObject("categories").putArray("category");
        ObjectNode movies = categories.addObject();
        movies.putObject("@attributes").put("id", "2000").put("name", "Movies");
        ArrayNode subs = movies.putArray("subcat");
        subs.addObject().putObject("@attributes").put("id", "2040").put("name", "HD");
        subs.addObject().putObject("@attributes").put("id", "2045").put("name", "UHD");
        ObjectNode tv = categories.addObject();
        tv.putObject("@attributes").put("id", "5000").put("name", "TV");
        tv.putObject("subcat").putObject("@attributes").put("id", "5040").put("name", "HD");
        return bytes(root);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }

    private static byte[] bytes(ObjectNode root) {
        try {
            return JSON.writeValueAsBytes(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
