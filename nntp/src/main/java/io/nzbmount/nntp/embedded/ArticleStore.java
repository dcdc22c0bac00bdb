package io.nzbmount.nntp.embedded;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The embedded server's articles: message id (without angle brackets) to body, the body either
 * held in memory or generated when asked for. Bodies are stored as the article text, CRLF line
 * ends, not dot-stuffed. Thread-safe.
 */
final class ArticleStore {

    record Article(String messageId, String subject, Supplier<byte[]> body) { }

    private final ConcurrentHashMap<String, Article> articles = new ConcurrentHashMap<>();

    void put(String messageId, String subject, Supplier<byte[]> body) {
        String id = Faults.key(messageId);
        articles.put(id, new Article(id, Objects.requireNonNull(subject, "subject"), body));
    }

    Article get(String messageId) {
        return articles.get(Faults.key(messageId));
    }

    boolean remove(String messageId) {
        return articles.remove(Faults.key(messageId)) != null;
    }

    int size() {
        return articles.size();
    }
}
