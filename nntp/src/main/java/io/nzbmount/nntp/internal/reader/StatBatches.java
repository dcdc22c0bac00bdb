package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.StatAnswers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The first pass of {@link io.nzbmount.nntp.internal.UsenetService#missing}: the STATs of every
 * copy of the articles sent in batches of {@code perConnection}, each batch together on one
 * connection ({@link ArticleFetcher#statAll}), up to {@code connections} batches at once, at
 * background priority. An import's sample of twenty articles costs one round trip instead of one
 * for each article. Settles only clear answers and retries nothing: what is left is asked article
 * by article, which also says why an article could not be asked. Stateless; thread-safe if the
 * fetcher is.
 */
public final class StatBatches {

    /** What the batches settled, by segment. */
    public record Settled(Set<String> missing, List<NzbSegment> unsettled) {}

    private final ArticleFetcher fetcher;
    private final ExecutorService executor;
    private final int perConnection;
    private final int connections;

    public StatBatches(ArticleFetcher fetcher, ExecutorService executor, int perConnection, int connections) {
        if (perConnection < 1 || connections < 1)
            throw new IllegalArgumentException("perConnection and connections must be >= 1");
        this.fetcher = fetcher;
        this.executor = executor;
        this.perConnection = perConnection;
        this.connections = connections;
    }

    /**
     * @return the message ids of the segments whose every copy every provider lacks, and the
     *         segments that are neither those nor present on some provider
     */
    public Settled ask(List<NzbSegment> segments) throws ReadCancelledException {
        Set<String> ids = new LinkedHashSet<>();
        for (NzbSegment s : segments) {
            for (NzbSegment copy : s.copies()) ids.add(copy.messageId());
        }
        StatAnswers answers = statAll(List.copyOf(ids));
        Set<String> missing = new LinkedHashSet<>();
        List<NzbSegment> unsettled = new ArrayList<>();
        for (NzbSegment s : segments) {
            boolean present = false;
            boolean allMissing = true;
            for (NzbSegment copy : s.copies()) {
                present |= answers.present().contains(copy.messageId());
                allMissing &= answers.missing().contains(copy.messageId());
            }
            if (present) continue;
            if (allMissing) missing.add(s.messageId());
            else unsettled.add(s);
        }
        return new Settled(missing, unsettled);
    }

    private StatAnswers statAll(List<String> ids) throws ReadCancelledException {
        List<List<String>> batches = new ArrayList<>();
        for (int i = 0; i < ids.size(); i += perConnection)
            batches.add(ids.subList(i, Math.min(ids.size(), i + perConnection)));
        if (batches.size() == 1) return fetcher.statAll(batches.get(0), Priority.BACKGROUND);
        Set<String> present = ConcurrentHashMap.newKeySet();
        Set<String> missing = ConcurrentHashMap.newKeySet();
        AtomicInteger next = new AtomicInteger();
        List<Future<Void>> workers = new ArrayList<>();
        try {
            for (int w = 0; w < Math.min(connections, batches.size()); w++) {
                workers.add(executor.submit(() -> {
                    for (int b; (b = next.getAndIncrement()) < batches.size(); ) {
                        StatAnswers a = fetcher.statAll(batches.get(b), Priority.BACKGROUND);
                        present.addAll(a.present());
                        missing.addAll(a.missing());
                    }
                    return null;
                }));
            }
            for (Future<Void> worker : workers) worker.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("STAT of " + ids.size() + " articles interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ReadCancelledException c) throw c;
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException("STAT of several articles failed unexpectedly", e.getCause());
        } finally {
            for (Future<Void> worker : workers) worker.cancel(true);
        }
        return new StatAnswers(present, missing);
    }
}
