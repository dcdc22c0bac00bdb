package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.internal.protocol.BlockDrain;
import io.nzbmount.nntp.internal.protocol.BodySink;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One logged-in connection that carries several commands at once (pipelining, RFC 3977 section
 * 3.5). A command is sent as soon as it is given; the server answers in the order the commands
 * came, and the replies are read in that order. Two virtual threads of its own do all its
 * I/O: a writer sends the commands, a reader reads each reply and feeds its body to the sink of
 * the request it answers.
 *
 * <p>No borrower's thread touches the socket, so a borrower that is interrupted (a read-ahead
 * cancelled by a seek) never closes it: its request is {@link Request#cancel() cancelled}, its
 * reply is read to its end and dropped ({@link BlockDrain}), and the connection carries the next
 * reply. A drain gets {@value #DRAIN_MILLIS} ms from the later of its cancel and its turn; a
 * provider that cannot finish one in that time breaks the connection instead.
 *
 * <p>An I/O error, a timeout (no first byte within the first-byte timeout of a reply's turn, a
 * gap longer than the between-bytes timeout) or a broken reply breaks the connection: the request being
 * read fails with that error, every other one with {@link ConnectionLostException}, and the socket
 * closes.
 *
 * <p>Thread-safe. The pool owns the connection and counts the places on it: a place is free once its
 * borrower has {@link Request#release() released} its request and the request has ended
 * (answered, drained or failed), in either order; {@code onFreed} is told when the end comes last.
 */
public final class PipelinedConnection {

    /** The most a cancelled request's reply may take to be read and dropped. */
    static final long DRAIN_MILLIS = 1000;

    private final NntpConnection connection;
    private final NntpConnection.Pipeline io;
    private final String name;
    private final Consumer<PipelinedConnection> onFreed;
    private final ArrayDeque<Request> unsent = new ArrayDeque<>();
    /** Sent and not yet answered, oldest first: the reader's queue. */
    private final ArrayDeque<Request> unanswered = new ArrayDeque<>();
    /** Written under this object's monitor; read without it by {@link #isOpen}, which the pool asks under its own lock. */
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
     * @param onFreed told, on the reader's thread, when a released request ends: its place is free
     */
    PipelinedConnection(NntpConnection connection, String name, Consumer<PipelinedConnection> onFreed) {
        this.connection = connection;
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
    Request submit(String line, BodySink sink) {
        Request r = new Request(line, sink);
        IOException failed;
        synchronized (this) {
            failed = failure != null ? failure : closed ? new IOException("the connection to " + name + " is closed") : null;
            if (failed == null) {
                unsent.addLast(r);
                notifyAll();
            }
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
        long since = waitingSince;
        return since != 0 && nowNanos - since > quietNanos;
    }

    /** Closes the socket at once; every request not answered fails. */
    void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
            notifyAll();
        }
        io.abort();
    }

    private void writeLoop() {
        List<String> lines = new ArrayList<>();
        while (true) {
            List<Request> batch = new ArrayList<>();
            synchronized (this) {
                while (unsent.isEmpty() && !closed && failure == null) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // Only close() ends this thread, and it notifies.
                    }
                }
                if (closed || failure != null) return;
                while (!unsent.isEmpty()) {
                    Request r = unsent.pollFirst();
                    r.queued = !unanswered.isEmpty();
                    unanswered.addLast(r);
                    batch.add(r);
                }
                notifyAll();
            }
            lines.clear();
            for (Request r : batch) lines.add(r.line);
            long now = System.nanoTime();
            for (Request r : batch) r.sentNanos = now;
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
            Request r = null;
            List<Request> left = null;
            IOException why = null;
            synchronized (this) {
                while (unanswered.isEmpty() && !closed && failure == null) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // Only close() ends this thread, and it notifies.
                    }
                }
                if (closed || failure != null) {
                    why = failure != null ? failure : new IOException("the connection to " + name + " was closed");
                    left = takeAll();
                } else {
                    r = unanswered.peekFirst();
                }
            }
            if (left != null) {
                failAll(left, why);
                return;
            }
            try {
                waitingSince = System.nanoTime();
                NntpReply reply = read(r);
                waitingSince = 0;
                synchronized (this) {
                    unanswered.pollFirst();
                }
                if (r.answered(reply)) onFreed.accept(this);
            } catch (IOException | RuntimeException e) {
                waitingSince = 0;
                IOException cause = e instanceof IOException io ? io : new IOException("reading a reply failed", e);
                synchronized (this) {
                    unanswered.pollFirst();
                }
                end(r, cause);
                breakDown(cause);
                List<Request> rest;
                synchronized (this) {
                    rest = takeAll();
                }
                failAll(rest, cause);
                return;
            }
        }
    }

    /** Reads the reply to {@code r}, and its body into its sink (or a drain once it is cancelled). */
    private NntpReply read(Request r) throws IOException {
        r.turn(System.nanoTime(), io);
        NntpReply reply = io.readReply(r.deadline());
        if (reply.code() == NntpReply.BODY_FOLLOWS) {
            if (r.sink == null) throw new IOException(name + " answered " + reply + " to " + r.line);
            io.readBody(r.new Guard());
        }
        return reply;
    }

    private void breakDown(IOException cause) {
        synchronized (this) {
            if (failure == null) failure = cause;
            notifyAll();
        }
        io.abort();
    }

    /** Takes every request sent or queued out of the queues. Holds the monitor. */
    private List<Request> takeAll() {
        List<Request> left = new ArrayList<>(unanswered);
        left.addAll(unsent);
        unanswered.clear();
        unsent.clear();
        return left;
    }

    /**
     * Fails {@code left}, lost with the connection. Never under this object's monitor: the pool,
     * told of freed places, takes its own lock, under which it asks connections whether they are open.
     */
    private void failAll(List<Request> left, IOException cause) {
        for (Request r : left) end(r, new ConnectionLostException(name, cause));
    }

    private void end(Request r, IOException cause) {
        if (r.failed(cause)) onFreed.accept(this);
    }

    /**
     * One command on the connection and what became of it. Its borrower waits for it with
     * {@link #await}, or gives it up with {@link #cancel}.
     */
    public final class Request {
        private final String line;
        private final BodySink sink;
        /** Set by the writer before the reader may see the request: whether a reply was due before its own. */
        private volatile boolean queued;
        private volatile long sentNanos;
        private NntpReply reply;
        private IOException error;
        private boolean ended;
        private boolean released;
        private boolean cancelled;
        private long cancelledAt;
        private long turnAt;
        /** Set on the reader's thread only. */
        private NntpConnection.Pipeline reading;

        private Request(String line, BodySink sink) {
            this.line = line;
            this.sink = sink;
        }

        /**
         * Waits until the reply is read (its body fed to the sink) and returns it.
         *
         * @param deadlineNanos {@code System.nanoTime()} by which to give up: the request is then
         *                      cancelled and a {@link SocketTimeoutException} thrown
         * @throws InterruptedException interrupted: the request is cancelled first
         * @throws IOException          the connection broke or was closed before or while it was read
         */
        public NntpReply await(long deadlineNanos) throws IOException, InterruptedException {
            synchronized (this) {
                try {
                    while (!ended) {
                        long left = deadlineNanos - System.nanoTime();
                        if (left <= 0) break;
                        wait(Math.max(1, left / 1_000_000), (int) (left % 1_000_000));
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
            }
        }

        /**
         * Gives the request up: once this returns the sink is never called again, so its buffer
         * is the caller's. The reply is still read, and dropped.
         */
        public synchronized void cancel() {
            cancelLocked();
        }

        private void cancelLocked() {
            if (cancelled || ended) return;
            cancelled = true;
            cancelledAt = System.nanoTime();
            Thread.ofVirtual().name("nzbmount-nntp-drain-" + name).start(this::limitDrain);
        }

        /**
         * Breaks the connection when the reply given up has not been read to its end
         * {@value #DRAIN_MILLIS} ms after its turn came (or after the cancel, when later): the
         * reader may be blocked waiting for a status line that does not come.
         */
        private void limitDrain() {
            synchronized (this) {
                try {
                    while (!ended) {
                        if (turnAt == 0) {
                            wait();
                            continue;
                        }
                        long left = drainDeadline() - System.nanoTime();
                        if (left <= 0) break;
                        wait(Math.max(1, left / 1_000_000), (int) (left % 1_000_000));
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (ended) return;
            }
            breakDown(new SocketTimeoutException("a reply given up was not read within " + DRAIN_MILLIS + " ms"));
        }

        /** Whether a reply was due on the connection before this one's: its first byte waited for that. */
        public boolean queued() {
            return queued;
        }

        /** When the command went out, {@code System.nanoTime()}; 0 before. */
        public long sentNanos() {
            return sentNanos;
        }

        /** True once answered, drained or failed. */
        public synchronized boolean ended() {
            return ended;
        }

        /** The connection this request is on. */
        public PipelinedConnection connection() {
            return PipelinedConnection.this;
        }

        private synchronized void turn(long now, NntpConnection.Pipeline io) {
            turnAt = now;
            reading = io;
            notifyAll();
        }

        private synchronized long deadline() {
            return cancelled ? drainDeadline() : NntpConnection.NO_DEADLINE;
        }

        private long drainDeadline() {
            return Math.max(turnAt, cancelledAt) + DRAIN_MILLIS * 1_000_000L;
        }

        /**
         * The borrower is done with the request (cancel it first to give it up unanswered).
         *
         * @return true when it has ended too: its place is free now; otherwise it is freed
         *     when it ends
         */
        synchronized boolean release() {
            if (released) throw new IllegalStateException("request released twice");
            released = true;
            return ended;
        }

        /** @return true when the borrower had released it: its place is free now */
        private synchronized boolean answered(NntpReply r) {
            reply = r;
            ended = true;
            notifyAll();
            return released;
        }

        /** @return true when the borrower had released it: its place is free now */
        private synchronized boolean failed(IOException e) {
            if (ended) return false;
            error = e;
            ended = true;
            notifyAll();
            return released;
        }

        /**
         * The body's sink as the reader feeds it: the request's own sink until it is cancelled,
         * then a drain that starts where that sink stopped. Runs on the reader's thread.
         */
        private final class Guard implements BodySink {
            private BlockDrain.Position position = BlockDrain.Position.LINE_START;
            private BlockDrain drain;
            private boolean complete;

            @Override
            public int accept(byte[] buf, int off, int len) throws IOException {
                waitingSince = System.nanoTime();
                if (drain == null) {
                    synchronized (Request.this) {
                        if (!cancelled) {
                            int used = sink.accept(buf, off, len);
                            complete = sink.isComplete();
                            if (!complete) position = position.after(buf, off, used);
                            return used;
                        }
                        reading.deadline(drainDeadline());
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
}
