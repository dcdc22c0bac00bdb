package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** One piece of a {@link SegmentReader}'s window and its fetch. */
final class Slot {

    static final int RUNNING = 0;
    static final int DONE = 1;
    static final int ABANDONED = 2;

    final int index;
    /** RUNNING until the fetch succeeds (DONE) or the slot is dropped first (ABANDONED). */
    final AtomicInteger state = new AtomicInteger(RUNNING);
    /** Written by the fetch before it moves state to DONE; owns its buffer from then on. */
    DecodedArticle result;
    /** Set once, under the reader's monitor, before the slot joins the window. */
    Future<DecodedArticle> future;
    /** Its failure was thrown to a read; the next read here fetches again. Guarded by the reader. */
    boolean failedAndReported;
    /**
     * Done once its fetch has its place on a connection, has stopped, or the slot was dropped
     * (its fetch may then never run): the fetch of the slot after it waits for this.
     */
    final CompletableFuture<Void> placed = new CompletableFuture<>();

    Slot(int index) {
        this.index = index;
    }
}
