package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.release.ReleaseName;
import org.junit.jupiter.api.Test;

/** The indexer search made for a primary's content, for each kind of series position. */
class PoolQueryTest {

    private static String query(String name) {
        return ContentQuery.of(ReleaseName.parse(name)).orElseThrow().text();
    }

    @Test
    void anAbsoluteEpisodeIsSearchedAsTitleAndNumberTheWayFansubNamesWriteIt() {
        assertEquals("Frieren 12", query("[SubsPlease] Frieren - 12 (1080p) [A1B2C3D4].mkv"));
    }

    @Test
    void seasonPacksAndDailyEpisodesAreSearchedByTheirLabel() {
        assertEquals("Show S01-S03", query("Show.S01-S03.1080p.BluRay.x264-A"));
        assertEquals("Daily Show 2024-05-01", query("Daily.Show.2024.05.01.720p.WEB.h264-A"));
    }
}
