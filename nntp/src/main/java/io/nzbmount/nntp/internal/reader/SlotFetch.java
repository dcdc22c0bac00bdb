package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fetch task of a {@link SegmentReader}'s slots: waits for the slot before it to have its
 * place on a connection (so the article a read needs first is never queued behind a later one),
 * takes one of the reader's permits and a buffer of its pool, fetches the first copy of the
 * segment that passes the map's check ({@link Copies}), and hands it to the slot, or the buffer
 * back when the slot was dropped meanwhile.
 * Thread-safe: one call per slot, on the reader's executor.
 */
final class SlotFetch {

    private final PiecewiseSegmentMap map;
    private final ArticleFetcher fetcher;
    private final Priority priority;
    private final Semaphore permits;
    private final BufferPool pool;
    private final AtomicLong fetched;

    /**
     * @param permits the most fetches of the reader that may run at once, cancelled ones included
     * @param fetched counts the articles fetched and kept
     */
    SlotFetch(
            PiecewiseSegmentMap map,
            ArticleFetcher fetcher,
            Priority priority,
            Semaphore permits,
            BufferPool pool,
            AtomicLong fetched) {
        this.map = map;
        this.fetcher = fetcher;
        this.priority = priority;
        this.permits = permits;
        this.pool = pool;
        this.fetched = fetched;
    }

    /**
     * Fetches {@code slot}'s piece once {@code before} is done; completes the slot's placement
     * once it has its place or has stopped, whichever comes first.
     */
    DecodedArticle run(Slot slot, CompletableFuture<Void> before) throws ReadFailure, ReadCancelledException {
        try {
            return fetch(slot, before);
        } finally {
            slot.placed.complete(null);
        }
    }

    private DecodedArticle fetch(Slot slot, CompletableFuture<Void> before) throws ReadFailure, ReadCancelledException {
        try {
            before.get();
            permits.acquire();
        } catch (InterruptedException e) {
            throw new ReadCancelledException("read-ahead cancelled");
        } catch (ExecutionException e) {
            throw new IllegalStateException("a placement never fails", e);
        }
        try {
            byte[] buffer = pool.take();
            DecodedArticle article;
            try {
                // Each copy the NZB lists is checked against the map before it is used.
                article = Copies.fetch(
                        fetcher,
                        map.segment(slot.index),
                        priority,
                        buffer,
                        () -> slot.placed.complete(null),
                        a -> map.verify(slot.index, a));
            } catch (ReadFailure | ReadCancelledException | RuntimeException e) {
                pool.give(buffer);
                throw e;
            }
            if (article.data() != buffer) pool.give(buffer);
            slot.result = article;
            if (!slot.state.compareAndSet(Slot.RUNNING, Slot.DONE)) {
                pool.give(article.data());
                throw new ReadCancelledException("read-ahead cancelled");
            }
            fetched.incrementAndGet();
            return article;
        } finally {
            permits.release();
        }
    }
}
