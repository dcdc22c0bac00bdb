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

    /**
     * One article. A held article keeps its dot-stuffed wire block once made, so serving it again
     * costs no copying; a generated one makes it on every request and keeps nothing.
     */
    static final class Article {
        private final String messageId;
        private final String subject;
        private final Supplier<byte[]> body;
        private final boolean held;
        private volatile byte[] block;

        Article(String messageId, String subject, Supplier<byte[]> body, boolean held) {
            this.messageId = messageId;
            this.subject = subject;
            this.body = body;
            this.held = held;
        }

        String messageId() {
            return messageId;
        }

        String subject() {
            return subject;
        }

        /** The article text, not dot-stuffed. */
        byte[] body() {
            return body.get();
        }

        /** The body as a dot-stuffed multi-line block, terminator included. */
        byte[] block() {
            byte[] b = block;
            if (b == null) {
                byte[] text = body.get();
                b = WireFormat.dotStuffed(text, 0, text.length);
                if (held) block = b;
            }
            return b;
        }
    }

    private final ConcurrentHashMap<String, Article> articles = new ConcurrentHashMap<>();

    /** @param held true when {@code body} returns bytes held in memory anyway, so caching the wire form costs little */
    void put(String messageId, String subject, Supplier<byte[]> body, boolean held) {
        String id = Faults.key(messageId);
        articles.put(id, new Article(id, Objects.requireNonNull(subject, "subject"), body, held));
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
