package io.nzbmount.server.cli;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Downloads one mapped file into a channel with a few threads ("lanes"), each claiming the next
 * article not yet claimed, reading it through its own reader and writing it where it belongs with
 * a positional write.
 *
 * <p>Why claims rather than one reader or fixed ranges: a single reader opens its read-ahead
 * gradually and copies every byte on one thread; fixed ranges per lane finish at different times
 * (one slow connection keeps the download going while the others idle), and a reader's read-ahead
 * at the end of a range fetches an article of the next range, which is then cancelled and breaks
 * its connection. A lane that claims one article at a time keeps its connection busy to the end,
 * reads exactly the articles it claimed (its reader's read-ahead is 1), and the lanes finish
 * within about one article of each other. Claims go in file order, so the file fills from the
 * front, a few articles at a time.
 *
 * <p>A failure stops the claims after it but not the articles claimed before it, so the failure
 * reported is the one at the lowest offset, as a front-to-back download would meet it.
 *
 * <p>Not thread-safe: one call of {@link #download} at a time; the lanes are its own threads,
 * all ended when it returns.
 */
final class FetchLanes {
    private static final int CHUNK = 1 << 20;
    private static final long PROGRESS_NANOS = 100_000_000L;

    private final Usenet usenet;
    private final int lanes;

    /** @param lanes how many articles are read at once, at least 1 (the connections the providers allow is a good choice) */
    FetchLanes(Usenet usenet, int lanes) {
        if (lanes < 1) throw new IllegalArgumentException("lanes must be >= 1: " + lanes);
        this.usenet = usenet;
        this.lanes = lanes;
    }

    /**
     * Writes the whole file into {@code channel} at positions 0 to {@code map.size()}, telling
     * {@code progress} the bytes written so far from time to time (on the calling thread).
     *
     * @throws io.nzbmount.nntp.ReadFailure the failure at the lowest offset that could not be read
     * @throws IOException a write failed, or the download was interrupted
     */
    void download(SegmentMap map, FileChannel channel, LongConsumer progress) throws IOException {
        Claims claims = new Claims(map);
        AtomicLong written = new AtomicLong();
        List<Lane> all = new ArrayList<>();
        for (int i = 0; i < Math.min(lanes, map.articles()); i++)
            all.add(new Lane(i, usenet, map, channel, claims, written));
        for (Lane lane : all) lane.thread.start();
        boolean ended = false;
        try {
            for (Lane lane : all) {
                while (!lane.thread.join(Duration.ofNanos(PROGRESS_NANOS))) {
                    progress.accept(written.get());
                }
            }
            ended = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("download interrupted");
        } finally {
            if (!ended) {
                // Interrupted, or the progress callback threw: no lane may outlive the call.
                claims.stopAll();
                for (Lane lane : all) lane.stop();
                for (Lane lane : all) joinUninterruptibly(lane.thread);
            }
        }
        progress.accept(written.get());
        claims.rethrowFirstFailure();
    }

    /**
     * Waits for a lane that has been stopped (closing its reader ends it promptly), even when
     * interrupted: the lane must not outlive the download. The interrupt status is kept.
     */
    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /**
     * The articles of one download handed out in file order, and the failure at the lowest offset.
     * Thread-safe: guarded by its monitor.
     */
    static final class Claims {
        private final SegmentMap map;
        private long next;
        /** No article starting here or later is handed out: the lowest failure so far, or the end. */
        private long stopAt;

        private long failedAt = Long.MAX_VALUE;
        private IOException failure;
        private Throwable unexpected;

        Claims(SegmentMap map) {
            this.map = map;
            this.stopAt = map.size();
        }

        /** The next article's byte range, or null when there is none left to claim. */
        synchronized ArticleSpan next() {
            if (next >= stopAt) return null;
            ArticleSpan span = map.span(next);
            next = span.end();
            return span;
        }

        /** The article at {@code start} could not be read: nothing after it is claimed any more. */
        synchronized void failed(long start, IOException e) {
            if (start < failedAt) {
                failedAt = start;
                failure = e;
            }
            stopAt = Math.min(stopAt, start);
        }

        /** A lane broke on a bug or the JVM rather than on Usenet or the disk: stop everything. */
        synchronized void broke(Throwable e) {
            if (unexpected == null) unexpected = e;
            stopAt = 0;
        }

        synchronized void stopAll() {
            stopAt = 0;
        }

        synchronized void rethrowFirstFailure() throws IOException {
            if (unexpected instanceof Error e) throw e;
            if (unexpected != null) throw new IllegalStateException("a download lane failed", unexpected);
            if (failure != null) throw failure;
        }
    }

    /** One thread with one reader, reading the articles it claims. */
    private static final class Lane {
        final Thread thread;
        private final Usenet usenet;
        private final SegmentMap map;
        private final FileChannel channel;
        private final Claims claims;
        private final AtomicLong written;
        private volatile NzbReader reader;
        private volatile boolean stopped;

        Lane(int number, Usenet usenet, SegmentMap map, FileChannel channel, Claims claims, AtomicLong written) {
            this.usenet = usenet;
            this.map = map;
            this.channel = channel;
            this.claims = claims;
            this.written = written;
            this.thread =
                    Thread.ofPlatform().name("nzbmount-fetch-lane-" + number).unstarted(this::run);
        }

        /** Closes the lane's reader, which makes a read in progress throw at once. */
        void stop() {
            stopped = true;
            NzbReader r = reader;
            if (r != null) r.close();
        }

        private void run() {
            // One fetch at a time: the lane reads exactly the articles it claimed, never a neighbour.
            try (NzbReader r = usenet.open(map, Priority.FOREGROUND, 1)) {
                reader = r;
                if (stopped) return;
                // Direct: the channel writes it as it is, where a heap array would be copied first.
                ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK);
                for (ArticleSpan span = claims.next(); span != null; span = claims.next()) {
                    try {
                        copy(r, span, buf);
                    } catch (IOException e) {
                        claims.failed(span.start(), e);
                    }
                }
            } catch (RuntimeException | Error e) {
                // The claimed article was not written: the download must fail, never end with a gap.
                claims.broke(e);
            }
        }

        private void copy(NzbReader r, ArticleSpan span, ByteBuffer buf) throws IOException {
            long offset = span.start();
            while (offset < span.end()) {
                buf.clear().limit((int) Math.min(buf.capacity(), span.end() - offset));
                int n = r.read(offset, buf);
                if (n < 0) throw new IOException("the reader ended at " + offset + " of " + map.size() + " bytes");
                buf.flip();
                long at = offset;
                while (buf.hasRemaining()) at += channel.write(buf, at);
                offset += n;
                written.addAndGet(n);
            }
        }
    }
}
