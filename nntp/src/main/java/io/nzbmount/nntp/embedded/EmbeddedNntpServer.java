package io.nzbmount.nntp.embedded;

import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * A small NNTP server on 127.0.0.1 for demo mode and tests: an in-memory article store (bodies
 * held or generated on demand), files posted as yEnc parts, optional AUTHINFO and implicit TLS,
 * and fault injection switchable at run time ({@link #faults()}). One virtual thread per
 * connection. Commands: CAPABILITIES, MODE READER, AUTHINFO USER/PASS, GROUP (minimal), BODY,
 * ARTICLE, HEAD, STAT (by message id), DATE, QUIT.
 *
 * <p>Thread-safe: articles may be posted and faults switched while clients are connected.
 * {@link #close()} stops accepting, closes every connection and ends every stall.
 */
public final class EmbeddedNntpServer implements AutoCloseable {

    private final ServerSocket serverSocket;
    private final String user;
    private final String password;
    private final String group;
    private final String poster;
    private final ArticleStore store;
    private final Faults faults = new Faults();
    private final ServerCounters counters = new ServerCounters();
    private final Set<ClientSession> sessions = ConcurrentHashMap.newKeySet();
    private final YencEncoder encoder = new YencEncoder();
    private final String idToken;
    private final AtomicLong idSequence = new AtomicLong();
    private final Thread acceptor;
    private volatile boolean closed;

    private EmbeddedNntpServer(Builder b) throws IOException {
        this.user = b.user;
        this.password = b.password;
        this.group = b.group;
        this.poster = b.poster;
        this.store = b.articlesOf == null ? new ArticleStore() : b.articlesOf.store;
        byte[] token = new byte[4];
        new SecureRandom().nextBytes(token);
        this.idToken = HexFormat.of().formatHex(token);
        InetAddress loopback = InetAddress.getLoopbackAddress();
        ServerSocket ss = b.tls == null
                ? new ServerSocket()
                : b.tls.getServerSocketFactory().createServerSocket();
        ss.setReuseAddress(true);
        ss.bind(new InetSocketAddress(loopback, b.port), 200);
        this.serverSocket = ss;
        this.acceptor = Thread.ofVirtual()
                .name("nntp-embedded-accept-" + ss.getLocalPort())
                .start(this::acceptLoop);
    }

    /** A server on an ephemeral port, without login or TLS. */
    public static EmbeddedNntpServer start() throws IOException {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options of a server to start. */
    public static final class Builder {
        private int port;
        private String user;
        private String password;
        private SSLContext tls;
        private String group = "alt.binaries.test";
        private String poster = "NZBMount <embedded@nzbmount.invalid>";
        private EmbeddedNntpServer articlesOf;

        /** 0 (the default) for an ephemeral port. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Requires AUTHINFO with these credentials before article commands (480 otherwise). */
        public Builder credentials(String user, String password) {
            this.user = Objects.requireNonNull(user);
            this.password = Objects.requireNonNull(password);
            return this;
        }

        /** Implicit TLS with this context's key material. */
        public Builder tls(SSLContext context) {
            this.tls = context;
            return this;
        }

        public Builder group(String group) {
            this.group = group;
            return this;
        }

        public Builder poster(String poster) {
            this.poster = poster;
            return this;
        }

        /**
         * Serves the articles of {@code other}: one store, so an article posted or removed on
         * either is posted or removed on both (two providers of the same retention), while
         * faults and counters stay each server's own.
         */
        public Builder articlesOf(EmbeddedNntpServer other) {
            this.articlesOf = Objects.requireNonNull(other);
            return this;
        }

        public EmbeddedNntpServer start() throws IOException {
            return new EmbeddedNntpServer(this);
        }
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return serverSocket.getLocalPort();
    }

    public Faults faults() {
        return faults;
    }

    public ServerCounters counters() {
        return counters;
    }

    /** A provider account for this server, with its credentials when it has some. */
    public Provider provider(String name, int connections, int priority) {
        return new Provider(
                name,
                host(),
                port(),
                serverSocket instanceof javax.net.ssl.SSLServerSocket,
                user,
                password,
                connections,
                priority);
    }

    /** Stores one article; {@code body} is the article text (CRLF line ends, not dot-stuffed). */
    public void putArticle(String messageId, byte[] body) {
        byte[] copy = body.clone();
        store.put(messageId, "article " + messageId, () -> copy, true);
    }

    /** Removes an article, as a provider does when it is taken down; later requests get 430. */
    public boolean removeArticle(String messageId) {
        return store.remove(messageId);
    }

    /** Splits {@code data} into yEnc parts of {@code partSize} bytes and stores them as articles. */
    public PostedFile post(String fileName, byte[] data, int partSize) {
        byte[] copy = data.clone();
        return post(
                fileName,
                copy.length,
                partSize,
                false,
                (offset, dest, off, len) -> System.arraycopy(copy, (int) offset, dest, off, len));
    }

    /**
     * Posts a file whose parts are generated and encoded each time they are asked for, so the
     * file can be larger than memory (offsets past 4 GiB). The segments' wire sizes are
     * estimates: computing them would mean encoding the whole file.
     */
    public PostedFile postLazy(String fileName, long size, int partSize, FileContent content) {
        return post(fileName, size, partSize, true, content);
    }

    private PostedFile post(String fileName, long size, int partSize, boolean lazy, FileContent content) {
        if (partSize < 1) throw new IllegalArgumentException("partSize must be >= 1");
        if (size < 1) throw new IllegalArgumentException("cannot post an empty file");
        long partCount = (size + partSize - 1) / partSize;
        if (partCount > Integer.MAX_VALUE) throw new IllegalArgumentException("too many parts");
        int total = (int) partCount;
        long fileId = idSequence.incrementAndGet();
        List<PostedSegment> segments = new ArrayList<>(total);
        for (int p = 1; p <= total; p++) {
            long begin = (long) (p - 1) * partSize;
            int len = (int) Math.min(partSize, size - begin);
            int part = p;
            String id = "part" + p + "of" + total + "." + idToken + "-" + fileId + "@embedded.nzbmount.invalid";
            String subject = "\"" + fileName + "\" yEnc (" + p + "/" + total + ") " + size;
            Supplier<byte[]> encode = () -> {
                byte[] raw = new byte[len];
                content.read(begin, raw, 0, len);
                return encoder.encodePart(raw, 0, len, fileName, part, total, size, begin);
            };
            long wire;
            if (lazy) {
                store.put(id, subject, encode, false);
                wire = len
                        + len / 50
                        + 2L * ((len + YencEncoder.DEFAULT_LINE_LENGTH - 1) / YencEncoder.DEFAULT_LINE_LENGTH)
                        + 160;
            } else {
                byte[] encoded = encode.get();
                store.put(id, subject, () -> encoded, true);
                wire = encoded.length;
            }
            segments.add(new PostedSegment(p, id, begin, len, wire));
        }
        String nzbSubject = "\"" + fileName + "\" yEnc (1/" + total + ") " + size;
        return new PostedFile(
                fileName,
                size,
                partSize,
                nzbSubject,
                poster,
                System.currentTimeMillis() / 1000,
                List.of(group),
                segments);
    }

    /** Stops accepting, closes every connection, ends every stall; waits for the acceptor. */
    @Override
    public void close() {
        closed = true;
        try {
            serverSocket.close();
        } catch (IOException ignored) {
            // Closed either way.
        }
        faults.releaseStalls();
        for (ClientSession s : sessions) s.close();
        try {
            acceptor.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = serverSocket.accept();
                // A reply goes out in pieces (ShapedOutput); with Nagle's rule the last small piece
                // waited for the client's delayed ACK, 40 ms on Linux, on every article.
                socket.setTcpNoDelay(true);
            } catch (IOException e) {
                if (closed) return;
                continue;
            }
            ClientSession session = new ClientSession(this, socket);
            sessions.add(session);
            if (closed) session.close();
            Thread.ofVirtual().name("nntp-embedded-session").start(session);
        }
    }

    void sessionEnded(ClientSession session) {
        sessions.remove(session);
    }

    ArticleStore.Article article(String messageId) {
        return store.get(messageId);
    }

    int articleCount() {
        return store.size();
    }

    String credentialsUser() {
        return user;
    }

    boolean credentialsMatch(String u, String p) {
        return user == null || (user.equals(u) && password.equals(p));
    }

    String group() {
        return group;
    }

    String poster() {
        return poster;
    }
}
