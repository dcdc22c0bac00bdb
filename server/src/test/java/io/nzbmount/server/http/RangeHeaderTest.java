package io.nzbmount.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The Range header rules, on their own. */
class RangeHeaderTest {

    private static final long SIZE = 1000;
    private static final long BIG = 6L * 1024 * 1024 * 1024;

    private static List<ByteRange> ranges(String header, long size) {
        return assertInstanceOf(RangeRequest.Partial.class, RangeHeader.judge(header, size))
                .ranges();
    }

    private static void whole(String header) {
        assertInstanceOf(RangeRequest.Whole.class, RangeHeader.judge(header, SIZE), header);
    }

    private static void unsatisfiable(String header) {
        assertInstanceOf(RangeRequest.Unsatisfiable.class, RangeHeader.judge(header, SIZE), header);
    }

    @Test
    void everyFormOfRangeIsUnderstood() {
        assertEquals(List.of(new ByteRange(0, 499)), ranges("bytes=0-499", SIZE));
        assertEquals(List.of(new ByteRange(500, 999)), ranges("bytes=500-", SIZE));
        assertEquals(List.of(new ByteRange(900, 999)), ranges("bytes=-100", SIZE));
        assertEquals(List.of(new ByteRange(999, 999)), ranges("bytes=999-999", SIZE));
        assertEquals(List.of(new ByteRange(0, 0), new ByteRange(998, 999)), ranges("Bytes = 0-0 , -2", SIZE));
        assertEquals(List.of(new ByteRange(1, 1)), ranges("bytes=,1-1,", SIZE));
    }

    @Test
    void rangesPastTheEndAreClampedOrDropped() {
        assertEquals(List.of(new ByteRange(990, 999)), ranges("bytes=990-5000", SIZE));
        assertEquals(List.of(new ByteRange(0, 999)), ranges("bytes=-5000", SIZE));
        assertEquals(List.of(new ByteRange(5, 9)), ranges("bytes=5-9,1000-1010", SIZE));
        assertEquals(List.of(new ByteRange(0, 999)), ranges("bytes=0-99999999999999999999999", SIZE));
    }

    @Test
    void nothingSatisfiableIs416() {
        unsatisfiable("bytes=1000-");
        unsatisfiable("bytes=1000-2000");
        unsatisfiable("bytes=-0");
        unsatisfiable("bytes=99999999999999999999999-");
        unsatisfiable("bytes=1000-1001,2000-");
    }

    @Test
    void malformedHeadersAreIgnoredWhole() {
        whole(null);
        for (String header : List.of(
                "",
                "bytes",
                "bytes=",
                "bytes=,",
                "bytes=a-b",
                "bytes=5-4",
                "bytes=-",
                "bytes=1",
                "bytes=1-2-3",
                "bytes=0-1,x",
                "bytes=+1-2",
                "bytes=1--2",
                "bytes= 1 - 2",
                "items=0-1",
                "bytes 0-1",
                "bytes=0x1-2",
                "bytes=١-٢")) {
            whole(header);
        }
    }

    @Test
    void tooManyRangesAreIgnored() {
        StringBuilder header = new StringBuilder("bytes=0-0");
        for (int i = 1; i < RangeHeader.MAX_RANGES; i++) {
            header.append(',').append(2 * i).append('-').append(2 * i);
        }
        assertEquals(RangeHeader.MAX_RANGES, ranges(header.toString(), SIZE).size());
        whole(header.append(",900-900").toString());
    }

    @Test
    void overlappingRangesAreServedOnceNotOncePerRange() {
        String sameRange = "bytes=" + String.join(",", java.util.Collections.nCopies(RangeHeader.MAX_RANGES, "0-"));
        assertEquals(List.of(new ByteRange(0, 999)), ranges(sameRange, SIZE));
        assertEquals(List.of(new ByteRange(0, 999)), ranges("bytes=0-,500-,-10,100-200", SIZE));
        assertEquals(List.of(new ByteRange(0, 19)), ranges("bytes=10-19,0-9", SIZE), "adjacent ranges join");
        assertEquals(
                List.of(new ByteRange(0, 9), new ByteRange(20, 29), new ByteRange(40, 49)),
                ranges("bytes=20-25,0-9,40-49,22-29", SIZE));
    }

    @Test
    void rangesThatDoNotTouchKeepTheOrderAsked() {
        assertEquals(List.of(new ByteRange(500, 599), new ByteRange(0, 99)), ranges("bytes=500-599,0-99", SIZE));
    }

    @Test
    void emptyRepresentationIsAlwaysSentWhole() {
        assertInstanceOf(RangeRequest.Whole.class, RangeHeader.judge("bytes=0-", 0));
        assertInstanceOf(RangeRequest.Whole.class, RangeHeader.judge("bytes=-5", 0));
    }

    @Test
    void offsetsPastFourGibStayExact() {
        long first = 4L * 1024 * 1024 * 1024 + 123;
        assertEquals(List.of(new ByteRange(first, BIG - 1)), ranges("bytes=" + first + "-", BIG));
        assertEquals(List.of(new ByteRange(BIG - 3_000_000_000L, BIG - 1)), ranges("bytes=-3000000000", BIG));
        assertEquals(3_000_000_000L, new ByteRange(BIG - 3_000_000_000L, BIG - 1).length());
    }
}
