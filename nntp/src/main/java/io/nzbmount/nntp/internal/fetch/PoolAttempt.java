package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.pool.ConnectionLostException;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.CoolDownReason;
import io.nzbmount.nntp.internal.pool.Lease;
import io.nzbmount.nntp.internal.pool.PipelinedConnection;
import io.nzbmount.nntp.internal.pool.ProviderRefusedException;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One command asked of one provider's pool, and what its answer means: the only place the
 * reply codes and the exception types of a fetch are interpreted, each into an {@link Outcome}.
 * Records what the provider did in its {@link ProviderMeter}. Thread-safe.
 */
final class PoolAttempt {

    private final Map<ConnectionPool, ProviderMeter> meters;
    private final LongSupplier nanos;

    /** @param meters each pool's meter, never changed after construction */
    PoolAttempt(Map<ConnectionPool, ProviderMeter> meters, LongSupplier nanos) {
        this.meters = meters;
        this.nanos = nanos;
    }

    /**
     * One attempt at {@code pool}: STAT when {@code decoding} is null, else BODY into it.
     *
     * @param avoid  a connection not to queue behind, or null
     * @param placed told with null once the command's place is settled (or it got none), then with
     *               the connection it went to
     */
    Outcome run(
            ConnectionPool pool,
            String id,
            Priority priority,
            TimedDecoding decoding,
            Duration budget,
            PipelinedConnection avoid,
            Consumer<PipelinedConnection> placed)
            throws ReadCancelledException {
        Lease lease;
        try {
            lease = pool.borrow(priority, avoid, () -> placed.accept(null));
        } catch (IOException e) {
            placed.accept(null);
            return classify(e);
        }
        placed.accept(lease.connection());
        boolean keep = false;
        try {
            long sent = nanos.getAsLong();
            NntpReply reply = decoding == null ? lease.stat(id, budget) : lease.body(id, decoding, budget);
            cancelIfInterrupted(null);
            Outcome outcome = classify(reply, pool);
            // A refusing session (480) is no better on the next request, a transient one may be dead.
            keep = outcome instanceof Outcome.Served || outcome instanceof Outcome.Missing;
            if (outcome instanceof Outcome.Served && decoding != null) {
                outcome = new Outcome.Served(decoding.finish());
                long first = decoding.firstByteNanos() < 0 ? sent : decoding.firstByteNanos();
                // A reply that waited for another one's on its connection says nothing of the round trip.
                meters.get(pool)
                        .served(lease.queued() ? -1 : first - sent, decoding.bytes(), nanos.getAsLong() - first);
            } else if (outcome instanceof Outcome.Served) {
                meters.get(pool).served();
            }
            return outcome;
        } catch (IOException e) {
            // A corrupt body read to its end leaves the connection as it was, and so does a command
            // given up by an interrupt: its connection reads the rest of the reply and drops it.
            keep = e instanceof CorruptBodyException || e instanceof ReadCancelledException;
            return classify(e);
        } finally {
            if (keep) lease.release();
            else lease.retire();
        }
    }

    /**
     * STAT of each of {@code ids} at {@code pool}, sent together on one connection.
     *
     * @return each article's outcome, in the order of {@code ids}; a single {@link Outcome} in a
     *     list of one when the batch got no answers at all (no connection, the connection broke)
     */
    List<Outcome> statAll(ConnectionPool pool, List<String> ids, Priority priority, Duration budget)
            throws ReadCancelledException {
        Lease lease;
        try {
            lease = pool.borrow(priority);
        } catch (IOException e) {
            return List.of(classify(e));
        }
        boolean keep = false;
        try {
            List<NntpReply> replies = lease.stat(ids, budget);
            cancelIfInterrupted(null);
            List<Outcome> outcomes = new ArrayList<>(replies.size());
            keep = true;
            for (NntpReply reply : replies) {
                Outcome outcome = classify(reply, pool);
                keep &= outcome instanceof Outcome.Served || outcome instanceof Outcome.Missing;
                if (outcome instanceof Outcome.Served) meters.get(pool).served();
                outcomes.add(outcome);
            }
            return outcomes;
        } catch (IOException e) {
            keep = e instanceof ReadCancelledException;
            return List.of(classify(e));
        } finally {
            if (keep) lease.release();
            else lease.retire();
        }
    }

    /** What a reply to BODY or STAT means. The only place reply codes are interpreted. */
    private static Outcome classify(NntpReply reply, ConnectionPool pool) {
        return switch (reply.code()) {
            case NntpReply.BODY_FOLLOWS, NntpReply.ARTICLE_EXISTS -> new Outcome.Served(null);
            case NntpReply.NO_SUCH_ARTICLE_ID, NntpReply.NO_SUCH_ARTICLE_NUMBER -> new Outcome.Missing();
            case NntpReply.AUTH_REQUIRED, NntpReply.SERVICE_PERMANENTLY_UNAVAILABLE -> {
                pool.coolDown(CoolDownReason.AUTH_REJECTED);
                yield new Outcome.Refused(new ProviderRefusedException(
                        pool.provider().name() + " answered " + reply, CoolDownReason.AUTH_REJECTED));
            }
            default -> new Outcome.Transient(new IOException(pool.provider().name() + " answered " + reply));
        };
    }

    /** What a failure means. The only place exception types are interpreted. */
    private static Outcome classify(IOException e) throws ReadCancelledException {
        cancelIfInterrupted(e);
        return switch (e) {
            case CorruptBodyException c -> new Outcome.Corrupt(c);
            case ProviderRefusedException r -> new Outcome.Refused(r);
            case ConnectionLostException l -> new Outcome.Lost(l);
            default -> new Outcome.Transient(e);
        };
    }

    static void cancelIfInterrupted(IOException cause) throws ReadCancelledException {
        if (cause instanceof ReadCancelledException rc) throw rc;
        if (Thread.currentThread().isInterrupted() || cause instanceof ClosedByInterruptException) {
            Thread.currentThread().interrupt();
            ReadCancelledException cancelled = new ReadCancelledException("article fetch interrupted");
            if (cause != null) cancelled.initCause(cause);
            throw cancelled;
        }
    }
}
