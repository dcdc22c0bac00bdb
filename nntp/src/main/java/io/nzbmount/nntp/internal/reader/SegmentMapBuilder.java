package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Learns a {@link PlainSegmentMap} from yEnc headers while fetching as few articles as it can.
 *
 * <ol>
 *   <li>The first segment: its {@code =ybegin size=} is the file size and its length the part
 *       size. When it starts at 0 and the NZB's segment count fits that part size
 *       ({@code (n-1)*part < size <= n*part}), every offset follows: one fetch.</li>
 *   <li>Otherwise the part grid: part {@code p} of a post whose parts but the last have
 *       {@code part} bytes starts at {@code (p-1)*part}, so the first listed segment gives the
 *       part size (its start over {@code p-1}, or its length when it is part 1 and not the last
 *       part). When every listed number falls inside the file on that grid and the last listed
 *       segment sits on it too, every segment is placed by its NZB number; numbers the NZB does
 *       not list (at the start, in the middle or at the end) are holes. When the last listed
 *       segment is missing or damaged on every provider, the first one's grid stands alone:
 *       reading that part fails as it did here, and every read is still checked against the
 *       map.</li>
 *   <li>Otherwise (parts of irregular sizes; rare, and costly) every segment is fetched, a few
 *       at once, and placed where its own {@code =ypart} header says.</li>
 * </ol>
 * Every step checks that the articles agree on the file size; what does not fit is an
 * {@link ArticleCorruptException}. A segment the NZB lists more than once is fetched from the
 * first copy that can be had ({@link Copies}). The map carries the first article's yEnc
 * {@code name=} as its {@link PlainSegmentMap#postedName()}. Thread-safe.
 */
public final class SegmentMapBuilder {

    private static final byte[] NO_BUFFER = new byte[0];
    private static final Runnable NOBODY = () -> {};

    private final ArticleFetcher fetcher;
    private final ExecutorService executor;
    private final int parallelism;

    /**
     * @param executor    runs the fetches of a full scan (step 3); its threads are interrupted to
     *                    cancel them
     * @param parallelism the most fetches a full scan runs at once; never more than the fetcher's
     *                    foreground connections when it knows them
     */
    public SegmentMapBuilder(ArticleFetcher fetcher, ExecutorService executor, int parallelism) {
        if (parallelism < 1) throw new IllegalArgumentException("parallelism must be >= 1");
        this.fetcher = fetcher;
        this.executor = executor;
        this.parallelism = parallelism;
    }

    public PlainSegmentMap map(NzbFile file, Priority priority) throws ReadFailure, ReadCancelledException {
        List<NzbSegment> segments = file.segments();
        int n = segments.size();
        if (n == 0) throw new IllegalArgumentException("file " + file.name() + " has no segments");

        DecodedArticle first = fetch(segments.get(0), priority, NO_BUFFER);
        return place(file, priority, first).withPostedName(first.name());
    }

    private DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] buffer)
            throws ReadFailure, ReadCancelledException {
        return Copies.fetch(fetcher, segment, priority, buffer, NOBODY, Copies.ANY);
    }

    private PlainSegmentMap place(NzbFile file, Priority priority, DecodedArticle first)
            throws ReadFailure, ReadCancelledException {
        List<NzbSegment> segments = file.segments();
        int n = segments.size();
        long size = first.fileSize();
        int part = first.length();
        if (first.begin() == 0 && first.end() <= size && PlainSegmentMap.fitsUniform(n, part, size)) {
            return PlainSegmentMap.uniform(segments, size, part);
        }
        if (size == 0) {
            if (first.begin() == 0 && n == 1) {
                return PlainSegmentMap.explicit(segments, size, part, new long[] {0}, new int[] {part});
            }
            throw corrupt(
                    segments.get(0), first, "a " + n + "-segment file of " + size + " bytes cannot start with it");
        }
        int grid = gridPart(segments.get(0).number(), first, size);
        boolean onGrid = grid > 0 && numbersFit(segments, grid, size) && sitsOnGrid(segments.get(0), first, grid, size);
        if (onGrid && n == 1) return placeByNumber(segments, size, grid);
        if (n == 1) {
            throw corrupt(
                    segments.get(0), first, "a " + n + "-segment file of " + size + " bytes cannot start with it");
        }

        DecodedArticle last;
        try {
            last = fetch(segments.get(n - 1), priority, first.data());
        } catch (ArticleMissingException | ArticleCorruptException e) {
            // Reading that part later fails the same way; the rest of the file is still placed.
            if (onGrid) return placeByNumber(segments, size, grid);
            throw e;
        }
        if (last.fileSize() != size) {
            throw corrupt(segments.get(n - 1), last, "the first article says the file has " + size + " bytes");
        }
        if (onGrid && sitsOnGrid(segments.get(n - 1), last, grid, size)) return placeByNumber(segments, size, grid);
        return scanAll(segments, size, part, priority, first, last);
    }

    /**
     * The part size of a regular post that {@code a}, listed as part {@code number}, implies:
     * its start over {@code number - 1}, or its length when it is part 1 and does not end the
     * file; -1 when it implies none.
     */
    private static int gridPart(int number, DecodedArticle a, long size) {
        long grid;
        if (number == 1) {
            if (a.begin() != 0 || a.end() >= size) return -1;
            grid = a.length();
        } else {
            if (a.begin() % (number - 1) != 0) return -1;
            grid = a.begin() / (number - 1);
        }
        return grid > 0 && grid <= Integer.MAX_VALUE ? (int) grid : -1;
    }

    /** True when every listed number starts inside the file on a grid of {@code grid} bytes. */
    private static boolean numbersFit(List<NzbSegment> segments, int grid, long size) {
        return (long) (segments.get(segments.size() - 1).number() - 1) * grid < size;
    }

    /** True when {@code a} holds exactly the bytes its number gives it on the grid. */
    private static boolean sitsOnGrid(NzbSegment segment, DecodedArticle a, int grid, long size) {
        long begin = (long) (segment.number() - 1) * grid;
        return a.fileSize() == size && a.begin() == begin && a.length() == Math.min(grid, size - begin);
    }

    private static PlainSegmentMap placeByNumber(List<NzbSegment> segments, long size, int grid) {
        int n = segments.size();
        long[] begins = new long[n];
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            begins[i] = (long) (segments.get(i).number() - 1) * grid;
            lengths[i] = (int) Math.min(grid, size - begins[i]);
        }
        return PlainSegmentMap.explicit(segments, size, grid, begins, lengths);
    }

    private PlainSegmentMap scanAll(
            List<NzbSegment> segments,
            long size,
            int part,
            Priority priority,
            DecodedArticle first,
            DecodedArticle last)
            throws ReadFailure, ReadCancelledException {
        int n = segments.size();
        DecodedArticle[] found = new DecodedArticle[n];
        found[0] = headerOnly(first);
        found[n - 1] = headerOnly(last);
        AtomicInteger next = new AtomicInteger(1);
        List<Future<Void>> workers = new ArrayList<>();
        int lanes = parallelism;
        int connections = fetcher.pipe().foregroundConnections();
        // A worker beyond the connections only waits in the pool's queue, holding an article buffer.
        if (connections > 0) lanes = Math.min(lanes, connections);
        for (int w = 0; w < Math.min(lanes, n - 2); w++) {
            workers.add(executor.submit(() -> {
                byte[] buffer = new byte[Math.max(part, 1)];
                for (int i = next.getAndIncrement(); i < n - 1; i = next.getAndIncrement()) {
                    DecodedArticle a = fetch(segments.get(i), priority, buffer);
                    buffer = a.data();
                    found[i] = headerOnly(a);
                }
                return null;
            }));
        }
        awaitAll(workers);

        long[] begins = new long[n];
        int[] lengths = new int[n];
        long previousEnd = 0;
        for (int i = 0; i < n; i++) {
            DecodedArticle a = found[i];
            if (a.fileSize() != size)
                throw corrupt(segments.get(i), a, "the first article says the file has " + size + " bytes");
            if (a.begin() < previousEnd || a.end() > size) {
                throw corrupt(segments.get(i), a, "it overlaps the previous part or leaves the file");
            }
            begins[i] = a.begin();
            lengths[i] = a.length();
            previousEnd = a.end();
        }
        return PlainSegmentMap.explicit(segments, size, part, begins, lengths);
    }

    /** Keeps what the map needs and lets the data buffer go. */
    private static DecodedArticle headerOnly(DecodedArticle a) {
        return new DecodedArticle(a.part(), a.total(), a.fileSize(), a.begin(), a.name(), NO_BUFFER, a.length());
    }

    private static void awaitAll(List<Future<Void>> workers) throws ReadFailure, ReadCancelledException {
        try {
            for (Future<Void> w : workers) w.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("mapping interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ReadFailure f) throw f;
            if (cause instanceof ReadCancelledException c) throw c;
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IllegalStateException("unexpected failure while mapping", cause);
        } finally {
            for (Future<Void> w : workers) w.cancel(true);
        }
    }

    private static ArticleCorruptException corrupt(NzbSegment segment, DecodedArticle a, String why) {
        return new ArticleCorruptException(
                segment.messageId(),
                "article " + segment.messageId() + " holds bytes [" + a.begin() + ", " + a.end() + ") of a "
                        + a.fileSize() + "-byte file, but " + why,
                null);
    }
}
