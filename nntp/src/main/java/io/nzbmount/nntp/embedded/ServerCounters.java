package io.nzbmount.nntp.embedded;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** What the embedded server has seen, for tests to check. Thread-safe; read at any time. */
public final class ServerCounters {
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong open = new AtomicLong();
    private final AtomicLong maxConcurrent = new AtomicLong();
    private final AtomicLong bodyCommands = new AtomicLong();
    private final AtomicLong statCommands = new AtomicLong();
    private final Map<String, LongAdder> bodiesById = new ConcurrentHashMap<>();

    /** Connections accepted since start (refused ones included). */
    public long accepted() {
        return accepted.get();
    }

    /** Connections open now. */
    public long openNow() {
        return open.get();
    }

    /** The most connections that were ever open at the same time. */
    public long maxConcurrent() {
        return maxConcurrent.get();
    }

    /** BODY and ARTICLE commands received, whatever they were answered. */
    public long bodyCommands() {
        return bodyCommands.get();
    }

    /** BODY and ARTICLE commands received for one message id (without angle brackets). */
    public long bodyCommands(String messageId) {
        LongAdder n = bodiesById.get(messageId);
        return n == null ? 0 : n.sum();
    }

    /** STAT commands received, whatever they were answered. */
    public long statCommands() {
        return statCommands.get();
    }

    long connectionOpened() {
        accepted.incrementAndGet();
        long now = open.incrementAndGet();
        maxConcurrent.accumulateAndGet(now, Math::max);
        return now;
    }

    void connectionClosed() {
        open.decrementAndGet();
    }

    void bodyCommand() {
        bodyCommands.incrementAndGet();
    }

    void bodyCommand(String messageId) {
        bodiesById.computeIfAbsent(messageId, k -> new LongAdder()).increment();
    }

    void statCommand() {
        statCommands.incrementAndGet();
    }
}
