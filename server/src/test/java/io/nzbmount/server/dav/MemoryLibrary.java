package io.nzbmount.server.dav;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A library held in memory for tests: item folders with files whose bytes come from a
 * {@link Content}. Counts readers that are open, so a test can prove every one was closed.
 */
public final class MemoryLibrary implements Library {

    /** Where a test file's bytes come from. */
    public interface Content {
        long size();

        /** Fills {@code buffer[off, off+len)} with the bytes at {@code position}. */
        void fill(long position, byte[] buffer, int off, int len);
    }

    /** Bytes of an array. */
    public record ArrayContent(byte[] bytes) implements Content {
        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public void fill(long position, byte[] buffer, int off, int len) {
            System.arraycopy(bytes, (int) position, buffer, off, len);
        }
    }

    public static final Instant MODIFIED = Instant.parse("2024-03-01T12:34:56Z");

    private final Folder root = new Folder("library");
    private final AtomicInteger openReaders = new AtomicInteger();
    private final AtomicInteger opened = new AtomicInteger();
    private final ConcurrentHashMap<String, Long> failAt = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Boolean> stall = new ConcurrentHashMap<>();

    /** Adds a file to an item folder (created on first use). */
    public MemoryLibrary add(String item, String name, Content content) {
        Folder folder = (Folder) root.children.stream()
                .filter(n -> n.name().equals(item))
                .findFirst()
                .orElseGet(() -> {
                    Folder f = new Folder(item);
                    root.children.add(f);
                    return f;
                });
        folder.children.add(new File(name, content, item + "/" + name));
        return this;
    }

    /** Reads of {@code item/name} throw once they reach this offset. */
    public void failAt(String item, String name, long offset) {
        failAt.put(item + "/" + name, offset);
    }

    /** Reads of {@code item/name} block (until the reader is closed) once past their first chunk. */
    public void stallAfterFirstRead(String item, String name) {
        stall.put(item + "/" + name, true);
    }

    /** Readers opened and not yet closed. */
    public int openReaders() {
        return openReaders.get();
    }

    /** Readers opened since the start. */
    public int readersOpened() {
        return opened.get();
    }

    @Override
    public Optional<LibraryNode> resolve(List<String> segments) {
        LibraryNode node = root;
        for (String segment : segments) {
            if (!(node instanceof Folder folder)) {
                return Optional.empty();
            }
            node = folder.children.stream()
                    .filter(n -> n.name().equals(segment))
                    .findFirst()
                    .orElse(null);
            if (node == null) {
                return Optional.empty();
            }
        }
        return Optional.of(node);
    }

    private static final class Folder implements LibraryFolder {
        private final String name;
        private final List<LibraryNode> children = new CopyOnWriteArrayList<>();

        Folder(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Instant lastModified() {
            return MODIFIED;
        }

        @Override
        public List<LibraryNode> children() {
            return new ArrayList<>(children);
        }
    }

    private final class File implements LibraryFile {
        private final String name;
        private final Content content;
        private final String key;

        File(String name, Content content, String key) {
            this.name = name;
            this.content = content;
            this.key = key;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Instant lastModified() {
            return MODIFIED;
        }

        @Override
        public long size() {
            return content.size();
        }

        @Override
        public String etagBasis() {
            return "memory:" + key;
        }

        @Override
        public ContentReader open(long offset) {
            if (offset < 0 || offset >= content.size()) {
                throw new IllegalArgumentException("offset " + offset + " outside " + content.size());
            }
            openReaders.incrementAndGet();
            opened.incrementAndGet();
            return new Reader(offset);
        }

        private final class Reader implements ContentReader {
            private long position;
            private boolean first = true;
            private volatile boolean closed;

            Reader(long position) {
                this.position = position;
            }

            @Override
            public int read(byte[] buffer, int off, int len) throws IOException {
                if (closed) {
                    throw new IOException("reader closed");
                }
                if (position >= content.size()) {
                    return -1;
                }
                if (!first && stall.containsKey(key)) {
                    synchronized (this) {
                        while (!closed) {
                            try {
                                wait();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                throw new IOException("interrupted");
                            }
                        }
                    }
                    throw new IOException("reader closed while blocked");
                }
                first = false;
                int n = (int) Math.min(len, content.size() - position);
                Long failure = failAt.get(key);
                if (failure != null) {
                    if (position >= failure) {
                        throw new ArticleGoneException("simulated missing article at " + position);
                    }
                    n = (int) Math.min(n, failure - position);
                }
                content.fill(position, buffer, off, n);
                position += n;
                return n;
            }

            @Override
            public void close() {
                synchronized (this) {
                    if (closed) {
                        throw new IllegalStateException("closed twice");
                    }
                    closed = true;
                    notifyAll();
                }
                openReaders.decrementAndGet();
            }
        }
    }

    /** The kind of failure a real source raises when an article is gone. */
    public static final class ArticleGoneException extends IOException {
        public ArticleGoneException(String message) {
            super(message);
        }
    }
}
