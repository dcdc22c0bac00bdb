package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import io.nzbmount.nntp.internal.fetch.StatAnswers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/**
 * A link in front of a {@link FakeFetcher} that records the order in which fetches take their
 * places, and can hold an article's placement until told (a busy connection). Thread-safe.
 */
final class PlacingFetcher implements ArticleFetcher {

    private final FakeFetcher fake;
    private final List<Integer> placed = Collections.synchronizedList(new ArrayList<>());
    private final Map<Integer, CountDownLatch> held = new ConcurrentHashMap<>();

    PlacingFetcher(FakeFetcher fake) {
        this.fake = fake;
    }

    /** The fetch of article {@code index} waits for its place until {@link #place}. */
    void hold(int index) {
        held.put(index, new CountDownLatch(1));
    }

    void place(int index) {
        CountDownLatch gate = held.remove(index);
        if (gate != null) gate.countDown();
    }

    /** The articles in the order they took their places. */
    List<Integer> placed() {
        synchronized (placed) {
            return List.copyOf(placed);
        }
    }

    @Override
    public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest)
            throws ReadFailure, ReadCancelledException {
        return fake.fetch(segment, priority, dest);
    }

    @Override
    public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest, Runnable onPlaced)
            throws ReadFailure, ReadCancelledException {
        int index = fake.file().segments().indexOf(segment);
        CountDownLatch gate = held.get(index);
        if (gate != null) {
            try {
                gate.await();
            } catch (InterruptedException e) {
                throw new ReadCancelledException("cancelled while waiting for a place");
            }
        }
        // As a pool's borrow: a fetch cancelled before it has its place never takes one.
        if (Thread.currentThread().isInterrupted()) throw new ReadCancelledException("cancelled before its place");
        placed.add(index);
        onPlaced.run();
        return fake.fetch(segment, priority, dest);
    }

    @Override
    public boolean exists(NzbSegment segment, Priority priority) {
        return true;
    }

    @Override
    public StatAnswers statAll(List<String> messageIds, Priority priority) {
        return StatAnswers.NONE;
    }
}
