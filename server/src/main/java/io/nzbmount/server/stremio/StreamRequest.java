package io.nzbmount.server.stremio;

import io.nzbmount.server.http.HttpProblem;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.util.Fields;

/**
 * The fields of {@code POST /api/nzb/streams}, altmount's: {@code nzb_url} (required),
 * {@code category}, {@code timeout} (seconds), and the episode of a pack as {@code season} and
 * {@code episode}, or a Stremio id ({@code id} or {@code stremio_id}, {@code tt1234567:1:5}), or
 * {@code season}/{@code episode} in the query of {@code nzb_url}. Immutable.
 */
record StreamRequest(String nzbUrl, Optional<String> category, Duration timeout, Optional<EpisodePick.Asked> episode) {

    /** How long the request waits when it names no timeout: altmount's default. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(300);
    /** The longest wait a request may ask for. */
    static final Duration MAX_TIMEOUT = Duration.ofSeconds(600);

    private static final Pattern STREMIO_ID = Pattern.compile("[^:]+:(\\d{1,4}):(\\d{1,5})");
    private static final Pattern QUERY_NUMBER = Pattern.compile("(?:^|&)(season|episode)=(\\d{1,5})(?=&|$)");

    /** Reads the fields; a missing URL or a malformed number is a 400 that says which field. */
    static StreamRequest of(Fields fields) {
        String url = text(fields, "nzb_url")
                .orElseThrow(() -> new HttpProblem.BadRequest(
                        "nzb_url is required: the URL of the NZB to stream (send it as a form field)"));
        if (fields.get("file") != null) {
            throw new HttpProblem.BadRequest("an uploaded NZB is not taken here; send its URL as nzb_url");
        }
        Duration timeout = text(fields, "timeout")
                .map(t -> Duration.ofSeconds(number(t, "timeout", 1, MAX_TIMEOUT.toSeconds())))
                .orElse(DEFAULT_TIMEOUT);
        return new StreamRequest(url, text(fields, "category"), timeout, episode(fields, url));
    }

    private static Optional<EpisodePick.Asked> episode(Fields fields, String url) {
        Optional<String> season = text(fields, "season");
        Optional<String> episode = text(fields, "episode");
        if (season.isPresent() || episode.isPresent()) {
            if (season.isEmpty() || episode.isEmpty()) {
                throw new HttpProblem.BadRequest("season and episode go together: send both, or neither");
            }
            return Optional.of(new EpisodePick.Asked(
                    (int) number(season.get(), "season", 0, 9999), (int) number(episode.get(), "episode", 0, 99999)));
        }
        Optional<String> id = text(fields, "id").or(() -> text(fields, "stremio_id"));
        if (id.isPresent()) {
            Matcher m = STREMIO_ID.matcher(id.get());
            if (m.matches()) {
                return Optional.of(new EpisodePick.Asked(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
            }
            return Optional.empty(); // a film's id (tt1234567) names no episode
        }
        return fromUrl(url);
    }

    private static Optional<EpisodePick.Asked> fromUrl(String url) {
        String query;
        try {
            query = URI.create(url.strip()).getRawQuery();
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // the fetch refuses the URL with its own message
        }
        if (query == null) return Optional.empty();
        Integer season = null;
        Integer episode = null;
        Matcher m = QUERY_NUMBER.matcher(query);
        while (m.find()) {
            int n = Integer.parseInt(m.group(2));
            if (m.group(1).equals("season")) season = n;
            else episode = n;
        }
        return season != null && episode != null
                ? Optional.of(new EpisodePick.Asked(season, episode))
                : Optional.empty();
    }

    private static Optional<String> text(Fields fields, String name) {
        return Optional.ofNullable(fields.getValue(name)).map(String::strip).filter(s -> !s.isEmpty());
    }

    private static long number(String raw, String field, long min, long max) {
        try {
            long n = Long.parseLong(raw);
            if (n >= min && n <= max) return n;
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new HttpProblem.BadRequest(field + " must be a whole number from " + min + " to " + max + ", got '"
                + HttpProblem.printable(raw) + "'");
    }
}
