package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * {@link Usenet} over one {@link ArticleFetcher}: maps files, opens readers, checks articles.
 * Fetches run on virtual threads. Thread-safe.
 *
 * <p>Closing closes every reader still open, then the fetcher's resources (the connection
 * pools).
 */
public final class UsenetService implements Usenet {

    private final Settings settings;
    private final ArticleFetcher fetcher;
    private final AutoCloseable resources;
    private final ExecutorService executor = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("nzbmount-fetch-", 0).factory());
    private final ScheduledExecutorService idleSweeper;
    private final SegmentMapper mapper;
    private final Set<SegmentReader> readers = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * @param resources closed last by {@link #close()} (the pools behind the fetcher); may be null
     */
    public UsenetService(Settings settings, ArticleFetcher fetcher, AutoCloseable resources) {
        this.settings = Objects.requireNonNull(settings);
        this.fetcher = Objects.requireNonNull(fetcher);
        this.resources = resources;
        this.mapper = new SegmentMapper(fetcher, executor, settings.readAhead());
        long idleNanos = settings.idleRelease().toNanos();
        if (idleNanos > 0) {
            idleSweeper = Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().daemon().name("nzbmount-idle-readers").factory());
            long period = Math.max(TimeUnit.MILLISECONDS.toNanos(50), idleNanos / 4);
            idleSweeper.scheduleWithFixedDelay(() -> {
                long now = System.nanoTime();
                for (SegmentReader r : readers) r.releaseIfIdle(now, idleNanos);
            }, period, period, TimeUnit.NANOSECONDS);
        } else {
            idleSweeper = null;
        }
    }

    @Override
    public FileMap map(NzbFile file, Priority priority) throws ReadFailure, ReadCancelledException {
        ensureOpen();
        return mapper.map(file, priority);
    }

    @Override
    public NzbReader open(FileMap map, Priority priority) {
        if (!(map instanceof SegmentMap segmentMap)) {
            throw new IllegalArgumentException("not a map made by Usenet.map: " + map);
        }
        if (closed) throw new IllegalStateException("closed");
        SegmentReader[] self = new SegmentReader[1];
        SegmentReader reader = new SegmentReader(segmentMap, fetcher, priority, executor, settings.readAhead(),
                () -> readers.remove(self[0]));
        self[0] = reader;
        readers.add(reader);
        if (closed) reader.close();
        return reader;
    }

    @Override
    public FileCheck check(NzbFile file) throws ReadCancelledException {
        ensureOpen();
        Semaphore permits = new Semaphore(settings.checkParallelism());
        List<Future<Boolean>> answers = new ArrayList<>();
        try {
            for (NzbSegment segment : file.segments()) {
                answers.add(executor.submit(() -> {
                    permits.acquire();
                    try {
                        return fetcher.exists(segment, Priority.BACKGROUND);
                    } finally {
                        permits.release();
                    }
                }));
            }
            int present = 0;
            int missing = 0;
            int unknown = 0;
            for (Future<Boolean> answer : answers) {
                try {
                    if (answer.get()) present++; else missing++;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof ArticleMissingException) missing++;
                    else if (cause instanceof ReadFailure) unknown++;
                    else if (cause instanceof ReadCancelledException c) throw c;
                    else if (cause instanceof RuntimeException r) throw r;
                    else throw new IllegalStateException("article check failed unexpectedly", cause);
                }
            }
            return new FileCheck(present, missing, unknown);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("check of " + file.name() + " interrupted");
        } finally {
            for (Future<Boolean> answer : answers) answer.cancel(true);
        }
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        if (idleSweeper != null) idleSweeper.shutdownNow();
        for (SegmentReader r : List.copyOf(readers)) r.close();
        executor.shutdownNow();
        if (resources != null) {
            try {
                resources.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the provider connections failed", e);
            }
        }
    }

    /** Readers open now. */
    public int openReaders() {
        return readers.size();
    }

    private void ensureOpen() throws ReadCancelledException {
        if (closed) throw new ReadCancelledException("closed");
    }
}
