package io.nzbmount.server.indexer;

/** The Newznab search functions this client uses, with the value of their {@code t} parameter. */
public enum SearchKind {
    /** Free text over all categories ({@code t=search}). */
    SEARCH("search"),
    /** TV episodes: text plus optional season, episode and TVDB/IMDb ids ({@code t=tvsearch}). */
    TV("tvsearch"),
    /** Films: text plus an optional IMDb id ({@code t=movie}). */
    MOVIE("movie");

    private final String function;

    SearchKind(String function) {
        this.function = function;
    }

    /** The value of the {@code t} parameter. */
    public String function() {
        return function;
    }
}
