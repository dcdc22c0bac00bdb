package io.nzbmount.bench;

import io.nzbmount.nntp.embedded.FileContent;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * One player watching one file the way Kodi does on a WebDAV share, over and over until told to
 * stop: {@code bytes=0-} on a first connection, read a little (the probe) and left open and
 * unread while a second connection reads the last 128 KiB (the cues); then a pause, then the
 * first response is played on at {@code bytesPerSecond} after a burst that fills the player's
 * cache; a seek closes the playing connection and opens {@code bytes=N-} on a new one; some
 * plays run to the end of the file. Every body byte is compared with the file's content; a
 * response that ends, fails or goes quiet for 25 s before the player is done with it is a short
 * read. Thread-confined except for the tallies, which any thread may read.
 */
final class KodiReader implements Runnable {
    private static final int PROBE = 2 << 20;
    private static final int CUES = 128 << 10;
    private static final int CACHE_BURST = 8 << 20;
    private static final int CHUNK = 64 << 10;

    /** What all readers found; thread-safe. */
    static final class Tally {
        final AtomicLong bytes = new AtomicLong();
        final AtomicLong wrongBytes = new AtomicLong();
        final AtomicLong shortReads = new AtomicLong();
        final AtomicLong responses = new AtomicLong();
        final AtomicLong seeks = new AtomicLong();
        final AtomicLong toTheEnd = new AtomicLong();
        final List<String> problems = new CopyOnWriteArrayList<>();

        void problem(String what) {
            if (problems.size() < 20) problems.add(what);
        }
    }

    private final String host;
    private final int port;
    private final String path;
    private final long size;
    private final FileContent content;
    private final long bytesPerSecond;
    private final Random random;
    private final Tally tally;
    private final BooleanSupplier stop;
    private final byte[] buf = new byte[CHUNK];
    private final byte[] expected = new byte[CHUNK];

    KodiReader(
            String host,
            int port,
            String path,
            long size,
            FileContent content,
            long bytesPerSecond,
            long seed,
            Tally tally,
            BooleanSupplier stop) {
        this.host = host;
        this.port = port;
        this.path = path;
        this.size = size;
        this.content = content;
        this.bytesPerSecond = bytesPerSecond;
        this.random = new Random(seed);
        this.tally = tally;
        this.stop = stop;
    }

    @Override
    public void run() {
        while (!stop.getAsBoolean()) {
            try {
                play();
            } catch (IOException e) {
                tally.shortReads.incrementAndGet();
                tally.problem(path + ": " + e);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One play of the file: open, probe, cues, pause, play with seeks, stop. */
    private void play() throws IOException, InterruptedException {
        RangeResponse first = new RangeResponse(host, port);
        try {
            first.open(path, 0, size);
            tally.responses.incrementAndGet();
            readChecked(first, PROBE, Long.MAX_VALUE);
            try (RangeResponse second = new RangeResponse(host, port)) {
                second.open(path, size - CUES, size);
                tally.responses.incrementAndGet();
                readChecked(second, CUES, Long.MAX_VALUE);
                if (second.left() != 0)
                    throw new IOException("the cues response has " + second.left() + " bytes more than asked");
            }
            // The first response sits unread while the player sets up.
            Thread.sleep(1000 + random.nextInt(4000));
            RangeResponse playing = first;
            int seeks = random.nextInt(3);
            for (int i = 0; i <= seeks && !stop.getAsBoolean(); i++) {
                if (i > 0) {
                    playing.close();
                    playing = new RangeResponse(host, port);
                    first = playing;
                    // One seek in four goes near the end, so plays run to the last byte too.
                    long to = random.nextInt(4) == 0
                            ? size - 1 - (long) (random.nextDouble() * 24 * CHUNK * 16)
                            : (long) (random.nextDouble() * size);
                    playing.open(path, Math.max(0, to), size);
                    tally.responses.incrementAndGet();
                    tally.seeks.incrementAndGet();
                }
                long seconds = 10L + random.nextInt(30);
                readChecked(playing, Long.MAX_VALUE, System.nanoTime() + seconds * 1_000_000_000L);
                if (playing.left() == 0) {
                    tally.toTheEnd.incrementAndGet();
                    break;
                }
            }
        } finally {
            first.close();
        }
    }

    /**
     * Reads up to {@code limit} bytes of {@code r} (all of them when it ends first), stopping at
     * {@code until} ({@code System.nanoTime()}) or when told to stop; after the first
     * {@link #CACHE_BURST} bytes at full speed, at {@code bytesPerSecond}.
     */
    private void readChecked(RangeResponse r, long limit, long until) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long read = 0;
        while (read < limit && r.left() > 0 && System.nanoTime() < until && !stop.getAsBoolean()) {
            long at = r.offset();
            int n = r.read(buf, (int) Math.min(CHUNK, limit - read));
            content.read(at, expected, 0, n);
            int wrong = 0;
            for (int i = 0; i < n; i++) if (buf[i] != expected[i]) wrong++;
            if (wrong > 0) {
                tally.wrongBytes.addAndGet(wrong);
                tally.problem(path + ": " + wrong + " wrong bytes in " + n + " at offset " + at);
            }
            read += n;
            tally.bytes.addAndGet(n);
            long due = start + (long) (Math.max(0, read - CACHE_BURST) * 1e9 / bytesPerSecond);
            long wait = due - System.nanoTime();
            if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }
}
