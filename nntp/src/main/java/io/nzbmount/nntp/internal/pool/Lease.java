package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.protocol.BodySink;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A place on one of a pool's connections, lent by {@link ConnectionPool#borrow} for one command
 * (or none: a borrower may give it back unused), or for one batch of STATs sent at once
 * ({@link #stat(List, Duration)}), which takes a place per command.
 * The connection may carry other borrowers' commands before and after it (pipelining); the reply
 * to this one is read in its turn.
 *
 * <p>Give it back exactly once: {@link #release()} when the connection is fine, {@link #retire()}
 * when its answer makes it suspect (it then takes no new command and closes once the commands it
 * carries have ended). A command given up by an interrupt or its budget is read to its end and
 * dropped on the connection's own threads, and its place comes back to the pool after that.
 *
 * <p>Not thread-safe: one borrower.
 */
public final class Lease {

    private final ConnectionPool pool;
    private final PipelinedConnection connection;
    private final List<Command> commands = new ArrayList<>();
    private boolean returned;

    Lease(ConnectionPool pool, PipelinedConnection connection) {
        this.pool = pool;
        this.connection = connection;
    }

    /**
     * BODY of one article: waits for the reply; on 222 its body has gone into {@code sink} (from
     * the connection's reader thread, so the sink must not rely on the caller's thread) before
     * this returns. Any other reply is returned as it is.
     *
     * @param budget the longest to wait for the whole reply; then the command is given up and a
     *               {@link java.net.SocketTimeoutException} thrown
     * @throws ReadCancelledException the calling thread was interrupted (its status kept); once
     *     thrown, {@code sink} is never called again
     * @throws IOException the connection broke or closed before or during the reply
     */
    public NntpReply body(String messageId, BodySink sink, Duration budget) throws IOException {
        return run("BODY " + NntpConnection.bracketed(messageId), sink, budget);
    }

    /** STAT: 223 the article exists, 430 it does not; as {@link #body} otherwise. */
    public NntpReply stat(String messageId, Duration budget) throws IOException {
        return run("STAT " + NntpConnection.bracketed(messageId), null, budget);
    }

    /**
     * STAT of each of {@code messageIds}, all sent at once on this connection (pipelining: one
     * round trip for the lot), each taking a place of its own; waits for every reply.
     *
     * @param budget the longest to wait for all the replies; then the commands not answered are
     *               given up and a {@link java.net.SocketTimeoutException} thrown
     * @return the replies, in the order of {@code messageIds}
     * @throws ReadCancelledException the calling thread was interrupted (its status kept)
     * @throws IOException the connection broke or closed before every reply came
     */
    public List<NntpReply> stat(List<String> messageIds, Duration budget) throws IOException {
        if (messageIds.isEmpty()) return List.of();
        start();
        if (messageIds.size() > 1) pool.lend(connection, messageIds.size() - 1);
        for (String id : messageIds) commands.add(connection.submit("STAT " + NntpConnection.bracketed(id), null));
        long deadline = System.nanoTime() + Math.max(0, budget.toNanos());
        List<NntpReply> replies = new ArrayList<>(messageIds.size());
        for (Command r : commands) replies.add(await(r, deadline));
        return replies;
    }

    private NntpReply run(String line, BodySink sink, Duration budget) throws IOException {
        start();
        Command r = connection.submit(line, sink);
        commands.add(r);
        return await(r, System.nanoTime() + Math.max(0, budget.toNanos()));
    }

    private void start() {
        if (returned) throw new IllegalStateException("the lease was given back");
        if (!commands.isEmpty()) throw new IllegalStateException("a lease carries one command or one batch");
    }

    private static NntpReply await(Command r, long deadlineNanos) throws IOException {
        try {
            return r.await(deadlineNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("interrupted while waiting for " + r.line);
        }
    }

    /** Whether the last command's reply waited for another one's on its connection. */
    public boolean queued() {
        return !commands.isEmpty() && commands.get(commands.size() - 1).queued();
    }

    /** The connection this place is on. */
    public PipelinedConnection connection() {
        return connection;
    }

    /** Gives the place back; the connection goes on carrying commands. */
    public void release() {
        giveBack(false);
    }

    /** Gives the place back and takes the connection out of service once its commands have ended. */
    public void retire() {
        giveBack(true);
    }

    private void giveBack(boolean retire) {
        if (returned)
            throw new IllegalStateException("connection was not borrowed from this pool, or given back twice");
        returned = true;
        // Retire while this command still holds its place: once released, its reply may end and
        // free the place at any moment, and a connection left with no place is idle, not retiring.
        if (retire) pool.retire(connection);
        if (commands.isEmpty()) {
            pool.giveBack(connection, true);
            return;
        }
        for (Command r : commands) {
            r.cancel();
            pool.giveBack(connection, r.release());
        }
    }
}
