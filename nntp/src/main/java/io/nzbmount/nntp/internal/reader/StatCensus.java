package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleCensus;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.StatAnswers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One census of articles ({@link io.nzbmount.nntp.Usenet#census}): every copy's message id asked
 * in batches of STATs sent together ({@link ArticleFetcher#statAll}), a few batches at once, at
 * background priority; what a batch leaves unsettled is asked on its own with the fetcher's
 * retries ({@link ArticleFetcher#exists}). Used once, from one thread.
 */
public final class StatCensus {

    private enum Answer {
        PRESENT,
        MISSING,
        UNKNOWN
    }

    private final ArticleFetcher fetcher;
    private final ExecutorService executor;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    public StatCensus(ArticleFetcher fetcher, ExecutorService executor) {
        this.fetcher = fetcher;
        this.executor = executor;
    }

    public ArticleCensus run(List<NzbSegment> segments, int perConnection, int connections)
            throws ReadCancelledException {
        Map<String, NzbSegment> copies = new LinkedHashMap<>();
        for (NzbSegment s : segments) {
            for (NzbSegment copy : s.copies()) copies.putIfAbsent(copy.messageId(), copy);
        }
        List<List<NzbSegment>> batches = new ArrayList<>();
        List<NzbSegment> all = List.copyOf(copies.values());
        for (int i = 0; i < all.size(); i += perConnection) {
            batches.add(all.subList(i, Math.min(all.size(), i + perConnection)));
        }
        AtomicInteger next = new AtomicInteger();
        List<Future<Void>> workers = new ArrayList<>();
        try {
            for (int w = 0; w < Math.min(connections, batches.size()); w++) {
                workers.add(executor.submit(() -> {
                    for (int b; (b = next.getAndIncrement()) < batches.size(); ) ask(batches.get(b));
                    return null;
                }));
            }
            for (Future<Void> worker : workers) worker.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("census of " + segments.size() + " articles interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ReadCancelledException c) throw c;
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException("article census failed unexpectedly", e.getCause());
        } finally {
            for (Future<Void> worker : workers) worker.cancel(true);
        }
        return tally(segments);
    }

    private void ask(List<NzbSegment> batch) throws ReadCancelledException {
        List<String> ids = batch.stream().map(NzbSegment::messageId).toList();
        StatAnswers settled = fetcher.statAll(ids, Priority.BACKGROUND);
        for (NzbSegment s : batch) {
            String id = s.messageId();
            if (settled.present().contains(id)) answers.put(id, Answer.PRESENT);
            else if (settled.missing().contains(id)) answers.put(id, Answer.MISSING);
            else answers.put(id, alone(s));
        }
    }

    private Answer alone(NzbSegment copy) throws ReadCancelledException {
        try {
            return fetcher.exists(copy, Priority.BACKGROUND) ? Answer.PRESENT : Answer.MISSING;
        } catch (ArticleMissingException e) {
            return Answer.MISSING;
        } catch (ReadFailure f) {
            return Answer.UNKNOWN;
        }
    }

    private ArticleCensus tally(List<NzbSegment> segments) {
        int present = 0;
        Set<String> missing = new HashSet<>();
        Set<String> unknown = new HashSet<>();
        for (NzbSegment s : segments) {
            boolean any = false;
            boolean allMissing = true;
            for (NzbSegment copy : s.copies()) {
                Answer a = answers.get(copy.messageId());
                any |= a == Answer.PRESENT;
                allMissing &= a == Answer.MISSING;
            }
            if (any) present++;
            else if (allMissing) missing.add(s.messageId());
            else unknown.add(s.messageId());
        }
        return new ArticleCensus(present, missing, unknown);
    }
}
