package io.nzbmount.server.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.holes.Hole;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How one sweep's samples move away from what the primary cannot read. Pure: no fetch. */
class SampleBookTest {
    private static final int PART = 256 * 1024;
    private static final long SIZE = 40L * PART - 777;

    /** A regular post of {@link #PART}-byte parts (a hand-written map: no articles behind it). */
    private static final SegmentMap GRID = grid(SIZE, PART);

    private static FilePair pair() {
        return new FilePair(0, "film.mkv", GRID, GRID, FilePair.plan(SIZE, GRID, GRID));
    }

    private static long articleStart(Sample s) {
        return s.offset() / PART * PART;
    }

    private static boolean overlaps(Sample s, long start, long end) {
        return s.offset() < end && start < s.end();
    }

    @Test
    void aSampleInAKnownHoleMovesBeforeAnythingIsFetchedAndKeepsItsLength() {
        FilePair pair = pair();
        Sample planned = pair.samples().get(7);
        long start = articleStart(planned);
        SampleBook book = new SampleBook(pair, List.of(new Hole(0, start, start + PART)), null);
        Sample moved = book.at(7).orElseThrow();
        assertTrue(!overlaps(moved, start, start + PART), moved.toString());
        assertEquals(planned.length(), moved.length());
        for (int i = 0; i < book.count(); i++) {
            if (i != 7)
                assertTrue(
                        !overlaps(
                                moved, book.planned(i).offset(), book.planned(i).end()),
                        "sample " + i);
        }
    }

    @Test
    void holesOfAnotherFileAreNotThisFilesHoles() {
        FilePair pair = pair();
        Sample planned = pair.samples().get(7);
        SampleBook book =
                new SampleBook(pair, List.of(new Hole(1, articleStart(planned), articleStart(planned) + PART)), null);
        assertEquals(Optional.of(planned), book.at(7));
    }

    @Test
    void aFailedMiddleSampleMovesFirstIntoTheBytesTheResponseServed() {
        FilePair pair = pair();
        long cut = 30L * PART;
        byte[] served = new byte[64 * 1024];
        SampleBook book = new SampleBook(pair, List.of(), new ServedBytes(SIZE, cut - served.length, served));
        Sample planned = book.at(5).orElseThrow();
        long start = articleStart(planned);
        Sample moved = book.failed(5, start, start + PART).orElseThrow();
        assertEquals(new Sample(cut - planned.length(), planned.length()), moved);
        assertTrue(book.servedCovers(moved), "hashed from the served bytes, not fetched");
    }

    @Test
    void aSampleMovesAtMostMaxMovesTimesAfterFailedReads() {
        FilePair pair = pair();
        SampleBook book = new SampleBook(pair, List.of(), null);
        Optional<Sample> site = book.at(9);
        int moves = 0;
        while (site.isPresent()) {
            long start = articleStart(site.get());
            site = book.failed(9, start, start + PART);
            if (site.isPresent()) moves++;
        }
        assertEquals(SampleBook.MAX_MOVES, moves);
    }

    /** A regular post of {@code size} bytes in {@code part}-byte articles (no articles behind it). */
    private static SegmentMap grid(long size, int part) {
        return new SegmentMap() {
            @Override
            public long size() {
                return size;
            }

            @Override
            public int articles() {
                return (int) ((size + part - 1) / part);
            }

            @Override
            public int partSize() {
                return part;
            }

            @Override
            public ArticleSpan span(long offset) {
                long start = offset / part * part;
                return new ArticleSpan(start, Math.min(size, start + part), false);
            }

            @Override
            public String text() {
                return "test";
            }
        };
    }

    @Test
    void aSampleWithNoRoomInASmallFileMayBeLeftOutOnlyWhenTheOthersCompareEveryReadableByte() {
        SegmentMap small = grid(15L * 65_252 - 1_000, 65_252);
        FilePair smallPair = new FilePair(0, "film.mkv", small, small, FilePair.plan(small.size(), small, small));
        SampleBook book = new SampleBook(smallPair, List.of(new Hole(0, 14L * 65_252, small.size())), null);
        int last = book.count() - 1;
        assertEquals(Optional.empty(), book.at(last), "the sample over the last article stays in the hole");
        assertTrue(book.othersCoverEveryReadableByte(last), smallPair.samples().toString());
        SampleBook whole = new SampleBook(smallPair, List.of(), null);
        assertTrue(
                !whole.othersCoverEveryReadableByte(last), "without the hole its bytes are readable and not compared");
    }

    @Test
    void aLargeFilesSamplesNeverCompareEveryByte() {
        SampleBook book = new SampleBook(pair(), List.of(), null);
        assertTrue(!book.othersCoverEveryReadableByte(7), "40 parts of 256 KiB are sampled, not tiled");
    }

    @Test
    void aSampleWithNoRoomShrinksIntoReadableBytesNoOtherSampleCompares() {
        SegmentMap small = grid(3L * 64_545 - 19_127, 64_545);
        FilePair smallPair = new FilePair(0, "film.mkv", small, small, FilePair.plan(small.size(), small, small));
        SampleBook book = new SampleBook(smallPair, List.of(new Hole(0, 64_545, 2 * 64_545)), null);
        int shrunkSamples = 0;
        for (int i = 0; i < book.count(); i++) {
            if (book.at(i).isPresent() || book.othersCoverEveryReadableByte(i)) continue;
            shrunkSamples++;
            Sample shrunk = book.intoGap(i).orElseThrow();
            assertTrue(!overlaps(shrunk, 64_545, 2 * 64_545), "outside the hole: " + shrunk);
            for (int k = 0; k < book.count(); k++) {
                if (k != i)
                    assertTrue(
                            !overlaps(
                                    shrunk,
                                    book.planned(k).offset(),
                                    book.planned(k).end()),
                            "sample " + k);
            }
            assertTrue(shrunk.length() > 0, shrunk.toString());
        }
        assertEquals(1, shrunkSamples, "the sample over the hole: " + smallPair.samples());
    }
}
