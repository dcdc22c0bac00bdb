package io.nzbmount.server.api;

import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands new timeline events to the open event streams as they are stored. Events are written by
 * many parts of the server, some inside their own transactions, so the feed reads them back from
 * the {@link EventLog} instead of being told: one thread for all subscribers asks for events after
 * the last one seen, every {@code period}. Only events stored after the feed started are handed
 * on (the history is {@code GET /api/events}'s).
 *
 * <p>A subscriber is a bounded queue; one that falls {@value #QUEUE} events behind is ended (its
 * client reconnects and catches up with {@code Last-Event-ID}) rather than holding memory.
 * Thread-safe. {@link #close()} ends every subscription: their streams then finish their
 * responses, so a server stop does not wait for them.
 */
public final class EventFeed implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventFeed.class);
    static final int QUEUE = 1000;
    private static final int PAGE = 200;

    /** What a subscription receives: an event, or the end of the feed. */
    sealed interface Message {
        record Event(EventRecord event) implements Message {}

        record End(String why) implements Message {}
    }

    /** One open stream's queue. */
    final class Subscription implements AutoCloseable {
        private final BlockingQueue<Message> queue = new ArrayBlockingQueue<>(QUEUE + 1);

        /** The next message, or null when none came within {@code wait}. */
        Message next(Duration wait) throws InterruptedException {
            return queue.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
        }

        private void offer(Message m) {
            if (queue.remainingCapacity() > 1) {
                queue.offer(m);
            } else {
                subscribers.remove(this);
                queue.offer(new Message.End("the client fell too far behind"));
            }
        }

        @Override
        public void close() {
            subscribers.remove(this);
        }
    }

    private final EventLog log;
    private final Duration period;
    private final Instant startedAt;
    private final Set<Subscription> subscribers = new CopyOnWriteArraySet<>();
    private final Thread poller;
    private volatile boolean closed;
    private long lastId;

    /** Starts the feed's thread. */
    public EventFeed(EventLog log, Clock clock, Duration period) {
        this.log = log;
        this.period = period;
        // A second back: an event stored as the feed starts is not lost to clock granularity.
        this.startedAt = clock.instant().minusSeconds(1);
        this.poller = Thread.ofVirtual().name("nzbmount-event-feed").start(this::run);
    }

    /** A new subscription; closed at once when the feed is closed. */
    Subscription subscribe() {
        Subscription s = new Subscription();
        subscribers.add(s);
        if (closed) {
            subscribers.remove(s);
            s.queue.offer(new Message.End("the server is stopping"));
        }
        return s;
    }

    /** Events after {@code afterId}, oldest first, at most {@code limit}: what a reconnecting client missed. */
    List<EventRecord> after(long afterId, int limit) throws StoreException {
        return log.find(new EventQuery(afterId, Optional.empty(), OptionalLong.empty(), limit));
    }

    boolean closed() {
        return closed;
    }

    private void run() {
        while (!closed) {
            try {
                Thread.sleep(period);
                publishNew();
            } catch (InterruptedException e) {
                return;
            } catch (StoreException | RuntimeException e) {
                LOG.warn("reading new events for the event streams failed; trying again", e);
            }
        }
    }

    private void publishNew() throws StoreException {
        while (!closed) {
            List<EventRecord> page =
                    log.find(new EventQuery(lastId, Optional.of(startedAt), OptionalLong.empty(), PAGE));
            for (EventRecord e : page) {
                lastId = Math.max(lastId, e.id());
                for (Subscription s : subscribers) s.offer(new Message.Event(e));
            }
            if (page.size() < PAGE) return;
        }
    }

    @Override
    @SuppressWarnings("ModifyCollectionInEnhancedForLoop") // subscribers is a CopyOnWriteArraySet
    public void close() {
        closed = true;
        poller.interrupt();
        for (Subscription s : subscribers) {
            subscribers.remove(s);
            s.queue.offer(new Message.End("the server is stopping"));
        }
        try {
            poller.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
