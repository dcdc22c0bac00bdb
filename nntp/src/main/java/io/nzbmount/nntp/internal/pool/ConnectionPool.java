package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The connections to one provider: logged-in {@link NntpConnection}s lent to one borrower at a
 * time and taken back when their last response was read to its end.
 *
 * <p>Rules:
 * <ul>
 * <li>Never more than {@link Provider#connections()} connections exist at once, counting those
 *     still connecting.</li>
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
 *     {@link #evictIdle()} and never lent out.</li>
 * </ul>
 * Time comes from an injected nanosecond clock, so tests drive it with literal values.
 *
 * <p>Thread-safe. Waiting for a connection (and connecting) is interruptible: an interrupted
 * borrower gets {@link ReadCancelledException}, with its interrupt status kept.
 */
public final class ConnectionPool implements AutoCloseable {

    private record Idle(NntpConnection connection, long since) { }

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
    private final ArrayDeque<Idle> idle = new ArrayDeque<>();
    private final Set<NntpConnection> leased = Collections.newSetFromMap(new IdentityHashMap<>());
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
        this.coolDownSeries = new CoolDown(settings.coolDownFirst().toNanos(), settings.coolDownMax().toNanos());
    }

    public ConnectionPool(Provider provider, PoolSettings settings, LongSupplier nanos) {
        this(provider, NntpEndpoint.of(provider, settings.connectTimeout(), settings.firstByteTimeout(),
                settings.betweenBytesTimeout()), settings, nanos);
    }

    public Provider provider() {
        return provider;
    }

    /** The most connections borrowers of this priority may hold at once. */
    public int capacity(Priority priority) {
        return priority == Priority.FOREGROUND ? max : max - reserve;
    }

    /**
     * Lends a logged-in connection, reusing an idle one or opening a new one, waiting while the
     * limit for this priority is reached. Give it back with {@link #release} or {@link #discard}.
     *
     * @throws ProviderRefusedException the provider is cooling down, rejected the login or
     *     refused the connection (the last two start a cool-down), or keeps nothing for this
     *     priority
     * @throws ServiceUnavailableException a temporary refusal at the greeting or login (400)
     * @throws ReadCancelledException the calling thread was interrupted
     * @throws IOException connecting failed (refused, timed out, reset, TLS, broken protocol)
     */
    public NntpConnection borrow(Priority priority) throws IOException {
        if (capacity(priority) <= 0) {
            throw new ProviderRefusedException(provider.name() + " keeps its only connection for foreground work", null);
        }
        List<NntpConnection> stale = new ArrayList<>();
        boolean foreground = priority == Priority.FOREGROUND;
        try {
            lockInterruptibly();
            try {
                while (true) {
                    if (closed) throw new IOException("pool of " + provider.name() + " is closed");
                    checkCoolDown();
                    if (mayTake(foreground)) {
                        NntpConnection reused = takeIdle(stale);
                        if (reused != null) {
                            leased.add(reused);
                            return reused;
                        }
                        connecting++;
                        break;
                    }
                    awaitTurn(foreground);
                }
            } finally {
                lock.unlock();
            }
        } finally {
            for (NntpConnection c : stale) c.close();
        }
        return connectCounted();
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
            toOpen = Math.max(0, Math.min(count, max) - (leased.size() + idle.size() + connecting));
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
        NntpConnection c = null;
        try {
            c = login.open();
        } catch (IOException e) {
            // Nobody waits for this connection: the borrower that needs one connects itself and
            // meets the same trouble (a refusal has started its cool-down already).
        } finally {
            boolean kept = false;
            lock.lock();
            try {
                connecting--;
                kept = c != null && !closed;
                if (kept) idle.addFirst(new Idle(c, nanos.getAsLong()));
                wakeAll();
            } finally {
                lock.unlock();
            }
            if (!kept && c != null) c.close();
        }
    }

    /**
     * Takes a connection back: kept for reuse when its last response was read to its end,
     * closed otherwise. Each borrowed connection is given back exactly once.
     */
    public void release(NntpConnection connection) {
        giveBack(connection, connection.isReusable());
    }

    /** Takes a connection back and closes it at once (aborting any read in progress). */
    public void discard(NntpConnection connection) {
        giveBack(connection, false);
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
        List<NntpConnection> stale = new ArrayList<>();
        lock.lock();
        try {
            long now = nanos.getAsLong();
            // Idle connections are pushed at the head, so the oldest sit at the tail.
            while (!idle.isEmpty() && isStale(idle.peekLast(), now)) stale.add(idle.pollLast().connection());
            if (!stale.isEmpty()) wakeAll();
        } finally {
            lock.unlock();
        }
        for (NntpConnection c : stale) c.close();
        return stale.size();
    }

    /** All counts at one instant. */
    public PoolStats stats() {
        lock.lock();
        try {
            long now = nanos.getAsLong();
            return new PoolStats(provider.name(), leased.size() + idle.size() + connecting, idle.size(), leased.size(),
                    foregroundWaiting, backgroundWaiting, coolDownSeries.reasonAt(now), coolDownSeries.millisLeftAt(now));
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

    /** Closes the idle connections and refuses new borrowers; leased ones close when given back. */
    @Override
    public void close() {
        List<NntpConnection> toClose = new ArrayList<>();
        lock.lock();
        try {
            closed = true;
            for (Idle i : idle) toClose.add(i.connection());
            idle.clear();
            wakeAll();
        } finally {
            lock.unlock();
        }
        for (NntpConnection c : toClose) c.quit();
    }

    private boolean mayTake(boolean foreground) {
        int inUse = leased.size() + connecting;
        if (foreground) return inUse < max;
        return foregroundWaiting == 0 && inUse < max - reserve;
    }

    private NntpConnection takeIdle(List<NntpConnection> stale) {
        long now = nanos.getAsLong();
        Idle i;
        while ((i = idle.pollFirst()) != null) {
            if (!isStale(i, now) && i.connection().isReusable()) return i.connection();
            stale.add(i.connection());
        }
        return null;
    }

    private boolean isStale(Idle i, long now) {
        return now - i.since() > settings.idleTimeout().toNanos();
    }

    private void awaitTurn(boolean foreground) throws ReadCancelledException {
        if (foreground) foregroundWaiting++;
        else backgroundWaiting++;
        try {
            (foreground ? foregroundTurn : backgroundTurn).await();
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
            throw new ProviderRefusedException(provider.name() + " is cooling down (" + reason + ") for "
                    + coolDownSeries.millisLeftAt(now) + " ms more", reason);
        }
    }

    private NntpConnection connectCounted() throws IOException {
        NntpConnection c = null;
        boolean lent = false;
        try {
            c = login.open();
        } finally {
            lock.lock();
            try {
                connecting--;
                lent = c != null && !closed;
                if (lent) leased.add(c);
                else wakeAll();
            } finally {
                lock.unlock();
            }
        }
        if (!lent) {
            c.close();
            throw new IOException("pool of " + provider.name() + " is closed");
        }
        return c;
    }

    private void loginSucceeded() {
        lock.lock();
        try {
            coolDownSeries.loginSucceeded();
        } finally {
            lock.unlock();
        }
    }

    private void giveBack(NntpConnection connection, boolean keep) {
        boolean close;
        lock.lock();
        try {
            if (!leased.remove(connection)) throw new IllegalStateException("connection was not borrowed from this pool");
            close = !keep || closed;
            if (!close) idle.addFirst(new Idle(connection, nanos.getAsLong()));
            wakeAll();
        } finally {
            lock.unlock();
        }
        if (close) connection.abort();
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
