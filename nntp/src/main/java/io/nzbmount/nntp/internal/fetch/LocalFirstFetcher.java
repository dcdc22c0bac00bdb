package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.LocalArticles;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Serves an article from {@link LocalArticles} when it is held there, and asks the providers
 * through the wrapped fetcher otherwise. The local copy goes through the caller's checks like a
 * fetched one. A STAT batch goes to the providers whole, less the articles held here: asked one
 * by one instead, an import's sample would cost a round trip per article on each connection.
 * Thread-safe when both parts are.
 */
public final class LocalFirstFetcher implements ArticleFetcher {
    private final ArticleFetcher providers;
    private final LocalArticles local;

    public LocalFirstFetcher(ArticleFetcher providers, LocalArticles local) {
        this.providers = providers;
        this.local = local;
    }

    @Override
    public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest)
            throws ReadFailure, ReadCancelledException {
        Optional<DecodedArticle> held = held(segment, dest);
        return held.isPresent() ? held.get() : providers.fetch(segment, priority, dest);
    }

    @Override
    public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest, Runnable placed)
            throws ReadFailure, ReadCancelledException {
        Optional<DecodedArticle> held = held(segment, dest);
        if (held.isPresent()) {
            placed.run();
            return held.get();
        }
        return providers.fetch(segment, priority, dest, placed);
    }

    @Override
    public boolean exists(NzbSegment segment, Priority priority) throws ReadFailure, ReadCancelledException {
        return local.holds(segment.messageId()) || providers.exists(segment, priority);
    }

    /** {@inheritDoc} The articles held here are present without asking; the rest go to the providers as one batch. */
    @Override
    public StatAnswers statAll(List<String> messageIds, Priority priority) throws ReadCancelledException {
        Set<String> held = new HashSet<>();
        List<String> asked = new ArrayList<>(messageIds.size());
        for (String id : messageIds) {
            if (local.holds(id)) held.add(id);
            else asked.add(id);
        }
        if (asked.isEmpty()) return new StatAnswers(held, Set.of());
        StatAnswers answers = providers.statAll(asked, priority);
        if (held.isEmpty()) return answers;
        held.addAll(answers.present());
        return new StatAnswers(held, answers.missing());
    }

    @Override
    public void connectAhead(int connections) {
        providers.connectAhead(connections);
    }

    @Override
    public Pipe pipe() {
        return providers.pipe();
    }

    private Optional<DecodedArticle> held(NzbSegment segment, byte[] dest) {
        Optional<LocalArticles.Article> found = local.article(segment.messageId());
        if (found.isEmpty()) return Optional.empty();
        LocalArticles.Article a = found.get();
        byte[] data = a.data();
        byte[] buffer = dest != null && dest.length >= data.length ? dest : new byte[data.length];
        System.arraycopy(data, 0, buffer, 0, data.length);
        return Optional.of(new DecodedArticle(a.part(), a.total(), a.fileSize(), a.begin(), "", buffer, data.length));
    }
}
