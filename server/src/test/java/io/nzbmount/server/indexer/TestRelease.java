package io.nzbmount.server.indexer;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A release served by {@link TestNewznabServer}: what its search result says and the NZB bytes
 * its link serves. Immutable; start from {@link #of} and adjust with the {@code with...} methods.
 *
 * @param title          the release name
 * @param guid           the indexer's id (used in its link, so keep it URL-safe)
 * @param nzb            the bytes served at its link
 * @param size           the size the result announces
 * @param postDate       when it was posted, epoch seconds (the result's {@code usenetdate};
 *                       {@code pubDate} is one hour later, as when an indexer finds it later)
 * @param categories     Newznab category ids
 * @param grabs          download count
 * @param group          Usenet group
 * @param poster         poster
 * @param season         TV season, matched against {@code season}
 * @param episode        TV episode, matched against {@code ep}
 * @param imdbId         IMDb digits, matched against {@code imdbid}
 * @param tvdbId         TVDB id, matched against {@code tvdbid}
 * @param downloadStatus the HTTP status of its link: 200, or 404/410 for an NZB that is gone
 * @param redirected     whether its link first redirects (302) to the real NZB URL
 */
public record TestRelease(
        String title,
        String guid,
        byte[] nzb,
        long size,
        long postDate,
        List<Integer> categories,
        int grabs,
        String group,
        String poster,
        OptionalInt season,
        OptionalInt episode,
        String imdbId,
        String tvdbId,
        int downloadStatus,
        boolean redirected) {

    public TestRelease {
        Objects.requireNonNull(title);
        Objects.requireNonNull(guid);
        Objects.requireNonNull(nzb);
        categories = List.copyOf(categories);
    }

    /** A film release (category 2040) with the given NZB, posted 2024-01-02 03:04:05 UTC. */
    public static TestRelease of(String title, String guid, byte[] nzb) {
        return new TestRelease(
                title,
                guid,
                nzb,
                1_000_000_000L + nzb.length,
                1_704_164_645L,
                List.of(2000, 2040),
                7,
                "alt.binaries.test",
                "poster@example.invalid",
                OptionalInt.empty(),
                OptionalInt.empty(),
                "",
                "",
                200,
                false);
    }

    /** A small NZB document naming the release, distinct per title. */
    public static byte[] sampleNzb(String title) {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE nzb PUBLIC "-//newzBin//DTD NZB 1.1//EN" "http://www.newzbin.com/DTD/nzb/nzb-1.1.dtd">
                <nzb xmlns="http://www.newzbin.com/DTD/2003/nzb">
                  <head><meta type="name">%s</meta></head>
                  <file poster="poster@example.invalid" date="1704164645" subject="&quot;%s.mkv&quot; yEnc (1/1) 716800">
                    <groups><group>alt.binaries.test</group></groups>
                    <segments><segment bytes="740000" number="1">%s@example.invalid</segment></segments>
                  </file>
                </nzb>
                """.formatted(title, title, Integer.toHexString(title.hashCode()));
        return xml.getBytes(StandardCharsets.UTF_8);
    }

    public TestRelease withSize(long bytes) {
        return new TestRelease(
                title,
                guid,
                nzb,
                bytes,
                postDate,
                categories,
                grabs,
                group,
                poster,
                season,
                episode,
                imdbId,
                tvdbId,
                downloadStatus,
                redirected);
    }

    public TestRelease withPostDate(long epochSeconds) {
        return new TestRelease(
                title,
                guid,
                nzb,
                size,
                epochSeconds,
                categories,
                grabs,
                group,
                poster,
                season,
                episode,
                imdbId,
                tvdbId,
                downloadStatus,
                redirected);
    }

    public TestRelease withCategories(List<Integer> ids) {
        return new TestRelease(
                title,
                guid,
                nzb,
                size,
                postDate,
                ids,
                grabs,
                group,
                poster,
                season,
                episode,
                imdbId,
                tvdbId,
                downloadStatus,
                redirected);
    }

    public TestRelease withEpisode(String tvdb, int s, int e) {
        return new TestRelease(
                title,
                guid,
                nzb,
                size,
                postDate,
                List.of(5000, 5040),
                grabs,
                group,
                poster,
                OptionalInt.of(s),
                OptionalInt.of(e),
                imdbId,
                tvdb,
                downloadStatus,
                redirected);
    }

    public TestRelease withImdbId(String digits) {
        return new TestRelease(
                title,
                guid,
                nzb,
                size,
                postDate,
                categories,
                grabs,
                group,
                poster,
                season,
                episode,
                digits,
                tvdbId,
                downloadStatus,
                redirected);
    }

    /** The link answers this status (404 or 410) instead of the NZB. */
    public TestRelease gone(int status) {
        return new TestRelease(
                title,
                guid,
                nzb,
                size,
                postDate,
                categories,
                grabs,
                group,
                poster,
                season,
                episode,
                imdbId,
                tvdbId,
                status,
                redirected);
    }

    public TestRelease viaRedirect() {
        return new TestRelease(
                title,
                guid,
                nzb,
                size,
                postDate,
                categories,
                grabs,
                group,
                poster,
                season,
                episode,
                imdbId,
                tvdbId,
                downloadStatus,
                true);
    }
}
