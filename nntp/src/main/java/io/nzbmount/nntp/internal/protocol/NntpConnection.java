package io.nzbmount.nntp.internal.protocol;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One NNTP client connection (RFC 3977 reader commands, RFC 4643 AUTHINFO USER/PASS), plain or
 * implicit TLS. Replies come back as {@link NntpReply} values, whatever their code; exceptions
 * mean I/O trouble (timeouts included) or a broken protocol ({@link NntpProtocolException}).
 *
 * <p>State machine:
 * <pre>
 *   NEW --connect()--&gt; READY --command--&gt; BUSY --reply (and body) fully read--&gt; READY
 *   BUSY --I/O error, timeout, garbage, sink failure, abort()--&gt; BROKEN
 *   READY --pipeline()--&gt; PIPELINED --I/O error, timeout, garbage, sink failure, abort()--&gt; BROKEN
 *   any --close()/quit()--&gt; CLOSED
 * </pre>
 * Only a READY connection may be reused: one whose response was not read to its end (an
 * exception, an interrupt, an abort) is BROKEN and its socket is closed, because whatever it
 * would read next belongs to the old response.
 *
 * <p>The socket is a blocking {@link SocketChannel} (with TLS layered on it), so a thread
 * interrupted while it waits in a read or connect closes the connection and wakes up at once,
 * with its interrupt status set. Reads honour three deadlines, each ending in a
 * {@link java.net.SocketTimeoutException}: a reply's first byte within
 * {@link NntpEndpoint#firstByteTimeout()}, each later byte within
 * {@link NntpEndpoint#betweenBytesTimeout()} of the one before, and everything before the
 * budget set with {@link #limitTo(Duration)} runs out.
 *
 * <p>Thread safety: commands are issued by one thread at a time (a connection is leased to one
 * borrower), or, once {@link #pipeline() pipelined}, sent by one thread and read by another;
 * {@link #abort()} and {@link #state()} may be called from any thread. The 64 KiB
 * read buffer is allocated once per connection and reused for every response; bodies are pushed
 * to a {@link BodySink} straight from it, so the sink must copy what it keeps before returning.
 */
public final class NntpConnection implements Closeable {

    public enum State {
        NEW,
        READY,
        BUSY,
        PIPELINED,
        BROKEN,
        CLOSED
    }

    static final int BUFFER_SIZE = 64 * 1024;
    /** A {@link Pipeline} deadline that never comes: only the first-byte and between-bytes timeouts apply. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    private final NntpEndpoint endpoint;
    private final byte[] buf = new byte[BUFFER_SIZE];
    private final StatusLineParser statusParser = new StatusLineParser();
    private int pos;
    private int limit;
    /** System.nanoTime() by which the commands must be answered; see {@link #limitTo}. */
    private long deadline;

    private boolean budgeted;
    private volatile State state = State.NEW;
    private volatile SocketChannel channel;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    public NntpConnection(NntpEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    public NntpEndpoint endpoint() {
        return endpoint;
    }

    public State state() {
        return state;
    }

    /** True when the last response was read to its end and the socket is open. */
    public boolean isReusable() {
        return state == State.READY;
    }

    /**
     * Opens the socket (and TLS, verifying the certificate and the host name) and reads the
     * greeting. The connection is READY afterwards whatever the greeting says: 200/201 mean
     * service, 400 or 502 mean unavailable or too many connections, and the caller closes it.
     */
    public NntpReply connect() throws IOException {
        if (state != State.NEW) throw new IllegalStateException("connect() on a " + state + " connection");
        state = State.BUSY;
        try {
            SocketChannel ch = SocketChannel.open();
            channel = ch;
            Socket plain = ch.socket();
            plain.setTcpNoDelay(true);
            plain.setKeepAlive(true);
            plain.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), timeout(endpoint.connectTimeout()));
            plain.setSoTimeout(timeout(endpoint.connectTimeout()));
            socket = endpoint.tls() ? startTls(plain) : plain;
            in = socket.getInputStream();
            out = socket.getOutputStream();
            NntpReply greeting = readReply();
            finish();
            return greeting;
        } catch (IOException | RuntimeException e) {
            breakDown();
            throw e;
        }
    }

    private Socket startTls(Socket plain) throws IOException {
        SSLSocket ssl = (SSLSocket) endpoint.sslFactory().createSocket(plain, endpoint.host(), endpoint.port(), true);
        SSLParameters params = ssl.getSSLParameters();
        params.setEndpointIdentificationAlgorithm("HTTPS");
        ssl.setSSLParameters(params);
        ssl.setUseClientMode(true);
        ssl.setSoTimeout(timeout(endpoint.connectTimeout()));
        ssl.startHandshake();
        return ssl;
    }

    /**
     * Holds everything this connection does from now on (commands, replies, bodies; a connect not
     * started yet) to {@code budget}: once it is spent, the read waiting fails with a
     * {@link java.net.SocketTimeoutException}, however recent its last byte. A fetch that must
     * give up by a point in time sets it before each command; {@code null} lifts it.
     */
    public void limitTo(Duration budget) {
        budgeted = budget != null;
        if (budgeted) deadline = System.nanoTime() + Math.max(0, budget.toNanos());
    }

    /**
     * AUTHINFO USER, then PASS when the server asks for it (381).
     *
     * @return the final reply: 281 accepted; 481 rejected; 482 out of sequence (some providers
     *     say "too many connections" this way); 502 not allowed
     */
    public NntpReply authenticate(String user, String password) throws IOException {
        checkCommandText(user, "user");
        checkCommandText(password, "password");
        NntpReply reply = command("AUTHINFO USER " + user);
        if (reply.code() != NntpReply.PASSWORD_REQUIRED) return reply;
        return command("AUTHINFO PASS " + password);
    }

    /**
     * BODY of one article. On 222 the body is pushed into {@code sink} (dot-stuffed, up to and
     * including the terminating line) until the sink reports it complete; an exception from the
     * sink breaks the connection and propagates unchanged. Any other reply (430/423 no such
     * article, 480 authentication required, ...) is returned and the connection stays READY.
     */
    public NntpReply body(String messageId, BodySink sink) throws IOException {
        begin();
        try {
            send("BODY " + bracketed(messageId));
            NntpReply reply = readReply();
            if (reply.code() == NntpReply.BODY_FOLLOWS) pump(sink);
            finish();
            return reply;
        } catch (IOException | RuntimeException e) {
            breakDown();
            throw e;
        }
    }

    /** STAT: 223 the article exists, 430 it does not. */
    public NntpReply stat(String messageId) throws IOException {
        return command("STAT " + bracketed(messageId));
    }

    /**
     * Sends any single-line command and reads its status line. Commands whose reply carries a
     * multi-line block (other than BODY) must not be sent this way: the block would be left
     * unread.
     */
    public NntpReply command(String line) throws IOException {
        checkCommandText(line, "command");
        begin();
        try {
            send(line);
            NntpReply reply = readReply();
            finish();
            return reply;
        } catch (IOException | RuntimeException e) {
            breakDown();
            throw e;
        }
    }

    /**
     * Hands the connection to a writer thread and a reader thread for pipelining (RFC 3977
     * section 3.5): commands go out through the returned view as soon as they are given, while
     * the replies to earlier ones are still being read. From here on only the view is used;
     * the connection is never READY again.
     *
     * @throws IllegalStateException when the connection is not READY
     */
    public Pipeline pipeline() {
        synchronized (this) {
            if (state != State.READY) throw new IllegalStateException("pipeline() on a " + state + " connection");
            state = State.PIPELINED;
        }
        return new Pipeline();
    }

    /**
     * A PIPELINED connection: one thread sends commands, another reads the replies in the order
     * the commands went out. Any I/O error, timeout, broken reply or failing sink breaks the
     * connection (BROKEN, socket closed), which fails the other thread's call too.
     */
    public final class Pipeline {

        private Pipeline() {}

        /**
         * Sends command lines without reading their replies; only commands answered by a status
         * line alone or by BODY's block may be pipelined. Writer thread only.
         */
        public void send(List<String> lines) throws IOException {
            StringBuilder text = new StringBuilder();
            for (String line : lines) {
                checkCommandText(line, "command");
                text.append(line).append("\r\n");
            }
            try {
                out.write(text.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException | RuntimeException e) {
                breakDown();
                throw e;
            }
        }

        /**
         * Reads the status line of the oldest command whose reply is unread, waiting at most the
         * first-byte timeout for its first byte and never past {@code deadlineNanos}
         * ({@code System.nanoTime()}; {@link #NO_DEADLINE} for none). Reader thread only.
         */
        public NntpReply readReply(long deadlineNanos) throws IOException {
            deadline(deadlineNanos);
            try {
                return NntpConnection.this.readReply();
            } catch (IOException | RuntimeException e) {
                breakDown();
                throw e;
            }
        }

        /**
         * Reads the block that follows a 222 reply into {@code sink} until it reports the block
         * complete. {@link #deadline} may move the deadline while this runs (from the sink, on
         * this thread). Reader thread only.
         */
        public void readBody(BodySink sink) throws IOException {
            try {
                pump(sink);
            } catch (IOException | RuntimeException e) {
                breakDown();
                throw e;
            }
        }

        /** Moves the deadline of the read under way; {@link #NO_DEADLINE} for none. Reader thread only. */
        public void deadline(long deadlineNanos) {
            budgeted = deadlineNanos != NO_DEADLINE;
            deadline = deadlineNanos;
        }

        /** True until the connection broke or was closed. */
        public boolean isOpen() {
            return state == State.PIPELINED;
        }

        /** Closes the socket at once, from any thread; both threads' calls fail. */
        public void abort() {
            breakDown();
        }
    }

    /** Says QUIT politely when READY (waiting at most the read timeout), then closes. */
    public void quit() {
        if (state == State.READY) {
            try {
                command("QUIT");
            } catch (IOException | RuntimeException ignored) {
                // Closing anyway; the server's farewell changes nothing.
            }
        }
        close();
    }

    /**
     * Closes the socket at once, from any thread; a read in progress fails immediately. The
     * connection is BROKEN afterwards. No QUIT, no TLS close_notify: nothing that could block.
     */
    public void abort() {
        breakDown();
    }

    @Override
    public void close() {
        synchronized (this) {
            state = State.CLOSED;
        }
        closeChannel();
    }

    private synchronized void begin() {
        State s = state;
        if (s != State.READY) throw new IllegalStateException("command on a " + s + " connection");
        state = State.BUSY;
    }

    private void finish() {
        boolean ready;
        // abort() from another thread may have won the race: never resurrect an aborted socket.
        synchronized (this) {
            if (state == State.BUSY) state = State.READY;
            ready = state == State.READY;
        }
        if (!ready) closeChannel();
    }

    private void breakDown() {
        synchronized (this) {
            if (state != State.CLOSED) state = State.BROKEN;
        }
        closeChannel();
    }

    private void closeChannel() {
        SocketChannel ch = channel;
        if (ch == null) return;
        try {
            ch.close();
        } catch (IOException ignored) {
            // Nothing left to release: the channel is closed whatever close() reported.
        }
    }

    private void send(String line) throws IOException {
        byte[] bytes = (line + "\r\n").getBytes(StandardCharsets.UTF_8);
        out.write(bytes);
        out.flush();
    }

    private NntpReply readReply() throws IOException {
        statusParser.reset();
        boolean first = true;
        while (true) {
            if (pos == limit) fill(first ? endpoint.firstByteTimeout() : endpoint.betweenBytesTimeout());
            first = false;
            int used = statusParser.feed(buf, pos, limit - pos);
            if (used >= 0) {
                pos += used;
                return statusParser.reply();
            }
            pos = limit;
        }
    }

    private void pump(BodySink sink) throws IOException {
        while (!sink.isComplete()) {
            if (pos == limit) fill(endpoint.betweenBytesTimeout());
            int used = sink.accept(buf, pos, limit - pos);
            if (used < 0 || used > limit - pos || (used < limit - pos && !sink.isComplete())) {
                throw new IllegalStateException("body sink consumed " + used + " of " + (limit - pos) + " bytes");
            }
            pos += used;
        }
    }

    private void fill(Duration wait) throws IOException {
        socket.setSoTimeout(timeout(wait));
        int n = in.read(buf, 0, buf.length);
        if (n < 0) throw new java.io.EOFException("connection closed by the server");
        pos = 0;
        limit = n;
    }

    /** Accepts an id with or without angle brackets; refuses anything that could smuggle a command. */
    public static String bracketed(String messageId) {
        String id = messageId.startsWith("<") && messageId.endsWith(">") && messageId.length() > 2
                ? messageId.substring(1, messageId.length() - 1)
                : messageId;
        if (id.isEmpty()) throw new IllegalArgumentException("empty message id");
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c <= ' ' || c == '<' || c == '>' || c == 0x7F) {
                throw new IllegalArgumentException("message id contains a forbidden character: " + messageId);
            }
        }
        return "<" + id + ">";
    }

    private static void checkCommandText(String s, String what) {
        if (s == null) throw new IllegalArgumentException(what + " is null");
        if (s.indexOf('\r') >= 0 || s.indexOf('\n') >= 0) {
            throw new IllegalArgumentException(what + " contains a line break");
        }
    }

    /** A socket timeout in milliseconds: {@code d}, or less when the budget ends sooner. */
    private int timeout(Duration d) throws SocketTimeoutException {
        long nanos = d.toNanos();
        if (budgeted) {
            long left = deadline - System.nanoTime();
            if (left <= 0) throw new SocketTimeoutException("the fetch's time budget is spent");
            nanos = Math.min(nanos, left);
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, nanos / 1_000_000));
    }
}
