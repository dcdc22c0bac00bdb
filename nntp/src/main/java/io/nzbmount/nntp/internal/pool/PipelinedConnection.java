package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.internal.protocol.BlockDrain;
import io.nzbmount.nntp.internal.protocol.BodySink;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One logged-in connection that carries several commands at once (pipelining, RFC 3977 section
 * 3.5). A command is sent as soon as it is given; the server answers in the order the commands
 * came, and the replies are read in that order. Two virtual threads of its own do all its
 * I/O: a writer sends the commands, a reader reads each reply and feeds its body to the sink of
 * the command it answers.
 *
 * <p>No borrower's thread touches the socket, so a borrower that is interrupted (a read-ahead
 * cancelled by a seek) never closes it: its command is {@link Command#cancel() cancelled}, its
 * reply is read to its end and dropped ({@link BlockDrain}), and the connection carries the next
 * reply. A drain gets {@value #DRAIN_MILLIS} ms from the later of its cancel and its turn; a
 * provider that cannot finish one in that time breaks the connection instead.
 *
 * <p>An I/O error, a timeout (no first byte within the first-byte timeout of a reply's turn, a
 * gap longer than the between-bytes timeout) or a broken reply breaks the connection: the
 * command being read fails with that error, every other one with
 * {@link ConnectionLostException}, and the socket closes.
 *
 * <p>Thread-safe. The pool owns the connection and counts the places on it: a place is free once
 * its borrower has {@link Command#release() released} its command and the command has ended
 * (answered, drained or failed), in either order; {@code onFreed} is told when the end comes
 * last, never under this connection's lock. That lock is a {@link ReentrantLock}, never the
 * monitor: a virtual thread waiting on a monitor pins its carrier on JDK 21.
 */
public final class PipelinedConnection {

    /** The most a cancelled command's reply may take to be read and dropped. */
    static final long DRAIN_MILLIS = 1000;

    private final NntpConnection.Pipeline io;
    private final String name;
    private final Consumer<PipelinedConnection> onFreed;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when a command is queued or sent, and when the connection closes or breaks. */
    private final Condition changed = lock.newCondition();

    private final ArrayDeque<Command> unsent = new ArrayDeque<>();
    /** Sent and not yet answered, oldest first: the reader's queue. */
    private final ArrayDeque<Command> unanswered = new ArrayDeque<>();
    /** Written under the lock; read without it by {@link #isOpen}, which the pool asks under its own. */
    private volatile boolean closed;

    private volatile IOException failure;
    /**
     * While a reply is due: when the reader began waiting for it or last got bytes of its body
     * ({@code System.nanoTime()}); 0 while no reply is due.
     */
    private volatile long waitingSince;

    /**
     * Starts the threads on {@code connection}, which must be READY (logged in).
     *
     * @param onFreed told, on the reader's thread, when a released command ends: its place is free
     */
    PipelinedConnection(NntpConnection connection, String name, Consumer<PipelinedConnection> onFreed) {
        this.io = connection.pipeline();
        this.name = name;
        this.onFreed = onFreed;
        Thread.ofVirtual().name("nzbmount-nntp-write-" + name).start(this::writeLoop);
        Thread.ofVirtual().name("nzbmount-nntp-read-" + name).start(this::readLoop);
    }

    /**
     * Queues a command; returns at once.
     *
     * @param line the command line: BODY or STAT
     * @param sink where the body of a 222 reply goes; null for a command that has none
     */
    Command submit(String line, BodySink sink) {
        Command r = new Command(this, line, sink);
        IOException failed;
        lock.lock();
        try {
            failed = failure != null
                    ? failure
                    : closed ? new IOException("the connection to " + name + " is closed") : null;
            if (failed == null) {
                unsent.addLast(r);
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        if (failed != null) end(r, new ConnectionLostException(name, failed));
        return r;
    }

    /** True until the connection broke or was closed. Takes no lock. */
    boolean isOpen() {
        return !closed && failure == null;
    }

    /**
     * True when a reply is due and no byte has come for {@code quietNanos}: a provider that may
     * have gone silent, not to be given more commands.
     */
    boolean quietAt(long nowNanos, long quietNanos) {
        return waitedNanos(nowNanos) > quietNanos;
    }

    /**
     * How long the connection has waited for a byte of the reply due at {@code nowNanos}
     * ({@code System.nanoTime()}); 0 when no reply is due.
     */
    public long waitedNanos(long nowNanos) {
        long since = waitingSince;
        return since == 0 ? 0 : Math.max(0, nowNanos - since);
    }

    /** Closes the socket at once; every command not answered fails. */
    void close() {
        lock.lock();
        try {
            if (closed) return;
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        io.abort();
    }

    String name() {
        return name;
    }

    /** The reader got bytes of the reply due: the connection is not quiet. */
    void heard() {
        waitingSince = System.nanoTime();
    }

    private void writeLoop() {
        List<String> lines = new ArrayList<>();
        while (true) {
            List<Command> batch = new ArrayList<>();
            lock.lock();
            try {
                while (unsent.isEmpty() && !closed && failure == null) awaitChange();
                if (closed || failure != null) return;
                while (!unsent.isEmpty()) {
                    Command r = unsent.pollFirst();
                    r.queued = !unanswered.isEmpty();
                    unanswered.addLast(r);
                    batch.add(r);
                }
                changed.signalAll();
            } finally {
                lock.unlock();
            }
            lines.clear();
            for (Command r : batch) lines.add(r.line);
            try {
                io.send(lines);
            } catch (IOException e) {
                breakDown(e);
                return;
            }
        }
    }

    private void readLoop() {
        while (true) {
            Command r = null;
            List<Command> left = null;
            IOException why = null;
            lock.lock();
            try {
                while (unanswered.isEmpty() && !closed && failure == null) awaitChange();
                if (closed || failure != null) {
                    why = failure != null ? failure : new IOException("the connection to " + name + " was closed");
                    left = takeAll();
                } else {
                    r = unanswered.peekFirst();
                }
            } finally {
                lock.unlock();
            }
            if (left != null) {
                failAll(left, why);
                return;
            }
            NntpReply reply;
            try {
                waitingSince = System.nanoTime();
                reply = read(r);
                waitingSince = 0;
                takeAnswered();
            } catch (IOException | RuntimeException e) {
                waitingSince = 0;
                IOException cause = e instanceof IOException io ? io : new IOException("reading a reply failed", e);
                takeAnswered();
                end(r, cause);
                breakDownAndFailTheRest(cause);
                return;
            }
            // Apart from the read: this reply is off the queue, so a failure here must fail the
            // commands behind it with the connection, not take the next one for this one's.
            try {
                if (r.answered(reply)) onFreed.accept(this);
            } catch (RuntimeException e) {
                breakDownAndFailTheRest(new IOException("giving back the place of " + r.line + " failed", e));
                throw e;
            }
        }
    }

    private void breakDownAndFailTheRest(IOException cause) {
        breakDown(cause);
        List<Command> rest;
        lock.lock();
        try {
            rest = takeAll();
        } finally {
            lock.unlock();
        }
        failAll(rest, cause);
    }

    /**
     * Waits under the lock for a change. An interrupt is dropped, not kept: only close() or a
     * breakdown ends the writer and reader, and each signals; a kept interrupt would close the
     * channel in their next I/O.
     */
    @SuppressWarnings("WaitNotInLoop") // the callers loop on their condition
    private void awaitChange() {
        try {
            changed.await();
        } catch (InterruptedException e) {
            // See above.
        }
    }

    private void takeAnswered() {
        lock.lock();
        try {
            unanswered.pollFirst();
        } finally {
            lock.unlock();
        }
    }

    /** Reads the reply to {@code r}, and its body into its sink (or a drain once it is cancelled). */
    private NntpReply read(Command r) throws IOException {
        r.turn(System.nanoTime(), io);
        NntpReply reply = io.readReply(r.deadline());
        if (reply.code() == NntpReply.BODY_FOLLOWS) {
            if (r.sink == null) throw new IOException(name + " answered " + reply + " to " + r.line);
            io.readBody(r.new Guard());
        }
        return reply;
    }

    void breakDown(IOException cause) {
        lock.lock();
        try {
            if (failure == null) failure = cause;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        io.abort();
    }

    /** Takes every command sent or queued out of the queues. Under the lock. */
    private List<Command> takeAll() {
        List<Command> left = new ArrayList<>(unanswered);
        left.addAll(unsent);
        unanswered.clear();
        unsent.clear();
        return left;
    }

    /**
     * Fails {@code left}, lost with the connection. Never under this connection's lock: the pool,
     * told of freed places, takes its own lock, under which it asks connections whether they are open.
     */
    private void failAll(List<Command> left, IOException cause) {
        for (Command r : left) end(r, new ConnectionLostException(name, cause));
    }

    private void end(Command r, IOException cause) {
        if (r.failed(cause)) onFreed.accept(this);
    }
}
