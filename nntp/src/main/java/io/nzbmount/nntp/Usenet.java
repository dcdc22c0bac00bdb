package io.nzbmount.nntp;

import io.nzbmount.nntp.internal.UsenetService;
import io.nzbmount.nntp.internal.yenc.YencKernels;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Reads NZB files from Usenet providers: learns where each file's bytes sit
 * ({@link #map}), serves them by offset ({@link #open}) and checks that their articles still
 * exist ({@link #check}). Owns the provider connections; thread-safe.
 */
public interface Usenet extends AutoCloseable {

    /**
     * Reads from these providers (asked by priority, lower first). Connects lazily: nothing is
     * opened until the first fetch.
     */
    static Usenet connect(List<Provider> providers, Settings settings) {
        return UsenetService.connect(providers, settings);
    }

    /**
     * As {@link #connect(List, Settings)}, serving the articles {@code local} holds from there
     * before asking any provider (and answering that they exist).
     */
    static Usenet connect(List<Provider> providers, Settings settings, LocalArticles local) {
        return UsenetService.connect(providers, settings, local);
    }

    /**
     * Has the yEnc decoder use its fastest kernel from the first article this process decodes,
     * instead of from the first GiB on (which spares a short command the CPU-second that getting
     * that kernel compiled costs). For a server, which runs for days. Call it before anything is
     * decoded; later it changes nothing. The system property {@code nzbmount.yenc.warmAfterBytes}
     * wins when set.
     */
    static void fastestDecoderFromTheStart() {
        YencKernels.warmAtFirstDecode();
    }

    /**
     * Learns the file's exact decoded size and the position of every article. Usually costs one
     * article fetch (two when the NZB's article count does not fit the first article's part
     * size: an NZB that lacks parts has them placed by their numbers, and the parts it lacks are
     * {@linkplain SegmentMap#holes() holes}); an NZB whose parts do not fit any regular grid costs
     * a fetch of every article. A part listed more than once is fetched from the first copy that
     * can be had.
     *
     * @throws ReadFailure when an article needed to learn the map cannot be had
     * @throws IllegalArgumentException when the file has no articles
     */
    SegmentMap map(NzbFile file, Priority priority) throws ReadFailure, ReadCancelledException;

    /**
     * Opens a reader over a mapped file; every fetch it makes carries {@code priority}. Costs
     * nothing until the first read.
     *
     * @param map a map made by this instance
     */
    NzbReader open(SegmentMap map, Priority priority);

    /**
     * Opens a reader that runs at most {@code readAhead} article fetches at once instead of the
     * configured read-ahead: with 1, a read costs exactly the article that holds its offset (for
     * sparse reads, such as fingerprint samples, that must not fetch neighbours).
     *
     * @param readAhead at least 1
     */
    NzbReader open(SegmentMap map, Priority priority, int readAhead);

    /**
     * Starts opening up to {@code connections} connections to the providers asked first, in the
     * background, and returns at once: the fetches of a download about to start then find them
     * logged in instead of each waiting for its own connect and login (a TLS handshake and a login
     * cost tens of milliseconds or more per connection). Connections already open count; idle
     * ones close after the usual idle time. A connection that cannot be opened is not reported
     * here: the fetch that needs one meets the same trouble. A hint: an implementation without
     * connections ignores it.
     *
     * @param connections at least 1
     */
    default void connectAhead(int connections) {}

    /**
     * Rebuilds a file's map from its {@link SegmentMap#text()} without fetching anything.
     *
     * @throws IllegalArgumentException when the text is not a map's, or not for this file
     */
    SegmentMap restore(NzbFile file, String mapText);

    /**
     * A file made of byte ranges of other files, such as a film stored without compression across
     * archive volumes. Reading it costs the articles that hold the requested bytes, the same as
     * reading those ranges of the volumes themselves; one reader runs one read-ahead across the
     * slices. Costs nothing: no article is fetched.
     *
     * @param volumes maps made or restored by this instance, in the order the slices name them
     * @param slices  the file's bytes in order; together they make the file's size
     * @throws IllegalArgumentException when there are no slices or a slice does not lie inside
     *     its volume
     */
    SegmentMap splice(List<SegmentMap> volumes, List<Slice> slices);

    /**
     * Rebuilds a spliced file's map from its {@link SegmentMap#text()} and its volumes, without
     * fetching anything.
     *
     * @param volumes the NZB files of the volumes, in the order given to {@link #splice}
     * @throws IllegalArgumentException when the text is not a spliced map, or not for these volumes
     */
    SegmentMap restore(List<NzbFile> volumes, String mapText);

    /**
     * Asks the providers about each article (STAT, background priority) and returns the message
     * ids that every provider said it does not have. The STATs go out in batches, each together on
     * one connection (unless pipelining is off); an article a batch left unsettled is asked alone,
     * with retries.
     *
     * @throws ReadFailure when some article could not be asked about at all (timeouts, provider
     *     limits): the answer would be incomplete
     */
    Set<String> missing(List<NzbSegment> segments) throws ReadFailure, ReadCancelledException;

    /** Asks the providers about every article of the file (STAT, a few at once, background priority). */
    FileCheck check(NzbFile file) throws ReadCancelledException;

    /**
     * Asks the providers about every article (STAT, background priority), pipelined: up to
     * {@code perConnection} STATs go out together on one connection, on up to {@code connections}
     * connections at once. Background priority keeps it within each provider's connection limit,
     * out of its foreground reserve, and behind any live stream waiting for a connection. An
     * article without a clear answer in its batch is asked again on its own with the usual
     * retries before it counts as unknown.
     *
     * <p>The default asks one article at a time with {@link #missing}.
     *
     * @param perConnection at least 1
     * @param connections   at least 1
     */
    default ArticleCensus census(List<NzbSegment> segments, int perConnection, int connections)
            throws ReadCancelledException {
        if (perConnection < 1 || connections < 1)
            throw new IllegalArgumentException("perConnection and connections must be >= 1");
        int present = 0;
        Set<String> missing = new HashSet<>();
        Set<String> unknown = new HashSet<>();
        for (NzbSegment segment : segments) {
            try {
                if (missing(List.of(segment)).isEmpty()) present++;
                else missing.add(segment.messageId());
            } catch (ReadFailure f) {
                unknown.add(segment.messageId());
            }
        }
        return new ArticleCensus(present, missing, unknown);
    }

    /**
     * The connections and trouble of each provider now, in priority order. Cheap (no I/O);
     * callable from any thread at any time. An implementation that owns no providers answers an
     * empty list.
     */
    default List<ProviderHealth> health() {
        return List.of();
    }

    /** Closes every open reader and every connection. Idempotent. */
    @Override
    void close();

    /**
     * How many articles of a file the providers have.
     *
     * @param present articles some provider has
     * @param missing articles every provider said it does not have
     * @param unknown articles no provider could be asked about (timeouts, provider limits)
     */
    record FileCheck(int present, int missing, int unknown) {
        public int total() {
            return present + missing + unknown;
        }
    }

    /**
     * Reading and connection settings. The timeouts are a budget, not one number: see
     * docs/configuration.md (reader) for the defaults and why.
     *
     * @param readAhead           the most article fetches one reader runs at once (its memory is
     *                            about this many articles)
     * @param connectTimeout      how long a TCP connect and TLS handshake may take
     * @param firstByteTimeout    how long a reply's first byte may take after its command (the
     *                            greeting after a connect): a provider silent that long is left for
     *                            the next one
     * @param betweenBytesTimeout how long a reply may go without a byte once it has started
     * @param fetchBudget         the most one article fetch may take, retries included, before it
     *                            fails as unavailable
     * @param retryBackoff        the waits before each retry of a transient failure
     * @param checkParallelism    how many articles {@link #check} asks about at once
     * @param idleRelease         a reader not read from for this long drops its read-ahead (fetches
     *                            and buffers) until it is read again; zero never drops
     * @param pipelineDepth       the most commands one connection carries at once for playback when
     *                            every connection is in use (pipelining); 1 for one at a time
     */
    record Settings(
            int readAhead,
            Duration connectTimeout,
            Duration firstByteTimeout,
            Duration betweenBytesTimeout,
            Duration fetchBudget,
            List<Duration> retryBackoff,
            int checkParallelism,
            Duration idleRelease,
            int pipelineDepth) {

        /** The default {@link #pipelineDepth()}: see docs/configuration.md (reader) for why. */
        public static final int DEFAULT_PIPELINE_DEPTH = 4;
        /** The largest {@link #pipelineDepth()}. */
        public static final int MAX_PIPELINE_DEPTH = 8;

        public Settings {
            if (readAhead < 1) throw new IllegalArgumentException("readAhead must be >= 1: " + readAhead);
            if (pipelineDepth < 1 || pipelineDepth > MAX_PIPELINE_DEPTH) {
                throw new IllegalArgumentException(
                        "pipelineDepth must be 1.." + MAX_PIPELINE_DEPTH + ": " + pipelineDepth);
            }
            if (checkParallelism < 1) {
                throw new IllegalArgumentException("checkParallelism must be >= 1: " + checkParallelism);
            }
            positive("connectTimeout", connectTimeout);
            positive("firstByteTimeout", firstByteTimeout);
            positive("betweenBytesTimeout", betweenBytesTimeout);
            positive("fetchBudget", fetchBudget);
            retryBackoff = List.copyOf(retryBackoff);
            for (Duration d : retryBackoff) {
                if (d.isNegative()) throw new IllegalArgumentException("retryBackoff must not be negative: " + d);
            }
            Objects.requireNonNull(idleRelease, "idleRelease");
            if (idleRelease.isNegative()) throw new IllegalArgumentException("idleRelease must not be negative");
        }

        /** The same with the default {@link #pipelineDepth()}. */
        public Settings(
                int readAhead,
                Duration connectTimeout,
                Duration firstByteTimeout,
                Duration betweenBytesTimeout,
                Duration fetchBudget,
                List<Duration> retryBackoff,
                int checkParallelism,
                Duration idleRelease) {
            this(
                    readAhead,
                    connectTimeout,
                    firstByteTimeout,
                    betweenBytesTimeout,
                    fetchBudget,
                    retryBackoff,
                    checkParallelism,
                    idleRelease,
                    DEFAULT_PIPELINE_DEPTH);
        }

        /**
         * Read-ahead at most 64 (the window is sized from the link below that), connect 3 s, first
         * byte 1.5 s, between bytes 1 s, 5 s per fetch, retries after 0.5 s, 1.5 s and 3 s, check 4
         * at once, idle 10 s, {@value #DEFAULT_PIPELINE_DEPTH} commands on a connection.
         */
        public static Settings defaults() {
            return new Settings(
                    64,
                    Duration.ofSeconds(3),
                    Duration.ofMillis(1500),
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(5),
                    List.of(Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ofSeconds(3)),
                    4,
                    Duration.ofSeconds(10),
                    DEFAULT_PIPELINE_DEPTH);
        }

        public Settings withPipelineDepth(int pipelineDepth) {
            return new Settings(
                    readAhead,
                    connectTimeout,
                    firstByteTimeout,
                    betweenBytesTimeout,
                    fetchBudget,
                    retryBackoff,
                    checkParallelism,
                    idleRelease,
                    pipelineDepth);
        }

        public Settings withReadAhead(int readAhead) {
            return new Settings(
                    readAhead,
                    connectTimeout,
                    firstByteTimeout,
                    betweenBytesTimeout,
                    fetchBudget,
                    retryBackoff,
                    checkParallelism,
                    idleRelease,
                    pipelineDepth);
        }

        /** The connect timeout, and one timeout for a reply's first byte and for the gaps after it. */
        public Settings withTimeouts(Duration connectTimeout, Duration socketTimeout) {
            return withDeadlines(connectTimeout, socketTimeout, socketTimeout);
        }

        public Settings withDeadlines(
                Duration connectTimeout, Duration firstByteTimeout, Duration betweenBytesTimeout) {
            return new Settings(
                    readAhead,
                    connectTimeout,
                    firstByteTimeout,
                    betweenBytesTimeout,
                    fetchBudget,
                    retryBackoff,
                    checkParallelism,
                    idleRelease,
                    pipelineDepth);
        }

        public Settings withFetchBudget(Duration fetchBudget) {
            return new Settings(
                    readAhead,
                    connectTimeout,
                    firstByteTimeout,
                    betweenBytesTimeout,
                    fetchBudget,
                    retryBackoff,
                    checkParallelism,
                    idleRelease,
                    pipelineDepth);
        }

        public Settings withRetryBackoff(List<Duration> retryBackoff) {
            return new Settings(
                    readAhead,
                    connectTimeout,
                    firstByteTimeout,
                    betweenBytesTimeout,
                    fetchBudget,
                    retryBackoff,
                    checkParallelism,
                    idleRelease,
                    pipelineDepth);
        }

        public Settings withIdleRelease(Duration idleRelease) {
            return new Settings(
                    readAhead,
                    connectTimeout,
                    firstByteTimeout,
                    betweenBytesTimeout,
                    fetchBudget,
                    retryBackoff,
                    checkParallelism,
                    idleRelease,
                    pipelineDepth);
        }

        private static void positive(String key, Duration d) {
            Objects.requireNonNull(d, key);
            if (d.isNegative() || d.isZero()) throw new IllegalArgumentException(key + " must be positive: " + d);
        }
    }
}
