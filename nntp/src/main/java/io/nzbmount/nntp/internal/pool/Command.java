package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.internal.protocol.BlockDrain;
import io.nzbmount.nntp.internal.protocol.BodySink;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One command on a {@link PipelinedConnection} and what became of it. Its borrower waits for it
 * with {@link #await}, or gives it up with {@link #cancel}. Thread-safe: the borrower's thread,
 * the connection's reader and writer threads and a drain's watch meet on this command's lock (a
 * {@link ReentrantLock}, never its monitor: a virtual thread waiting on a monitor pins its carrier
 * on JDK 21).
 */
public final class Command {
    private final PipelinedConnection connection;
    final String line;
    final BodySink sink;
    /** Set by the writer before the reader may see the command: whether a reply was due before its own. */
    volatile boolean queued;

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when the command ends and when its turn comes. */
    private final Condition changed = lock.newCondition();

    private NntpReply reply;
    private IOException error;
    private boolean ended;
    private boolean released;
    private boolean cancelled;
    private long cancelledAt;
    private long turnAt;
    /** Set on the reader's thread only. */
    private NntpConnection.Pipeline reading;

    Command(PipelinedConnection connection, String line, BodySink sink) {
        this.connection = connection;
        this.line = line;
        this.sink = sink;
    }

    /**
     * Waits until the reply is read (its body fed to the sink) and returns it.
     *
     * @param deadlineNanos {@code System.nanoTime()} by which to give up: the command is then
     *                      cancelled and a {@link SocketTimeoutException} thrown
     * @throws InterruptedException interrupted: the command is cancelled first
     * @throws IOException          the connection broke or was closed before or while it was read
     */
    public NntpReply await(long deadlineNanos) throws IOException, InterruptedException {
        lock.lock();
        try {
            try {
                while (!ended) {
                    long left = deadlineNanos - System.nanoTime();
                    if (left <= 0) break;
                    changed.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                cancelLocked();
                throw e;
            }
            if (!ended) {
                cancelLocked();
                throw new SocketTimeoutException("the fetch's time budget is spent");
            }
            if (error != null) throw error;
            return reply;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Gives the command up: once this returns the sink is never called again, so its buffer
     * is the caller's. The reply is still read, and dropped.
     */
    public void cancel() {
        lock.lock();
        try {
            cancelLocked();
        } finally {
            lock.unlock();
        }
    }

    private void cancelLocked() {
        if (cancelled || ended) return;
        cancelled = true;
        cancelledAt = System.nanoTime();
        Thread.ofVirtual().name("nzbmount-nntp-drain-" + connection.name()).start(this::limitDrain);
    }

    /**
     * Breaks the connection when the reply given up has not been read to its end
     * {@value PipelinedConnection#DRAIN_MILLIS} ms after its turn came (or after the cancel, when later): the
     * reader may be blocked waiting for a status line that does not come.
     */
    private void limitDrain() {
        lock.lock();
        try {
            while (!ended) {
                if (turnAt == 0) {
                    changed.await();
                    continue;
                }
                long left = drainDeadline() - System.nanoTime();
                if (left <= 0) break;
                changed.awaitNanos(left);
            }
            if (ended) return;
        } catch (InterruptedException e) {
            return;
        } finally {
            lock.unlock();
        }
        connection.breakDown(new SocketTimeoutException(
                "a reply given up was not read within " + PipelinedConnection.DRAIN_MILLIS + " ms"));
    }

    /** Whether a reply was due on the connection before this one's: its first byte waited for that. */
    public boolean queued() {
        return queued;
    }

    /** True once answered, drained or failed. */
    public boolean ended() {
        lock.lock();
        try {
            return ended;
        } finally {
            lock.unlock();
        }
    }

    /** The connection this command is on. */
    public PipelinedConnection connection() {
        return connection;
    }

    void turn(long now, NntpConnection.Pipeline io) {
        lock.lock();
        try {
            turnAt = now;
            reading = io;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    long deadline() {
        lock.lock();
        try {
            return cancelled ? drainDeadline() : NntpConnection.NO_DEADLINE;
        } finally {
            lock.unlock();
        }
    }

    private long drainDeadline() {
        return Math.max(turnAt, cancelledAt) + PipelinedConnection.DRAIN_MILLIS * 1_000_000L;
    }

    /**
     * The borrower is done with the command (cancel it first to give it up unanswered).
     *
     * @return true when it has ended too: its place is free now; otherwise it is freed
     *     when it ends
     */
    boolean release() {
        lock.lock();
        try {
            if (released) throw new IllegalStateException("command released twice");
            released = true;
            return ended;
        } finally {
            lock.unlock();
        }
    }

    /** @return true when the borrower had released it: its place is free now */
    boolean answered(NntpReply r) {
        lock.lock();
        try {
            reply = r;
            ended = true;
            changed.signalAll();
            return released;
        } finally {
            lock.unlock();
        }
    }

    /** @return true when the borrower had released it: its place is free now */
    boolean failed(IOException e) {
        lock.lock();
        try {
            if (ended) return false;
            error = e;
            ended = true;
            changed.signalAll();
            return released;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The body's sink as the reader feeds it: the command's own sink until it is cancelled,
     * then a drain that starts where that sink stopped. Runs on the reader's thread.
     */
    final class Guard implements BodySink {
        private BlockDrain.Position position = BlockDrain.Position.LINE_START;
        private BlockDrain drain;
        private boolean complete;

        @Override
        public int accept(byte[] buf, int off, int len) throws IOException {
            connection.heard();
            if (drain == null) {
                lock.lock();
                try {
                    if (!cancelled) {
                        int used = sink.accept(buf, off, len);
                        complete = sink.isComplete();
                        if (!complete) position = position.after(buf, off, used);
                        return used;
                    }
                    reading.deadline(drainDeadline());
                } finally {
                    lock.unlock();
                }
                drain = new BlockDrain(position);
            }
            int used = drain.accept(buf, off, len);
            complete = drain.isComplete();
            return used;
        }

        @Override
        public boolean isComplete() {
            return complete;
        }
    }
}
