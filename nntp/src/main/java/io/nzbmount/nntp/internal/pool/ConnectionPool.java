package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The connections to one provider, each a logged-in {@link PipelinedConnection}, and places on them lent as
 * {@link Lease}s, one command each.
 *
 * <p>Rules:
 * <ul>
 * <li>Never more than {@link Provider#connections()} connections exist at once, counting those
 *     still connecting.</li>
 * <li>A borrower gets an idle connection, or a new one while the limit allows. When every
 *     connection is in use, a foreground borrower gets a place behind the commands already on the
 *     connection that carries the fewest, up to {@link PoolSettings#pipelineDepth()} commands on
 *     one connection (pipelining; 1 turns it off), never on a connection that has waited
 *     {@value #QUIET_MILLIS} ms for a byte (the provider may have gone silent). Background work is
 *     never pipelined behind other borrowers' commands; a background lease may carry several
 *     STATs of its own at once ({@link Lease#stat(java.util.List, java.time.Duration)}), each
 *     counted as a place.</li>
 * <li>Foreground borrowers are served before background ones: a background borrower waits while
 *     any foreground borrower waits. Background work may also never use the last
 *     {@code max(1, connections / 4)} connections (the foreground reserve), so a live stream
 *     always finds one; a provider with a single connection serves no background work at all
 *     ({@link #capacity(Priority)} is 0 and {@code borrow} refuses at once).</li>
 * <li>A rejected login (481, or 480 reported by a fetch) or a refused connection (502 at the
 *     greeting, 482 or 502 at login) cools the provider down: {@code borrow} refuses with
 *     {@link ProviderRefusedException} until the cool-down ends. The first lasts
 *     {@link PoolSettings#coolDownFirst()}, each further one in a row twice as long, up to
 *     {@link PoolSettings#coolDownMax()}; a successful login starts the series afresh.</li>
 * <li>Idle connections older than {@link PoolSettings#idleTimeout()} are closed by
 *     {@link #evictIdle()} and never lent out. A connection the pool closed still counts against
 *     the limit for a moment ({@link Closings}).</li>
 * <li>A place given up unanswered (an interrupt, a budget spent) is free once its connection has
 *     read the reply and dropped it; until then it counts against the connection's depth.</li>
 * </ul>
 * Idle times and cool-downs come from an injected nanosecond clock, so tests drive them with
 * literal values; a connection's silence and the grace of a closed one follow
 * {@code System.nanoTime()}, since the connections' own threads stamp them.
 *
 * <p>Thread-safe. Waiting for a connection (and connecting) is interruptible: an interrupted
 * borrower gets {@link ReadCancelledException}, with its interrupt status kept.
 */
public final class ConnectionPool implements AutoCloseable {

    /** A connection that has waited this long for a byte of a reply takes no further command. */
    static final long QUIET_MILLIS = 500;

    private final Provider provider;
    private final Login login;
    private final PoolSettings settings;
    private final LongSupplier nanos;
    private final int max;
    private final int reserve;
    private final CoolDown coolDownSeries;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition foregroundTurn = lock.newCondition();
    private final Condition backgroundTurn = lock.newCondition();
    private final Places places = new Places();
    private final Closings closings = new Closings();
    private final AtomicInteger connectionNumbers = new AtomicInteger();
    private int connecting;
    private int foregroundWaiting;
    private int backgroundWaiting;
    private boolean closed;

    /** @param nanos a monotonic clock in nanoseconds ({@code System::nanoTime} outside tests) */
    public ConnectionPool(Provider provider, NntpEndpoint endpoint, PoolSettings settings, LongSupplier nanos) {
        this.provider = provider;
        this.login = new Login(provider, endpoint, this::coolDown, this::loginSucceeded);
        this.settings = settings;
        this.nanos = nanos;
        this.max = provider.connections();
        this.reserve = Math.max(1, max / 4);
        this.coolDownSeries = new CoolDown(
                settings.coolDownFirst().toNanos(), settings.coolDownMax().toNanos());
    }

    public ConnectionPool(Provider provider, PoolSettings settings, LongSupplier nanos) {
        this(
                provider,
                NntpEndpoint.of(
                        provider,
                        settings.connectTimeout(),
                        settings.firstByteTimeout(),
                        settings.betweenBytesTimeout()),
                settings,
                nanos);
    }

    public Provider provider() {
        return provider;
    }

    /** The most connections borrowers of this priority may hold at once. */
    public int capacity(Priority priority) {
        return priority == Priority.FOREGROUND ? max : max - reserve;
    }

    /** The most commands a foreground borrower may have on one connection at once. */
    public int depth() {
        return settings.pipelineDepth();
    }

    /** {@link #borrow(Priority, PipelinedConnection, Runnable)} on any connection. */
    public Lease borrow(Priority priority) throws IOException {
        return borrow(priority, null, () -> {});
    }

    /**
     * Lends a place on a logged-in connection: an idle one, a new one, or (foreground, every
     * connection in use) one behind the commands of another; waits while none may be had. Give
     * it back with {@link Lease#release} or {@link Lease#retire}.
     *
     * @param avoid   a connection not to queue behind (an attempt already waiting there), or null
     * @param settled told, on the calling thread, once the borrower's place is settled: before a
     *                new connection is opened for it (which takes round trips), or before a
     *                place is returned; not told when the borrow fails. Borrowers that must be
     *                placed in an order let the next one borrow from then on.
     * @throws ProviderRefusedException the provider is cooling down, rejected the login or
     *     refused the connection (the last two start a cool-down), or keeps nothing for this
     *     priority
     * @throws ServiceUnavailableException a temporary refusal at the greeting or login (400)
     * @throws ReadCancelledException the calling thread was interrupted
     * @throws IOException connecting failed (refused, timed out, reset, TLS, broken protocol)
     */
    public Lease borrow(Priority priority, PipelinedConnection avoid, Runnable settled) throws IOException {
        if (capacity(priority) <= 0) {
            throw new ProviderRefusedException(
                    provider.name() + " keeps its only connection for foreground work", null);
        }
        List<PipelinedConnection> stale = new ArrayList<>();
        boolean foreground = priority == Priority.FOREGROUND;
        PipelinedConnection taken = null;
        try {
            lockInterruptibly();
            try {
                while (true) {
                    if (closed) throw new IOException("pool of " + provider.name() + " is closed");
                    checkCoolDown();
                    long now = nanos.getAsLong();
                    if (mayTake(foreground)) {
                        taken = places.takeIdle(now, settings.idleTimeout().toNanos(), stale);
                        closings.closed(stale.size(), System.nanoTime());
                        if (taken == null) connecting++;
                        break;
                    }
                    if (foreground && settings.pipelineDepth() > 1) {
                        taken = places.pipeline(
                                settings.pipelineDepth(), avoid, System.nanoTime(), QUIET_MILLIS * 1_000_000L);
                        if (taken != null) break;
                    }
                    awaitTurn(foreground);
                }
            } finally {
                lock.unlock();
            }
        } finally {
            for (PipelinedConnection c : stale) c.close();
        }
        settled.run();
        return taken != null ? new Lease(this, taken) : connectCounted();
    }

    /**
     * Starts opening connections in the background until {@code count} exist (at most what the
     * provider allows), so the borrowers of a download about to start find them logged in rather
     * than each waiting for its own connect and login. Returns at once. Each connection opened
     * goes to the idle list, where a waiting borrower takes it; one that fails to open is
     * forgotten, and the borrower that would have used it connects itself and meets the trouble
     * as usual. Does nothing while the provider is cooling down or after close.
     *
     * @return how many connections it started opening
     */
    public int openAhead(int count) {
        int toOpen;
        lock.lock();
        try {
            if (closed || coolDownSeries.activeAt(nanos.getAsLong())) return 0;
            toOpen = Math.max(
                    0,
                    Math.min(count, max)
                            - (places.busy() + places.idle() + connecting + closings.countAt(System.nanoTime())));
            connecting += toOpen;
        } finally {
            lock.unlock();
        }
        for (int i = 0; i < toOpen; i++) {
            Thread.ofVirtual().name("nzbmount-connect-" + provider.name()).start(this::openIdle);
        }
        return toOpen;
    }

    /** Opens one connection counted in {@code connecting} and puts it on the idle list. */
    private void openIdle() {
        PipelinedConnection connection = null;
        try {
            connection = pipelined(login.open());
        } catch (IOException e) {
            // Nobody waits for this connection: the borrower that needs one connects itself and
            // meets the same trouble (a refusal has started its cool-down already).
        } finally {
            boolean kept = false;
            lock.lock();
            try {
                connecting--;
                kept = connection != null && !closed;
                if (kept) places.addIdle(connection, nanos.getAsLong());
                wakeAll();
            } finally {
                lock.unlock();
            }
            if (!kept && connection != null) connection.close();
        }
    }

    private PipelinedConnection pipelined(NntpConnection connection) {
        return new PipelinedConnection(
                connection, provider.name() + "-" + connectionNumbers.incrementAndGet(), this::freed);
    }

    /**
     * Skips this provider for a while because it refused us; waiting borrowers are woken and
     * refused. Repeated cool-downs double in length up to the maximum; a refusal during a
     * cool-down (another connection refused at the same time) starts none.
     */
    public void coolDown(CoolDownReason reason) {
        lock.lock();
        try {
            coolDownSeries.start(reason, nanos.getAsLong());
            wakeAll();
        } finally {
            lock.unlock();
        }
    }

    /** How many cool-downs have been started since the pool was made (refusals, for health counts). */
    public long coolDownsStarted() {
        lock.lock();
        try {
            return coolDownSeries.started();
        } finally {
            lock.unlock();
        }
    }

    /** True while the provider is skipped after a refusal. */
    public boolean isCoolingDown() {
        return stats().coolDown() != null;
    }

    /**
     * Closes idle connections that have been idle longer than the idle timeout.
     *
     * @return how many were closed
     */
    public int evictIdle() {
        List<PipelinedConnection> stale;
        lock.lock();
        try {
            stale = places.evict(nanos.getAsLong(), settings.idleTimeout().toNanos());
            closings.closed(stale.size(), System.nanoTime());
            if (!stale.isEmpty()) wakeAll();
        } finally {
            lock.unlock();
        }
        for (PipelinedConnection c : stale) c.close();
        return stale.size();
    }

    /** All counts at one instant. */
    public PoolStats stats() {
        lock.lock();
        try {
            long now = nanos.getAsLong();
            return new PoolStats(
                    provider.name(),
                    places.busy() + places.idle() + connecting,
                    places.idle(),
                    places.busy(),
                    places.places(),
                    foregroundWaiting,
                    backgroundWaiting,
                    coolDownSeries.reasonAt(now),
                    coolDownSeries.millisLeftAt(now));
        } finally {
            lock.unlock();
        }
    }

    /** Connections that exist now: leased, idle and connecting. */
    public int open() {
        return stats().open();
    }

    public int idle() {
        return stats().idle();
    }

    public int leased() {
        return stats().leased();
    }

    public int waiting(Priority priority) {
        PoolStats s = stats();
        return priority == Priority.FOREGROUND ? s.foregroundWaiting() : s.backgroundWaiting();
    }

    /** Closes the idle connections and refuses new borrowers; busy ones close once their last place is free. */
    @Override
    public void close() {
        List<PipelinedConnection> toClose;
        lock.lock();
        try {
            closed = true;
            toClose = places.takeAllIdle();
            wakeAll();
        } finally {
            lock.unlock();
        }
        for (PipelinedConnection l : toClose) l.close();
    }

    private boolean mayTake(boolean foreground) {
        int inUse = places.busy() + connecting + closings.countAt(System.nanoTime());
        if (foreground) return inUse < max;
        return foregroundWaiting == 0 && inUse < max - reserve;
    }

    @SuppressWarnings("WaitNotInLoop") // the caller, borrow, loops until it may take a connection
    private void awaitTurn(boolean foreground) throws ReadCancelledException {
        if (foreground) foregroundWaiting++;
        else backgroundWaiting++;
        try {
            Condition turn = foreground ? foregroundTurn : backgroundTurn;
            long untilFree = closings.nanosToNextAt(System.nanoTime());
            // A connection closed lately stops counting without anyone signalling: look again then.
            if (untilFree > 0) turn.awaitNanos(untilFree);
            else turn.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("interrupted while waiting for a connection to " + provider.name());
        } finally {
            if (foreground) {
                foregroundWaiting--;
                // Background waiters hold back while a foreground one waits; let them look again.
                if (foregroundWaiting == 0) backgroundTurn.signalAll();
            } else {
                backgroundWaiting--;
            }
        }
    }

    private void checkCoolDown() throws ProviderRefusedException {
        long now = nanos.getAsLong();
        CoolDownReason reason = coolDownSeries.reasonAt(now);
        if (reason != null) {
            throw new ProviderRefusedException(
                    provider.name() + " is cooling down (" + reason + ") for " + coolDownSeries.millisLeftAt(now)
                            + " ms more",
                    reason);
        }
    }

    private Lease connectCounted() throws IOException {
        PipelinedConnection connection = null;
        boolean lent = false;
        try {
            connection = pipelined(login.open());
        } finally {
            lock.lock();
            try {
                connecting--;
                lent = connection != null && !closed;
                if (lent) places.addBusy(connection);
                else wakeAll();
            } finally {
                lock.unlock();
            }
        }
        if (!lent) {
            connection.close();
            throw new IOException("pool of " + provider.name() + " is closed");
        }
        return new Lease(this, connection);
    }

    private void loginSucceeded() {
        lock.lock();
        try {
            coolDownSeries.loginSucceeded();
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@code more} places more on {@code connection}, which holds a place of the caller's: a lease
     * that sends several commands at once counts each as a place, so the connection takes no
     * other borrower's command beyond its depth, and each command's place comes back when it ends.
     */
    void lend(PipelinedConnection connection, int more) {
        lock.lock();
        try {
            places.lend(connection, more);
        } finally {
            lock.unlock();
        }
    }

    /** {@code connection}, which holds a place of the caller's, takes nothing new and closes once its last place is free. */
    void retire(PipelinedConnection connection) {
        lock.lock();
        try {
            places.retire(connection);
        } finally {
            lock.unlock();
        }
    }

    /**
     * A lease on {@code connection} is given back; {@code free}: its place is free now (otherwise the
     * connection tells {@link #freed} once its command has ended).
     */
    void giveBack(PipelinedConnection connection, boolean free) {
        PipelinedConnection toClose = null;
        lock.lock();
        try {
            if (free) toClose = places.free(connection, nanos.getAsLong(), !closed);
            if (toClose != null && !closed) closings.closed(1, System.nanoTime());
            wakeAll();
        } finally {
            lock.unlock();
        }
        if (toClose != null) toClose.close();
    }

    /** A command given back before it ended has ended now: its place on {@code connection} is free. */
    private void freed(PipelinedConnection connection) {
        giveBack(connection, true);
    }

    private void wakeAll() {
        foregroundTurn.signalAll();
        backgroundTurn.signalAll();
    }

    private void lockInterruptibly() throws ReadCancelledException {
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("interrupted while waiting for the pool of " + provider.name());
        }
    }
}
