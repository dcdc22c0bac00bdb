package io.nzbmount.server.cli;

import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
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
 * Downloads one mapped file into a channel as a few contiguous ranges ("lanes") at once, each
 * read by its own reader on its own thread and written where it belongs with positional writes.
 *
 * <p>Why lanes rather than one reader: a reader opens its read-ahead gradually (one article at a
 * new position, doubling from there), and every step waits for new connections; a download of a
 * few hundred MiB spends a good part of its time in that ramp. Lanes that each keep
 * {@value #LANE_READ_AHEAD} fetches running have every connection busy from the first article
 * on, and the decoded bytes are copied and written by several threads instead of one.
 *
 * <p>Ranges start on article boundaries (multiples of the part size), so no article is fetched
 * by two lanes of a regular post. A failure stops the lanes after it (their readers are closed,
 * which cancels their fetches) but not those before it, so the failure reported is the one at
 * the lowest offset, as a front-to-back download would meet it.
 *
 * <p>Not thread-safe: one call of {@link #download} at a time; the lanes are its own threads,
 * all ended when it returns.
 */
final class FetchLanes {
    /** Fetches each lane keeps running: one being read while the next arrives. */
    static final int LANE_READ_AHEAD = 2;
    private static final int CHUNK = 1 << 20;
    private static final long PROGRESS_NANOS = 100_000_000L;

    private final Usenet usenet;
    private final int lanes;

    /** @param lanes the most ranges read at once, at least 1 (the connections the providers allow is a good choice) */
    FetchLanes(Usenet usenet, int lanes) {
        if (lanes < 1) throw new IllegalArgumentException("lanes must be >= 1: " + lanes);
        this.usenet = usenet;
        this.lanes = lanes;
    }

    /**
     * Writes the whole file into {@code channel} at positions 0 to {@code map.size()}, telling
     * {@code progress} the bytes written so far from time to time (on the calling thread).
     *
     * @throws ReadFailure the failure at the lowest offset that could not be read
     * @throws IOException a write failed, or the download was interrupted
     */
    void download(FileMap map, FileChannel channel, LongConsumer progress) throws IOException {
        List<Lane> all = new ArrayList<>();
        AtomicLong written = new AtomicLong();
        for (long[] range : ranges(map.size(), map.articles(), map.partSize(), lanes)) {
            all.add(new Lane(map, channel, range[0], range[1], written, all));
        }
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
                stopAll(all);
                for (Lane lane : all) joinUninterruptibly(lane.thread);
            }
        }
        progress.accept(written.get());
        rethrowFirstFailure(all);
    }

    /**
     * Splits {@code articles} articles of {@code partSize} bytes (the last may be shorter) into at
     * most {@code lanes} byte ranges {@code [from, to)} of whole articles, as even as can be.
     */
    static List<long[]> ranges(long size, int articles, int partSize, int lanes) {
        int n = Math.max(1, Math.min(lanes, articles));
        List<long[]> ranges = new ArrayList<>(n);
        long from = 0;
        for (int i = 0; i < n; i++) {
            long lastArticle = (long) articles * (i + 1) / n;
            long to = i == n - 1 ? size : Math.min(size, lastArticle * partSize);
            if (to > from) ranges.add(new long[] {from, to});
            from = Math.max(from, to);
        }
        return ranges;
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

    private static void stopAll(List<Lane> all) {
        for (Lane lane : all) lane.stop();
    }

    /** Throws what stopped the lowest lane that failed on its own; cancellations it caused are not failures. */
    private static void rethrowFirstFailure(List<Lane> all) throws IOException {
        for (Lane lane : all) {
            if (lane.unexpected != null) throw new IllegalStateException("a download lane failed", lane.unexpected);
            IOException f = lane.failure;
            if (f != null && !(f instanceof ReadCancelledException && lane.stoppedByOthers)) throw f;
        }
        for (Lane lane : all) {
            if (lane.failure != null) throw lane.failure;
        }
    }

    /** One range, read by one reader on one thread. */
    private final class Lane {
        final Thread thread;
        private final FileMap map;
        private final FileChannel channel;
        private final long from;
        private final long to;
        private final AtomicLong written;
        private final List<Lane> all;
        private volatile NzbReader reader;
        /** Set by the lane's thread before it ends; read after join. */
        IOException failure;
        RuntimeException unexpected;
        /** Stopped by another lane's failure or by an interrupted download; its cancellation is no failure of its own. */
        volatile boolean stoppedByOthers;

        Lane(FileMap map, FileChannel channel, long from, long to, AtomicLong written, List<Lane> all) {
            this.map = map;
            this.channel = channel;
            this.from = from;
            this.to = to;
            this.written = written;
            this.all = all;
            this.thread = Thread.ofPlatform().name("nzbmount-fetch-lane-" + from).unstarted(this::run);
        }

        void stop() {
            stoppedByOthers = true;
            NzbReader r = reader;
            if (r != null) r.close();
        }

        private void run() {
            try (NzbReader r = usenet.open(map, Priority.FOREGROUND, LANE_READ_AHEAD)) {
                reader = r;
                if (stoppedByOthers) return;
                byte[] buf = new byte[CHUNK];
                ByteBuffer wrapped = ByteBuffer.wrap(buf);
                long offset = from;
                while (offset < to) {
                    int n = r.read(offset, buf, 0, (int) Math.min(buf.length, to - offset));
                    if (n < 0) {
                        throw new IOException("the reader ended at " + offset + " of " + map.size() + " bytes");
                    }
                    wrapped.clear().limit(n);
                    long at = offset;
                    while (wrapped.hasRemaining()) at += channel.write(wrapped, at);
                    offset += n;
                    written.addAndGet(n);
                }
            } catch (IOException e) {
                failure = e;
                if (!stoppedByOthers) stopLater();
            } catch (RuntimeException e) {
                unexpected = e;
                stopLater();
            }
        }

        /** Stops the lanes after this one: the first failure in file order is all that is reported. */
        private void stopLater() {
            for (Lane other : all) {
                if (other.from > from) other.stop();
            }
        }
    }
}
