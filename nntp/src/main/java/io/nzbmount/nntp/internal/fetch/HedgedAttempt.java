package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PipelinedConnection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One article asked of a provider, and asked again in parallel when that provider is late with
 * it ({@link HedgeRule}): of the next provider, or on another connection of the same one when it
 * is the only one. The first body that decodes with a good CRC wins, and a first attempt that
 * ends without one ends the race (the hedge never makes a fetch take longer); the other attempt is
 * cancelled (its command given up and drained on its connection) and has stopped before this
 * returns, so nothing writes into a buffer the caller may reuse.
 *
 * <p>Lateness is judged where the attempt stands ({@link #late}): a reply queued behind others on
 * a connection that keeps receiving is not late, only one behind a connection gone quiet.
 *
 * <p>The hedge decodes into a buffer of its own; the winner's is in the result. A provider whose
 * articles keep being served by the hedge instead ({@value #LOST_IN_A_ROW} in a row) is treated as
 * stalling: asked last for a while.
 *
 * <p>Thread-safe: each call runs its attempts on virtual threads of its own.
 */
final class HedgedAttempt {

    /**
     * One attempt at one provider, decoding into {@code decoding}, not queued behind the
     * connection {@code avoid} (may be null), telling {@code placed} which connection it took.
     */
    @FunctionalInterface
    interface Attempt {
        Outcome run(
                ConnectionPool pool,
                TimedDecoding decoding,
                PipelinedConnection avoid,
                Consumer<PipelinedConnection> placed)
                throws ReadCancelledException;
    }

    static final int LOST_IN_A_ROW = 3;
    private static final long POLL_MILLIS = 10;

    private final HedgeRule rule;
    private final ArticleDecoder decoder;
    private final LongSupplier nanos;

    HedgedAttempt(HedgeRule rule, ArticleDecoder decoder, LongSupplier nanos) {
        this.rule = rule;
        this.decoder = decoder;
        this.nanos = nanos;
    }

    /**
     * @param first          the provider asked
     * @param alternate      the provider asked again when {@code first} is late (may be {@code first})
     * @param firstMeter     what is known of {@code first}: its estimate, and where its hedges are counted
     * @param placed         told as the first attempt's {@code placed} is (null once its place is
     *                       settled, then the connection it went to)
     */
    Outcome run(
            ConnectionPool first,
            ConnectionPool alternate,
            ProviderMeter firstMeter,
            byte[] dest,
            Consumer<PipelinedConnection> placed,
            Attempt attempt)
            throws ReadCancelledException {
        Race race = new Race();
        long start = nanos.getAsLong();
        TimedDecoding primary = new TimedDecoding(decoder.start(dest), nanos);
        AtomicReference<PipelinedConnection> firstConnection = new AtomicReference<>();
        race.start(
                0,
                () -> attempt.run(first, primary, null, connection -> {
                    if (connection != null) firstConnection.set(connection);
                    placed.accept(connection);
                }));
        boolean hedged = false;
        try {
            while (true) {
                Race.Result r = race.await(POLL_MILLIS);
                if (r != null) {
                    if (hedged) {
                        if (r.index() == 1 && r.outcome() instanceof Outcome.Served)
                            firstMeter.lostHedge(nanos.getAsLong());
                        else firstMeter.wonHedge();
                    }
                    return r.outcome();
                }
                PipelinedConnection on = firstConnection.get();
                // Waiting for a place on the only provider, a second ask would wait in the same
                // queue: only another provider, or another connection than a late one, can help.
                boolean worthAsking = alternate != first || on != null;
                if (!hedged && worthAsking && late(start, primary, on, firstMeter.estimate())) {
                    hedged = true;
                    firstMeter.hedged();
                    TimedDecoding second = new TimedDecoding(decoder.start(new byte[dest.length]), nanos);
                    // On the same provider, never behind the late command itself.
                    PipelinedConnection avoid = alternate == first ? on : null;
                    race.start(1, () -> attempt.run(alternate, second, avoid, connection -> {}));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("article fetch interrupted");
        } finally {
            race.stopAll();
        }
    }

    /**
     * Whether the first attempt is late now: judged from its start while it waits for a place on
     * a connection, by its connection's silence while no byte of its reply has come (a reply
     * queued behind others on a connection that keeps receiving is not late), and by its rate
     * once its body flows.
     */
    private boolean late(long start, TimedDecoding primary, PipelinedConnection on, LatencyEstimate.Snapshot estimate) {
        long now = nanos.getAsLong();
        if (on == null) return rule.lateForAPlace(start, now, estimate);
        long first = primary.firstByteNanos();
        if (first < 0) return rule.lateWaiting(on.waitedNanos(System.nanoTime()), estimate);
        return rule.trickles(first, now, primary.bytes(), estimate);
    }

    /**
     * Up to two attempts racing. The first to serve wins; when the first attempt ends without
     * serving, its outcome counts and the hedge is stopped.
     */
    private static final class Race {
        record Result(int index, Outcome outcome) {}

        // A j.u.c. lock, not a monitor: a virtual thread waiting on a monitor pins its carrier on JDK 21.
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private final Thread[] threads = new Thread[2];
        private final Outcome[] outcomes = new Outcome[2];
        private final boolean[] ended = new boolean[2];

        void start(int index, Task task) {
            lock.lock();
            try {
                threads[index] = Thread.ofVirtual()
                        .name("nzbmount-fetch-attempt")
                        .start(() -> {
                            Outcome o = null;
                            try {
                                o = task.run();
                            } catch (ReadCancelledException cancelled) {
                                // Stopped by the race: it lost, or the caller went away.
                            } finally {
                                finished(index, o);
                            }
                        });
            } finally {
                lock.unlock();
            }
        }

        private void finished(int index, Outcome o) {
            lock.lock();
            try {
                outcomes[index] = o;
                ended[index] = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** The result once there is one, or null after {@code millis} without. */
        @SuppressWarnings("WaitNotInLoop") // a spurious wakeup is an early null, which the caller polls again
        Result await(long millis) throws InterruptedException {
            lock.lock();
            try {
                Result r = result();
                if (r == null) {
                    changed.await(millis, TimeUnit.MILLISECONDS);
                    r = result();
                }
                return r;
            } finally {
                lock.unlock();
            }
        }

        /** Under the lock. */
        private Result result() {
            for (int i = 0; i < 2; i++) if (outcomes[i] instanceof Outcome.Served) return new Result(i, outcomes[i]);
            // The first attempt's end is the end: a hedge only ever makes a fetch faster, never
            // longer than it would be without one (the fetch asks the next provider in its turn).
            if (!ended[0]) return null;
            Outcome o = outcomes[0] != null
                    ? outcomes[0]
                    : new Outcome.Transient(new java.io.IOException("the attempt was cancelled"));
            return new Result(0, o);
        }

        /** Interrupts every attempt still running and waits until each has stopped. */
        void stopAll() {
            Thread[] all;
            lock.lock();
            try {
                all = threads.clone();
                for (int i = 0; i < all.length; i++) {
                    if (all[i] != null && !ended[i]) all[i].interrupt();
                }
            } finally {
                lock.unlock();
            }
            boolean interrupted = Thread.interrupted();
            for (Thread t : all) {
                while (t != null && t.isAlive()) {
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** An attempt as the race runs it. */
    @FunctionalInterface
    private interface Task {
        Outcome run() throws ReadCancelledException;
    }
}
