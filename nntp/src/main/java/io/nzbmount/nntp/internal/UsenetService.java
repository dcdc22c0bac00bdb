package io.nzbmount.nntp.internal;

import io.nzbmount.nntp.ArticleCensus;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.LocalArticles;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ProviderHealth;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.FetchSettings;
import io.nzbmount.nntp.internal.fetch.LocalFirstFetcher;
import io.nzbmount.nntp.internal.fetch.MultiProviderFetcher;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import io.nzbmount.nntp.internal.reader.PiecewiseSegmentMap;
import io.nzbmount.nntp.internal.reader.PlainSegmentMap;
import io.nzbmount.nntp.internal.reader.PlainSegmentMapText;
import io.nzbmount.nntp.internal.reader.ReadAheadBudget;
import io.nzbmount.nntp.internal.reader.SegmentMapBuilder;
import io.nzbmount.nntp.internal.reader.SegmentReader;
import io.nzbmount.nntp.internal.reader.SplicedSegmentMap;
import io.nzbmount.nntp.internal.reader.SplicedSegmentMapText;
import io.nzbmount.nntp.internal.reader.StatBatches;
import io.nzbmount.nntp.internal.reader.StatCensus;
import io.nzbmount.nntp.internal.reader.WindowSizer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Usenet} over one {@link ArticleFetcher}: maps files, opens readers, checks articles.
 * Fetches run on virtual threads. A housekeeping thread trims the read-ahead of readers not read
 * from lately while all windows together hold more than their memory ({@link ReadAheadBudget}),
 * drops the read-ahead of idle readers and closes idle provider connections. Thread-safe.
 *
 * <p>Closing closes every reader still open, then the fetcher's resources (the connection
 * pools).
 */
public final class UsenetService implements Usenet {

    /**
     * How many STATs {@link #missing} sends together on one connection: as many as the health
     * check's default pipeline, so an import's sample takes a round trip or two.
     */
    static final int STATS_TOGETHER = 16;

    private final Settings settings;
    private final ArticleFetcher fetcher;
    private final AutoCloseable resources;
    private final Supplier<List<ProviderHealth>> health;
    private final ExecutorService executor = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("nzbmount-fetch-", 0).factory());
    private final ScheduledExecutorService housekeeping;
    private final SegmentMapBuilder builder;
    private final Set<SegmentReader> readers = ConcurrentHashMap.newKeySet();
    private final WindowSizer sizer;
    private volatile boolean closed;

    private static final Logger LOG = LoggerFactory.getLogger(UsenetService.class);
    private static final long MIN_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long MAX_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** The most bytes all read-ahead windows together hold, however large the heap. */
    static final long READ_AHEAD_MEMORY = 128L << 20;
    /** The least, however small the heap: a couple of articles for each of a few streams. */
    static final long READ_AHEAD_MEMORY_LEAST = 16L << 20;

    /**
     * The bytes all read-ahead windows together may hold in a JVM whose heap may grow to
     * {@code maxHeap} bytes: a quarter of it, between {@link #READ_AHEAD_MEMORY_LEAST} and
     * {@link #READ_AHEAD_MEMORY}. The rest of the heap is for what every stream holds besides
     * (responses, the bytes a cutover compares, decoding) and for the garbage between two
     * collections; an article buffer also takes more heap than its length in a heap of small
     * regions, where it is allocated apart.
     */
    static long readAheadMemory(long maxHeap) {
        return Math.clamp(maxHeap / 4, READ_AHEAD_MEMORY_LEAST, READ_AHEAD_MEMORY);
    }

    /**
     * The service over real providers: a connection pool per provider behind a
     * {@link MultiProviderFetcher} with the yEnc decoder.
     */
    public static UsenetService connect(List<Provider> providers, Settings settings) {
        return connect(providers, settings, LocalArticles.NONE);
    }

    /** As {@link #connect(List, Settings)}, with the articles {@code local} holds served from there first. */
    public static UsenetService connect(List<Provider> providers, Settings settings, LocalArticles local) {
        PoolSettings defaults = PoolSettings.defaults();
        PoolSettings pool = new PoolSettings(
                settings.connectTimeout(),
                settings.firstByteTimeout(),
                settings.betweenBytesTimeout(),
                defaults.idleTimeout(),
                defaults.coolDownFirst(),
                defaults.coolDownMax(),
                settings.pipelineDepth());
        MultiProviderFetcher fetcher = MultiProviderFetcher.create(
                providers,
                new FetchSettings(
                        settings.retryBackoff(), settings.fetchBudget(), FetchSettings.DEFAULT_STALL_DEMOTION, pool));
        ArticleFetcher first = local == LocalArticles.NONE ? fetcher : new LocalFirstFetcher(fetcher, local);
        return new UsenetService(settings, first, fetcher::evictIdle, fetcher, () -> fetcher.health(Instant.now()));
    }

    /**
     * @param periodic  run every few seconds (closing idle provider connections); may be null
     * @param resources closed last by {@link #close()} (the pools behind the fetcher); may be null
     */
    public UsenetService(Settings settings, ArticleFetcher fetcher, Runnable periodic, AutoCloseable resources) {
        this(settings, fetcher, periodic, resources, List::of);
    }

    /**
     * @param periodic  run every few seconds (closing idle provider connections); may be null
     * @param resources closed last by {@link #close()} (the pools behind the fetcher); may be null
     * @param health    what {@link #health()} answers: the providers behind the fetcher
     */
    public UsenetService(
            Settings settings,
            ArticleFetcher fetcher,
            Runnable periodic,
            AutoCloseable resources,
            Supplier<List<ProviderHealth>> health) {
        this(
                settings,
                fetcher,
                periodic,
                resources,
                health,
                readAheadMemory(Runtime.getRuntime().maxMemory()));
    }

    /** @param memory the bytes all read-ahead windows together may hold ({@link #readAheadMemory}) */
    UsenetService(
            Settings settings,
            ArticleFetcher fetcher,
            Runnable periodic,
            AutoCloseable resources,
            Supplier<List<ProviderHealth>> health,
            long memory) {
        this.settings = Objects.requireNonNull(settings);
        this.fetcher = Objects.requireNonNull(fetcher);
        this.resources = resources;
        this.health = Objects.requireNonNull(health);
        this.builder = new SegmentMapBuilder(fetcher, executor, settings.readAhead());
        this.sizer = new WindowSizer(settings.readAhead(), memory, fetcher::pipe);
        long idleNanos = settings.idleRelease().toNanos();
        long period = idleNanos > 0 ? Math.clamp(idleNanos / 4, MIN_PERIOD_NANOS, MAX_PERIOD_NANOS) : MAX_PERIOD_NANOS;
        housekeeping = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform()
                .daemon()
                .name("nzbmount-usenet-housekeeping")
                .factory());
        housekeeping.scheduleWithFixedDelay(
                () -> {
                    // An exception escaping here would silently cancel every later run.
                    try {
                        long now = System.nanoTime();
                        ReadAheadBudget.enforce(readers, memory, now, ReadAheadBudget.QUIET_NANOS);
                        if (idleNanos > 0) {
                            for (SegmentReader r : readers) r.releaseIfIdle(now, idleNanos);
                        }
                        if (periodic != null) periodic.run();
                    } catch (RuntimeException e) {
                        LOG.warn("housekeeping failed; trying again at the next run", e);
                    }
                },
                period,
                period,
                TimeUnit.NANOSECONDS);
    }

    /** A service over {@code fetcher} alone, with nothing else to look after or close. */
    public UsenetService(Settings settings, ArticleFetcher fetcher) {
        this(settings, fetcher, null, null);
    }

    @Override
    public SegmentMap map(NzbFile file, Priority priority) throws ReadFailure, ReadCancelledException {
        ensureOpen();
        return builder.map(file, priority);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The reader's window is sized from the providers' link and shared fairly with the other
     * readers open (see {@link WindowSizer}), never more than {@code Settings.readAhead}
     * articles.
     */
    @Override
    public NzbReader open(SegmentMap map, Priority priority) {
        return open(map, priority, sizer);
    }

    /** {@inheritDoc} The window is {@code readAhead} articles, whatever the link and the other readers. */
    @Override
    public NzbReader open(SegmentMap map, Priority priority, int readAhead) {
        if (readAhead < 1) throw new IllegalArgumentException("readAhead must be >= 1: " + readAhead);
        return open(map, priority, WindowSizer.fixed(readAhead));
    }

    private NzbReader open(SegmentMap map, Priority priority, WindowSizer windows) {
        if (!(map instanceof PiecewiseSegmentMap pieces)) {
            throw new IllegalArgumentException("not a map made by Usenet.map, restore or splice: " + map);
        }
        if (closed) throw new IllegalStateException("closed");
        // A new position fetches only the article it needs; reading on in order opens the window.
        SegmentReader reader = new SegmentReader(pieces, fetcher, priority, executor, windows, 1, readers::remove);
        readers.add(reader);
        if (closed) reader.close();
        return reader;
    }

    @Override
    public void connectAhead(int connections) {
        if (connections < 1) throw new IllegalArgumentException("connections must be >= 1: " + connections);
        if (!closed) fetcher.connectAhead(connections);
    }

    @Override
    public SegmentMap restore(NzbFile file, String mapText) {
        if (SplicedSegmentMapText.isSpliced(mapText)) {
            throw new IllegalArgumentException("a spliced file's map: restore it with the list of its volumes");
        }
        return PlainSegmentMap.restore(file.segments(), PlainSegmentMapText.decode(mapText));
    }

    @Override
    public SegmentMap splice(List<SegmentMap> volumes, List<Slice> slices) {
        return SplicedSegmentMap.splice(volumes, slices);
    }

    @Override
    public SegmentMap restore(List<NzbFile> volumes, String mapText) {
        if (!SplicedSegmentMapText.isSpliced(mapText)) {
            throw new IllegalArgumentException(
                    "not a spliced map (a single file's map is restored with its one NZB file): " + mapText);
        }
        return SplicedSegmentMap.restore(volumes, mapText);
    }

    @Override
    public Set<String> missing(List<NzbSegment> segments) throws ReadFailure, ReadCancelledException {
        ensureOpen();
        if (settings.pipelineDepth() < 2) return missingOneByOne(segments);
        StatBatches.Settled settled =
                new StatBatches(fetcher, executor, STATS_TOGETHER, settings.checkParallelism()).ask(segments);
        if (settled.unsettled().isEmpty()) return settled.missing();
        Set<String> missing = new LinkedHashSet<>(settled.missing());
        missing.addAll(missingOneByOne(settled.unsettled()));
        return missing;
    }

    private Set<String> missingOneByOne(List<NzbSegment> segments) throws ReadFailure, ReadCancelledException {
        Answers answers = ask(segments, segments.size() + " articles");
        if (answers.firstUnknown() != null) throw answers.firstUnknown();
        return answers.missingIds();
    }

    @Override
    public FileCheck check(NzbFile file) throws ReadCancelledException {
        Answers answers = ask(file.segments(), file.name());
        return new FileCheck(answers.present(), answers.missingIds().size(), answers.unknown());
    }

    @Override
    public ArticleCensus census(List<NzbSegment> segments, int perConnection, int connections)
            throws ReadCancelledException {
        if (perConnection < 1 || connections < 1)
            throw new IllegalArgumentException("perConnection and connections must be >= 1");
        ensureOpen();
        return new StatCensus(fetcher, executor).run(segments, perConnection, connections);
    }

    /**
     * True when some provider has some copy of the segment; false when every provider lacks every
     * copy. A copy that could not be asked fails the answer only when no other copy was found.
     */
    private boolean existsAnyCopy(NzbSegment segment) throws ReadFailure, ReadCancelledException {
        ReadFailure unknown = null;
        for (NzbSegment copy : segment.copies()) {
            try {
                if (fetcher.exists(copy, Priority.BACKGROUND)) return true;
            } catch (ArticleMissingException e) {
                // This copy is gone everywhere; another may not be.
            } catch (ReadFailure f) {
                if (unknown == null) unknown = f;
            }
        }
        if (unknown != null) throw unknown;
        return false;
    }

    /** What the providers said about a list of articles. */
    private record Answers(int present, Set<String> missingIds, int unknown, ReadFailure firstUnknown) {}

    private Answers ask(List<NzbSegment> segments, String what) throws ReadCancelledException {
        ensureOpen();
        Semaphore permits = new Semaphore(settings.checkParallelism());
        List<Future<Boolean>> answers = new ArrayList<>();
        try {
            for (NzbSegment segment : segments) {
                answers.add(executor.submit(() -> {
                    permits.acquire();
                    try {
                        return existsAnyCopy(segment);
                    } finally {
                        permits.release();
                    }
                }));
            }
            int present = 0;
            int unknown = 0;
            ReadFailure firstUnknown = null;
            Set<String> missing = new LinkedHashSet<>();
            for (int i = 0; i < answers.size(); i++) {
                String id = segments.get(i).messageId();
                try {
                    if (answers.get(i).get()) present++;
                    else missing.add(id);
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof ArticleMissingException) {
                        missing.add(id);
                    } else if (cause instanceof ReadFailure f) {
                        unknown++;
                        if (firstUnknown == null) firstUnknown = f;
                    } else if (cause instanceof ReadCancelledException c) {
                        throw c;
                    } else if (cause instanceof RuntimeException r) {
                        throw r;
                    } else {
                        throw new IllegalStateException("article check failed unexpectedly", cause);
                    }
                }
            }
            return new Answers(present, missing, unknown, firstUnknown);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("check of " + what + " interrupted");
        } finally {
            for (Future<Boolean> answer : answers) answer.cancel(true);
        }
    }

    @Override
    public List<ProviderHealth> health() {
        return health.get();
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        housekeeping.shutdownNow();
        for (SegmentReader r : List.copyOf(readers)) r.close();
        executor.shutdownNow();
        if (resources != null) {
            try {
                resources.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the provider connections failed", e);
            }
        }
    }

    /** Readers that hold a read-ahead window now (an idle, released one does not). */
    public int activeReaders() {
        return sizer.activeReaders();
    }

    /** Readers open now. */
    public int openReaders() {
        return readers.size();
    }

    private void ensureOpen() throws ReadCancelledException {
        if (closed) throw new ReadCancelledException("closed");
    }
}
