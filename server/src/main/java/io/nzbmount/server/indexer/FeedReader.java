package io.nzbmount.server.indexer;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Interprets a parsed answer ({@link FeedNode}, from XML or JSON): error answers, search results,
 * capabilities. Pure and thread safe.
 */
final class FeedReader {
    private static final Map<String, SearchKind> CAPS_FUNCTIONS =
            Map.of("search", SearchKind.SEARCH, "tv-search", SearchKind.TV, "movie-search", SearchKind.MOVIE);

    private FeedReader() {}

    /** A Newznab error answer. */
    record ErrorAnswer(int code, String description) {}

    /**
     * The error this answer reports, if it is one: {@code <error code description/>} as the root
     * (XML), under the root or the channel, or a JSON root with {@code error} and {@code code}. An
     * error without a readable code counts as 900 (unknown error).
     */
    static Optional<ErrorAnswer> error(FeedNode root) {
        Optional<FeedNode> found = root.name().equals("error")
                ? Optional.of(root)
                : root.child("error").or(() -> root.child("channel").flatMap(c -> c.child("error")));
        if (found.isEmpty()) return Optional.empty();
        FeedNode error = found.get();
        int code = integer(error.value("code").or(() -> root.value("code"))).orElse(900);
        String description = error.value("description")
                .or(() -> error.text().isEmpty() ? root.value("description") : Optional.of(error.text()))
                .orElse("");
        return Optional.of(new ErrorAnswer(code, description));
    }

    /** The results of a search answer. Items without a title or a download link are skipped. */
    static SearchPage searchPage(FeedNode root, String indexer) throws UnreadableAnswer {
        FeedNode channel = channel(root);
        List<SearchResult> results = new ArrayList<>();
        int skipped = 0;
        for (FeedNode item : channel.children("item")) {
            Optional<SearchResult> result = result(item, indexer);
            if (result.isPresent()) results.add(result.get());
            else skipped++;
        }
        Optional<FeedNode> response = channel.child("response").or(() -> root.child("response"));
        int offset = integer(response.flatMap(r -> r.value("offset"))).orElse(0);
        int total = integer(response.flatMap(r -> r.value("total"))).orElse(SearchResult.UNKNOWN);
        return new SearchPage(results, offset, total, skipped);
    }

    /** The capabilities in a {@code t=caps} answer. */
    static Capabilities capabilities(FeedNode root) throws UnreadableAnswer {
        rejectHtml(root);
        FeedNode caps = root.name().equals("caps") ? root : root.child("caps").orElse(root);
        if (caps.child("searching").isEmpty()
                && caps.child("categories").isEmpty()
                && caps.child("limits").isEmpty()) {
            throw new UnreadableAnswer("no capabilities in the answer (root element <" + root.name() + ">)");
        }
        String title = caps.child("server").flatMap(s -> s.value("title")).orElse("");
        Optional<FeedNode> limits = caps.child("limits");
        int max = integer(limits.flatMap(l -> l.value("max"))).orElse(SearchResult.UNKNOWN);
        int byDefault = integer(limits.flatMap(l -> l.value("default"))).orElse(SearchResult.UNKNOWN);
        Map<SearchKind, Capabilities.Searching> searching = new EnumMap<>(SearchKind.class);
        caps.child("searching").ifPresent(s -> {
            for (FeedNode f : s.children()) {
                SearchKind kind = CAPS_FUNCTIONS.get(f.name());
                if (kind == null) continue;
                boolean available =
                        f.value("available").map(v -> v.equalsIgnoreCase("yes")).orElse(false);
                Set<String> params = new HashSet<>();
                for (String p : f.value("supportedParams").orElse("").split(",")) {
                    if (!p.isBlank()) params.add(p.strip().toLowerCase(Locale.ROOT));
                }
                searching.put(kind, new Capabilities.Searching(available, params));
            }
        });
        List<Capabilities.Category> categories = new ArrayList<>();
        caps.child("categories").ifPresent(c -> {
            for (FeedNode category : c.children("category"))
                category(category, "subcat").ifPresent(categories::add);
        });
        return new Capabilities(title, max, byDefault, searching, categories);
    }

    private static Optional<Capabilities.Category> category(FeedNode node, String childName) {
        OptionalInt id = integer(node.value("id"));
        if (id.isEmpty()) return Optional.empty();
        List<Capabilities.Category> subs = new ArrayList<>();
        for (FeedNode sub : node.children(childName)) category(sub, childName).ifPresent(subs::add);
        return Optional.of(
                new Capabilities.Category(id.getAsInt(), node.value("name").orElse(""), subs));
    }

    private static FeedNode channel(FeedNode root) throws UnreadableAnswer {
        rejectHtml(root);
        if (root.name().equals("channel")) return root;
        Optional<FeedNode> channel = root.child("channel");
        if (channel.isPresent()) return channel.get();
        if (root.name().isEmpty()
                && (!root.children("item").isEmpty() || root.child("response").isPresent())) {
            return root;
        }
        throw new UnreadableAnswer("not a Newznab feed (root element <" + root.name() + "> has no channel)");
    }

    private static void rejectHtml(FeedNode root) throws UnreadableAnswer {
        if (root.name().equalsIgnoreCase("html")) {
            throw new UnreadableAnswer("an HTML page, not a Newznab answer (a wrong URL, or a proxy's error page)");
        }
    }

    private static Optional<SearchResult> result(FeedNode item, String indexer) {
        Map<String, String> attributes = new LinkedHashMap<>();
        List<Integer> categories = new ArrayList<>();
        for (FeedNode attr : item.children("attr")) {
            Optional<String> name = attr.value("name").map(n -> n.toLowerCase(Locale.ROOT));
            Optional<String> value = attr.value("value");
            if (name.isEmpty() || value.isEmpty()) continue;
            attributes.putIfAbsent(name.get(), value.get());
            if (name.get().equals("category")) integer(value).ifPresent(categories::add);
        }
        if (categories.isEmpty()) {
            for (FeedNode c : item.children("category"))
                integer(Optional.of(c.text())).ifPresent(categories::add);
        }
        Optional<FeedNode> enclosure = item.child("enclosure");
        Optional<String> title = item.value("title");
        Optional<String> link = item.value("link").or(() -> enclosure.flatMap(e -> e.value("url")));
        if (title.isEmpty() || link.isEmpty()) return Optional.empty();
        String guid = item.value("guid").orElse(link.get());
        long size = positive(attributes.get("size"))
                .orElse(positive(enclosure.flatMap(e -> e.value("length")).orElse(null))
                        .orElse(positive(item.value("size").orElse(null)).orElse(SearchResult.UNKNOWN)));
        long posted = date(attributes.get("usenetdate"))
                .orElse(date(attributes.get("postdate"))
                        .orElse(date(item.value("pubDate").orElse(null)).orElse(SearchResult.UNKNOWN)));
        int grabs = integer(Optional.ofNullable(attributes.get("grabs"))).orElse(SearchResult.UNKNOWN);
        return Optional.of(new SearchResult(
                indexer,
                title.get(),
                guid,
                link.get(),
                size,
                posted,
                categories,
                grabs,
                attributes.get("group"),
                attributes.get("poster"),
                attributes));
    }

    private static OptionalLong date(String text) {
        return FeedDates.parse(text);
    }

    /** A size above zero; indexers write 0 or nothing when they do not know it. */
    private static OptionalLong positive(String text) {
        if (text == null) return OptionalLong.empty();
        try {
            long v = Long.parseLong(text.strip());
            return v > 0 ? OptionalLong.of(v) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static OptionalInt integer(Optional<String> text) {
        if (text.isEmpty()) return OptionalInt.empty();
        try {
            return OptionalInt.of(Integer.parseInt(text.get().strip()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
