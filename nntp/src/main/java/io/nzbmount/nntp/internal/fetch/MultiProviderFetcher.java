package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ProviderHealth;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.CoolDownReason;
import io.nzbmount.nntp.internal.pool.Lease;
import io.nzbmount.nntp.internal.pool.PipelinedConnection;
import io.nzbmount.nntp.internal.pool.PoolStats;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The {@link ArticleFetcher} over one {@link ConnectionPool} per provider.
 *
 * <p>Providers are asked in priority order (lower first); providers of equal priority take
 * turns being first. Each answer is classified once, by {@link PoolAttempt}, into an
 * {@link Outcome}:
 * <ul>
 * <li>served: done;</li>
 * <li>missing (430/423): that provider is not asked again for this article;</li>
 * <li>corrupt (the decoder rejected the body): the next provider is asked; the connection is kept
 *     when the body was read to its end;</li>
 * <li>refused (login rejected, too many connections, 480/502 to a command, cooling down): the
 *     provider is cooled down by its pool and skipped; the connection is closed;</li>
 * <li>lost (the connection ended before this command's reply, for another command's reply or as a
 *     whole): asked again at once on another connection, up to {@value #LOST_AGAIN} times, then
 *     treated as transient without counting against the provider;</li>
 * <li>transient (timeout, reset, refused connection, 400/503, broken protocol): the connection is
 *     closed and, once every provider had its turn, the transient ones are asked again on fresh
 *     connections after each pause of {@link FetchSettings#retryBackoff()}, as long as the retry
 *     fits in the fetch's {@link FetchSettings#budget()}. A timeout (no first byte, or no byte
 *     for too long inside a reply) is a stall: that provider is asked after all the others for
 *     {@link FetchSettings#stallDemotion()}, so one provider that goes silent costs each later
 *     article nothing while another provider has it.</li>
 * </ul>
 * Then, when nothing served the article: transient failures left after the last retry (or when
 * the budget is spent) make it {@link ArticleUnavailableException}; a provider that could not
 * be asked (cooling down, refused, or keeping its connections from this priority) makes it
 * {@link ProvidersUnavailableException}, because the article may be there; otherwise a corrupt
 * copy makes it {@link ArticleCorruptException}; otherwise every provider answered missing and
 * it is {@link ArticleMissingException} (for {@link #exists}: false). So a permanent failure
 * always rests on the answer of every provider.
 *
 * <p>A foreground BODY that is late against its provider's running estimate is hedged
 * ({@link HedgedAttempt}, {@link FetchSettings#hedge()}): asked again in parallel of the next
 * provider, or of the same one on another connection; the first good body wins.
 *
 * <p>An interrupt of the calling thread at any point ends the fetch with
 * {@link ReadCancelledException}, the interrupt status kept; the command it was waiting for is
 * given up, and its connection reads the rest of that reply and carries on ({@link Lease}).
 * Thread-safe.
 */
public final class MultiProviderFetcher implements ArticleFetcher, AutoCloseable {

    /** How many times in a row a command lost with its connection is asked again at once. */
    static final int LOST_AGAIN = 2;

    private final List<List<ConnectionPool>> tiers;
    private final List<ConnectionPool> pools;
    private final FetchSettings settings;
    private final ArticleDecoder decoder;
    private final Sleeper sleeper;
    private final LongSupplier nanos;
    private final AtomicInteger rotation = new AtomicInteger();
    /** What each pool's provider did, keyed by identity; the map itself never changes after construction. */
    private final IdentityHashMap<ConnectionPool, ProviderMeter> meters = new IdentityHashMap<>();

    private final HedgedAttempt hedging;
    private final PoolAttempt poolAttempt;

    /** A fetcher on the system's monotonic clock. */
    public MultiProviderFetcher(
            List<ConnectionPool> pools, FetchSettings settings, ArticleDecoder decoder, Sleeper sleeper) {
        this(pools, settings, decoder, sleeper, System::nanoTime);
    }

    /**
     * @param nanos a monotonic clock in nanoseconds, for the fetch budget and stall demotions
     *              ({@code System::nanoTime} outside tests)
     */
    public MultiProviderFetcher(
            List<ConnectionPool> pools,
            FetchSettings settings,
            ArticleDecoder decoder,
            Sleeper sleeper,
            LongSupplier nanos) {
        this.pools = List.copyOf(pools);
        this.settings = settings;
        this.decoder = decoder;
        this.sleeper = sleeper;
        this.nanos = nanos;
        for (ConnectionPool p : this.pools)
            meters.put(p, new ProviderMeter(settings.stallDemotion().toNanos()));
        this.hedging = new HedgedAttempt(settings.hedge(), decoder, nanos);
        this.poolAttempt = new PoolAttempt(meters, nanos);
        TreeMap<Integer, List<ConnectionPool>> byPriority = new TreeMap<>();
        for (ConnectionPool p : this.pools)
            byPriority
                    .computeIfAbsent(p.provider().priority(), k -> new ArrayList<>())
                    .add(p);
        this.tiers = byPriority.values().stream().map(List::copyOf).toList();
    }

    /** A fetcher with a pool per provider, the yEnc decoder, the system clock and real pauses. */
    public static MultiProviderFetcher create(List<Provider> providers, FetchSettings settings) {
        return create(providers, settings, new YencArticleDecoder());
    }

    /** A fetcher with a pool per provider, the system clock and real pauses. */
    public static MultiProviderFetcher create(
            List<Provider> providers, FetchSettings settings, ArticleDecoder decoder) {
        List<ConnectionPool> pools = providers.stream()
                .sorted(Comparator.comparingInt(Provider::priority))
                .map(p -> new ConnectionPool(p, settings.pool(), System::nanoTime))
                .toList();
        return new MultiProviderFetcher(pools, settings, decoder, Sleeper.SYSTEM);
    }

    /** The pools, in the order they were given. */
    public List<ConnectionPool> pools() {
        return pools;
    }

    /**
     * Each pool's connections and trouble now, in the order the pools were given. A failure is a
     * transient attempt (timeout, reset, service error) or a refusal that started a cool-down.
     *
     * @param now the wall-clock time now, to turn a cool-down's time left into an instant
     */
    public List<ProviderHealth> health(Instant now) {
        List<ProviderHealth> health = new ArrayList<>(pools.size());
        long nowNanos = nanos.getAsLong();
        for (ConnectionPool p : pools) {
            PoolStats s = p.stats();
            ProviderMeter m = meters.get(p);
            boolean cooling = s.coolDown() != null;
            long lastNanos = m.nanosLeftAt(nowNanos);
            health.add(new ProviderHealth(
                    s.provider(),
                    s.open(),
                    s.idle(),
                    s.leased(),
                    cooling ? now.plusMillis(s.coolDownLeftMillis()) : null,
                    cooling ? word(s.coolDown()) : null,
                    m.transientFailures() + p.coolDownsStarted(),
                    m.stalls(),
                    lastNanos > 0 ? now.plusNanos(lastNanos) : null,
                    m.hedgedCount(),
                    m.fetched()));
        }
        return health;
    }

    private static String word(CoolDownReason reason) {
        return switch (reason) {
            case AUTH_REJECTED -> "auth-rejected";
            case TOO_MANY_CONNECTIONS -> "too-many-connections";
        };
    }

    @Override
    public Pipe pipe() {
        // A command queued behind others is answered within half the budget, leaving the other
        // half for a hedge or the next provider should its own article stall.
        return Pipe.of(tiers, meters, nanos.getAsLong(), settings.budget().toNanos() / 2);
    }

    /** Closes connections idle too long in every pool; call it every few seconds. */
    public void evictIdle() {
        for (ConnectionPool p : pools) p.evictIdle();
    }

    @Override
    public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest)
            throws ReadFailure, ReadCancelledException {
        return fetch(segment, priority, dest, () -> {});
    }

    @Override
    public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest, Runnable placed)
            throws ReadFailure, ReadCancelledException {
        Outcome.Served served = run(segment.messageId(), priority, dest, placed);
        if (served == null)
            throw new ArticleMissingException(segment.messageId(), "no provider has " + segment.messageId());
        return served.article();
    }

    @Override
    public boolean exists(NzbSegment segment, Priority priority) throws ReadFailure, ReadCancelledException {
        return run(segment.messageId(), priority, null, () -> {}) != null;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each provider by priority gets one batch: the articles no provider before it had. An
     * article is present once one provider answers 223, missing once every provider answered 430;
     * any other answer, and a batch that got no answers, leaves its articles unsettled. When a
     * provider cannot be asked at this priority at all, no article is settled as missing.
     */
    @Override
    public StatAnswers statAll(List<String> messageIds, Priority priority) throws ReadCancelledException {
        List<ConnectionPool> order = order(priority, nanos.getAsLong());
        Set<String> present = new HashSet<>();
        Set<String> unsure = new HashSet<>();
        List<String> pending = List.copyOf(messageIds);
        for (ConnectionPool pool : order) {
            if (pending.isEmpty()) break;
            PoolAttempt.cancelIfInterrupted(null);
            List<Outcome> outcomes = poolAttempt.statAll(pool, pending, priority, settings.budget());
            boolean each = outcomes.size() == pending.size();
            List<String> lacking = new ArrayList<>();
            for (int i = 0; i < pending.size(); i++) {
                String id = pending.get(i);
                switch (outcomes.get(each ? i : 0)) {
                    case Outcome.Served s -> present.add(id);
                    case Outcome.Missing m -> lacking.add(id);
                    default -> {
                        // No clear answer here: a later provider may still have it, but it cannot be missing
                        // everywhere.
                        unsure.add(id);
                        lacking.add(id);
                    }
                }
            }
            pending = lacking;
        }
        Set<String> missing = new HashSet<>();
        if (order.size() == pools.size()) {
            for (String id : pending) if (!unsure.contains(id)) missing.add(id);
        }
        return new StatAnswers(present, missing);
    }

    private String noProviderFor(Priority priority) {
        if (pools.isEmpty()) return "no Usenet provider is configured";
        return priority == Priority.BACKGROUND
                ? "no provider has a connection to spare for background work (a provider with one connection keeps it for playback)"
                : "no provider can be asked now (each is cooling down)";
    }

    @Override
    public void close() {
        for (ConnectionPool p : pools) p.close();
    }

    /**
     * @return what served the article, or null when every provider said it is missing
     */
    private Outcome.Served run(String id, Priority priority, byte[] dest, Runnable placed)
            throws ReadFailure, ReadCancelledException {
        AtomicBoolean told = new AtomicBoolean();
        Consumer<PipelinedConnection> first = connection -> {
            if (told.compareAndSet(false, true)) placed.run();
        };
        try {
            return run(id, priority, dest, first);
        } finally {
            first.accept(null);
        }
    }

    private Outcome.Served run(String id, Priority priority, byte[] dest, Consumer<PipelinedConnection> placed)
            throws ReadFailure, ReadCancelledException {
        long start = nanos.getAsLong();
        List<ConnectionPool> pending = order(priority, start);
        int notAsked = pools.size() - pending.size();
        boolean missing = false;
        IOException corrupt = null;
        IOException refused = null;
        for (int round = 0; ; round++) {
            List<ConnectionPool> retry = new ArrayList<>();
            IOException lastTransient = null;
            boolean allStalled = true;
            for (ConnectionPool pool : pending) {
                PoolAttempt.cancelIfInterrupted(null);
                Outcome outcome = attempt(pending, pool, id, priority, dest, budgetLeft(start), placed);
                // A command lost with its connection was never answered: another connection may
                // answer at once, without a pause and without counting against the provider.
                for (int lost = 0; outcome instanceof Outcome.Lost && lost < LOST_AGAIN; lost++) {
                    PoolAttempt.cancelIfInterrupted(null);
                    outcome = attempt(pending, pool, id, priority, dest, budgetLeft(start), placed);
                }
                switch (outcome) {
                    case Outcome.Served s -> {
                        return s;
                    }
                    case Outcome.Missing m -> missing = true;
                    case Outcome.Corrupt c -> corrupt = c.cause();
                    case Outcome.Refused r -> {
                        refused = r.cause();
                        notAsked++;
                    }
                    case Outcome.Transient t -> {
                        meters.get(pool).failedTransiently();
                        if (t.cause() instanceof SocketTimeoutException)
                            meters.get(pool).stalled(nanos.getAsLong());
                        retry.add(pool);
                        lastTransient = t.cause();
                        allStalled &= t.cause() instanceof SocketTimeoutException;
                    }
                    case Outcome.Lost l -> {
                        retry.add(pool);
                        lastTransient = l.cause();
                        allStalled = false;
                    }
                }
            }
            if (retry.isEmpty()) break;
            if (round >= settings.retryBackoff().size()) {
                throw new ArticleUnavailableException(
                        id,
                        "could not fetch " + id + " after " + round + " retries: " + lastTransient,
                        lastTransient,
                        allStalled);
            }
            Duration pause = settings.retryBackoff().get(round);
            if (!retryFits(start, pause)) {
                throw new ArticleUnavailableException(
                        id,
                        "could not fetch " + id + " within its "
                                + settings.budget().toMillis() + " ms budget (" + round + " retries): " + lastTransient,
                        lastTransient,
                        allStalled);
            }
            pause(pause);
            pending = retry;
        }
        if (notAsked > 0) {
            // Not every provider answered for itself: the article may still be on one of those
            // that were not asked (cooling down, refusing us, or keeping its connections for playback).
            String why = refused == null ? noProviderFor(priority) : refused.getMessage();
            boolean lacked = missing || corrupt != null;
            throw new ProvidersUnavailableException(
                    id,
                    lacked
                            ? id + " was not found on every provider asked, but " + notAsked + " could not be asked: "
                                    + why
                            : "no provider can be asked for " + id + ": " + why,
                    refused,
                    lacked);
        }
        if (corrupt != null) {
            throw new ArticleCorruptException(
                    id, "every provider that has " + id + " serves it damaged: " + corrupt.getMessage(), corrupt);
        }
        if (missing) return null;
        throw new ProvidersUnavailableException(id, noProviderFor(priority), null);
    }

    /** What is left of a fetch's budget, but never less than one first byte: each provider gets its say. */
    private Duration budgetLeft(long start) {
        long left = settings.budget().toNanos() - (nanos.getAsLong() - start);
        return Duration.ofNanos(
                Math.max(left, settings.pool().firstByteTimeout().toNanos()));
    }

    /** Whether a retry after {@code pause} could still see a first byte within the fetch's budget. */
    private boolean retryFits(long start, Duration pause) {
        long elapsed = nanos.getAsLong() - start;
        return elapsed + pause.toNanos() + settings.pool().firstByteTimeout().toNanos()
                <= settings.budget().toNanos();
    }

    /**
     * Opens connections ahead on the first priority tier with a provider that is not cooling
     * down, {@code connections} in all, shared evenly among its providers (fetches rotate among
     * them).
     */
    @Override
    public void connectAhead(int connections) {
        for (List<ConnectionPool> tier : tiers) {
            List<ConnectionPool> usable =
                    tier.stream().filter(p -> !p.isCoolingDown()).toList();
            if (usable.isEmpty()) continue;
            int each = Math.ceilDiv(connections, usable.size());
            for (ConnectionPool p : usable) p.openAhead(each);
            return;
        }
    }

    /**
     * The pools to ask, by priority, rotating the first among equals; those that stalled lately
     * after all the others; those with no room for this priority left out.
     */
    private List<ConnectionPool> order(Priority priority, long now) {
        int turn = rotation.getAndIncrement() & Integer.MAX_VALUE;
        List<ConnectionPool> order = new ArrayList<>(pools.size());
        List<ConnectionPool> demoted = new ArrayList<>();
        for (List<ConnectionPool> tier : tiers) {
            for (int i = 0; i < tier.size(); i++) {
                ConnectionPool p = tier.get((turn + i) % tier.size());
                if (p.capacity(priority) <= 0) continue;
                (meters.get(p).demotedAt(now) ? demoted : order).add(p);
            }
        }
        order.addAll(demoted);
        return order;
    }

    /**
     * One attempt at {@code pool}; a foreground BODY is hedged (asked again of the next provider
     * of {@code order}, or of the same one on another connection, when it is late).
     */
    private Outcome attempt(
            List<ConnectionPool> order,
            ConnectionPool pool,
            String id,
            Priority priority,
            byte[] dest,
            Duration budget,
            Consumer<PipelinedConnection> placed)
            throws ReadCancelledException {
        if (dest == null) return poolAttempt.run(pool, id, priority, null, budget, null, placed);
        if (priority != Priority.FOREGROUND || !settings.hedge().enabled()) {
            return poolAttempt.run(
                    pool, id, priority, new TimedDecoding(decoder.start(dest), nanos), budget, null, placed);
        }
        int at = order.indexOf(pool);
        ConnectionPool alternate = at + 1 < order.size() ? order.get(at + 1) : pool;
        // Both attempts end by the same time: a hedge started later gets what is left.
        long end = nanos.getAsLong() + budget.toNanos();
        return hedging.run(
                pool,
                alternate,
                meters.get(pool),
                dest,
                placed,
                (p, decoding, avoid, where) -> poolAttempt.run(
                        p, id, priority, decoding, Duration.ofNanos(end - nanos.getAsLong()), avoid, where));
    }

    private void pause(Duration d) throws ReadCancelledException {
        try {
            sleeper.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("interrupted while waiting to retry");
        }
    }
}
