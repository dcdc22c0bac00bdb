package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FeedDatesTest {

    /** 2024-01-02 03:04:05 UTC in every form indexers have been seen to write it. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Tue, 02 Jan 2024 03:04:05 +0000",
                "Tue, 2 Jan 2024 03:04:05 +0000",
                "Tue, 02 Jan 2024 04:04:05 +0100",
                "Tue, 02 Jan 2024 04:04:05 +01:00",
                "Mon, 01 Jan 2024 22:04:05 -0500",
                "Tue, 02 Jan 2024 03:04:05 GMT",
                "Tue, 02 Jan 2024 03:04:05 UTC",
                "Tue, 02 Jan 2024 03:04:05 Z",
                "Mon, 01 Jan 2024 22:04:05 EST",
                "Wed, 02 Jan 2024 03:04:05 +0000",
                "02 Jan 2024 03:04:05 +0000",
                "tue, 02 jan 2024 03:04:05 gmt",
                "Tuesday, 02 Jan 2024 03:04:05 +0000",
                "  Tue,  02 Jan 2024   03:04:05 +0000 ",
                "Tue, 02 Jan 2024 03:04:05",
                "2024-01-02T03:04:05Z",
                "2024-01-02T04:04:05+01:00",
                "1704164645"
            })
    void knownFormsGiveTheSameInstant(String text) {
        assertEquals(1704164645L, FeedDates.parse(text).orElseThrow());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {"Tue, 02 Jan 2024 03:04 +0000|1704164640"})
    void secondsAreOptional(String text, long expected) {
        assertEquals(expected, FeedDates.parse(text).orElseThrow());
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
            strings = {
                "",
                "yesterday",
                "Tue, 02 Foo 2024 03:04:05 +0000",
                "Tue, 02 Jan 2024 03:04:05 XYZT",
                "99999999999999999999",
                "2024-13-02T03:04:05Z"
            })
    void unreadableDatesAreUnknownNotErrors(String text) {
        assertTrue(FeedDates.parse(text).isEmpty());
    }
}
