package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import io.nzbmount.nntp.internal.fetch.StatAnswers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An {@link ArticleFetcher} serving slices of a {@link Content} as already-decoded parts, with
 * scripted failures, delays, blocking and misplaced headers. Records what it was asked:
 * fetch counts, concurrency, interrupts, priorities.
 */
public final class FakeFetcher implements ArticleFetcher {

    /** The file's bytes, possibly generated on demand so huge files cost no memory. */
    public interface Content {
        long size();

        void copy(long offset, byte[] dest, int destOff, int len);

        static Content of(byte[] bytes) {
            return new Content() {
                @Override
                public long size() {
                    return bytes.length;
                }

                @Override
                public void copy(long offset, byte[] dest, int destOff, int len) {
                    System.arraycopy(bytes, (int) offset, dest, destOff, len);
                }
            };
        }

        /** Deterministic pseudo-random bytes: the same offset always gives the same byte. */
        static Content generated(long size) {
            return new Content() {
                @Override
                public long size() {
                    return size;
                }

                @Override
                public void copy(long offset, byte[] dest, int destOff, int len) {
                    int i = 0;
                    while (i < len) {
                        long o = offset + i;
                        long word = mix(o >>> 3);
                        for (int b = (int) (o & 7); b < 8 && i < len; b++) {
                            dest[destOff + i++] = (byte) (word >>> (b * 8));
                        }
                    }
                }
            };
        }

        private static long mix(long z) {
            z = (z + 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /** What one article claims in its yEnc headers (and serves). */
    public record Part(int number, long begin, int length) {}

    /** A failure to throw, made fresh for each fetch. */
    public interface FailureMaker {
        ReadFailure make(String messageId);
    }

    private final Content content;
    private final List<Part> parts;
    private final long claimedFileSize;
    private final Map<Integer, Long> claimedFileSizes = new ConcurrentHashMap<>();
    private final Map<Integer, ConcurrentLinkedQueue<FailureMaker>> failures = new ConcurrentHashMap<>();
    private final Map<Integer, FailureMaker> permanentFailures = new ConcurrentHashMap<>();
    private final Map<Integer, Long> misplacements = new ConcurrentHashMap<>();
    private final Map<Integer, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final Set<String> missingOnStat = ConcurrentHashMap.newKeySet();
    private final Set<String> unknownOnStat = ConcurrentHashMap.newKeySet();
    private final Map<Integer, AtomicInteger> fetchCounts = new ConcurrentHashMap<>();
    private final List<Priority> priorities = new CopyOnWriteArrayList<>();
    private final AtomicInteger running = new AtomicInteger();
    private final Set<byte[]> buffers = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    private final AtomicInteger maxRunning = new AtomicInteger();
    private final AtomicInteger interrupts = new AtomicInteger();
    private final AtomicInteger stats = new AtomicInteger();
    private final List<Integer> statBatches = new CopyOnWriteArrayList<>();
    private volatile boolean statsTogether;
    private final CountDownLatch blockedReached = new CountDownLatch(1);
    private volatile Duration delay = Duration.ZERO;

    public FakeFetcher(Content content, List<Part> parts) {
        this.content = content;
        this.parts = List.copyOf(parts);
        this.claimedFileSize = content.size();
    }

    /** Parts of {@code partSize} bytes (the last one shorter), numbered 1..n. */
    public static FakeFetcher uniform(Content content, int partSize) {
        List<Part> parts = new ArrayList<>();
        long size = content.size();
        int number = 1;
        for (long begin = 0; begin < size; begin += partSize) {
            parts.add(new Part(number++, begin, (int) Math.min(partSize, size - begin)));
        }
        return new FakeFetcher(content, parts);
    }

    public static FakeFetcher uniform(byte[] bytes, int partSize) {
        return uniform(Content.of(bytes), partSize);
    }

    public static String messageId(int index) {
        return "part" + (index + 1) + "@fake.test";
    }

    /** The NZB file listing every part, in order. */
    public NzbFile file() {
        return fileOf(parts);
    }

    /** An NZB file listing only some parts (a subset of {@link #parts()}). */
    public NzbFile fileOf(List<Part> listed) {
        List<NzbSegment> segments = new ArrayList<>();
        for (Part p : listed) {
            segments.add(new NzbSegment(p.number(), p.length() + p.length() / 30 + 300, messageId(parts.indexOf(p))));
        }
        return new NzbFile("fake.bin", "\"fake.bin\" yEnc", "tester", 0, List.of("alt.binaries.test"), segments);
    }

    public List<Part> parts() {
        return parts;
    }

    // --- scripting -------------------------------------------------------------------------

    /** The next fetch of part {@code index} throws what {@code failure} makes (queued, once each). */
    public FakeFetcher failOnce(int index, FailureMaker failure) {
        failures.computeIfAbsent(index, i -> new ConcurrentLinkedQueue<>()).add(failure);
        return this;
    }

    /** Every fetch of part {@code index} throws. */
    public FakeFetcher failAlways(int index, FailureMaker failure) {
        permanentFailures.put(index, failure);
        return this;
    }

    /** Part {@code index} claims to start {@code shift} bytes away from where it really does. */
    public FakeFetcher misplace(int index, long shift) {
        misplacements.put(index, shift);
        return this;
    }

    /** Part {@code index} claims the whole file has {@code size} bytes. */
    public FakeFetcher claimFileSize(int index, long size) {
        claimedFileSizes.put(index, size);
        return this;
    }

    /** Fetches of part {@code index} wait until {@link #release(int)} or an interrupt. */
    public FakeFetcher block(int index) {
        gates.put(index, new CountDownLatch(1));
        return this;
    }

    public void release(int index) {
        CountDownLatch gate = gates.remove(index);
        if (gate != null) gate.countDown();
    }

    /** Every fetch takes this long (interruptible). */
    public FakeFetcher delay(Duration delay) {
        this.delay = delay;
        return this;
    }

    public FakeFetcher missingOnStat(int index) {
        missingOnStat.add(messageId(index));
        return this;
    }

    public FakeFetcher unknownOnStat(int index) {
        unknownOnStat.add(messageId(index));
        return this;
    }

    /**
     * Answers {@link #statAll} as {@link #exists} would, leaving the articles "unknown on STAT"
     * unsettled; without it, {@code statAll} settles nothing (a fetcher that cannot pipeline).
     */
    public FakeFetcher answersStatsTogether() {
        statsTogether = true;
        return this;
    }

    // --- observations ----------------------------------------------------------------------

    public int fetches(int index) {
        AtomicInteger c = fetchCounts.get(index);
        return c == null ? 0 : c.get();
    }

    public int totalFetches() {
        int sum = 0;
        for (AtomicInteger c : fetchCounts.values()) sum += c.get();
        return sum;
    }

    public int maxConcurrentFetches() {
        return maxRunning.get();
    }

    public int runningFetches() {
        return running.get();
    }

    /** Fetches that were interrupted while blocked or delayed. */
    public int interrupts() {
        return interrupts.get();
    }

    public List<Priority> priorities() {
        return List.copyOf(priorities);
    }

    /** STATs asked one at a time ({@link #exists}). */
    public int statCalls() {
        return stats.get();
    }

    /** The size of each {@link #statAll} batch asked, in the order asked. */
    public List<Integer> statBatches() {
        return List.copyOf(statBatches);
    }

    /** How many different arrays the fetches were given to decode into. */
    public int distinctBuffers() {
        return buffers.size();
    }

    /** Waits until some fetch is blocked at a gate. */
    public boolean awaitBlocked(Duration timeout) throws InterruptedException {
        return blockedReached.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    // --- ArticleFetcher ----------------------------------------------------------------------

    @Override
    public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest)
            throws ReadFailure, ReadCancelledException {
        int index = indexOf(segment);
        priorities.add(priority);
        buffers.add(dest);
        fetchCounts.computeIfAbsent(index, i -> new AtomicInteger()).incrementAndGet();
        int now = running.incrementAndGet();
        maxRunning.accumulateAndGet(now, Math::max);
        try {
            pause(index);
            ConcurrentLinkedQueue<FailureMaker> queued = failures.get(index);
            FailureMaker once = queued == null ? null : queued.poll();
            if (once != null) throw once.make(segment.messageId());
            FailureMaker always = permanentFailures.get(index);
            if (always != null) throw always.make(segment.messageId());
            Part p = parts.get(index);
            byte[] data = dest.length >= p.length() ? dest : new byte[p.length()];
            content.copy(p.begin(), data, 0, p.length());
            long claimedBegin = p.begin() + misplacements.getOrDefault(index, 0L);
            long fileSize = claimedFileSizes.getOrDefault(index, claimedFileSize);
            return new DecodedArticle(p.number(), parts.size(), fileSize, claimedBegin, "fake.bin", data, p.length());
        } finally {
            running.decrementAndGet();
        }
    }

    @Override
    public boolean exists(NzbSegment segment, Priority priority) throws ReadFailure, ReadCancelledException {
        stats.incrementAndGet();
        if (unknownOnStat.contains(segment.messageId())) {
            throw new ArticleUnavailableException(segment.messageId(), "timed out", null);
        }
        return !missingOnStat.contains(segment.messageId());
    }

    @Override
    public StatAnswers statAll(List<String> messageIds, Priority priority) {
        statBatches.add(messageIds.size());
        if (!statsTogether) return StatAnswers.NONE;
        Set<String> present = new HashSet<>();
        Set<String> missing = new HashSet<>();
        for (String id : messageIds) {
            if (unknownOnStat.contains(id)) continue;
            if (missingOnStat.contains(id)) missing.add(id);
            else present.add(id);
        }
        return new StatAnswers(present, missing);
    }

    private void pause(int index) throws ReadCancelledException {
        try {
            CountDownLatch gate = gates.get(index);
            if (gate != null) {
                blockedReached.countDown();
                gate.await();
            }
            Duration d = delay;
            if (!d.isZero()) Thread.sleep(d);
        } catch (InterruptedException e) {
            interrupts.incrementAndGet();
            throw new ReadCancelledException("fetch interrupted");
        }
    }

    private int indexOf(NzbSegment segment) {
        String id = segment.messageId();
        int index = Integer.parseInt(id.substring(4, id.indexOf('@'))) - 1;
        if (index < 0 || index >= parts.size()) throw new IllegalArgumentException("unknown article " + id);
        return index;
    }

    /** Parts of arbitrary ranges, numbered 1..n. */
    public static List<Part> partsOf(long[] begins, int[] lengths) {
        List<Part> list = new ArrayList<>();
        for (int i = 0; i < begins.length; i++) list.add(new Part(i + 1, begins[i], lengths[i]));
        return list;
    }
}
