package io.nzbmount.nntp.embedded;

import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The embedded server's fault switches, changeable at run time from any thread. Article faults
 * are set per message id (without angle brackets) or for all articles ({@link #ALL}); a fault
 * for one id wins over the one for all. Each can be limited to the next {@code times} commands
 * it applies to, after which it switches itself off.
 *
 * <p>Three switches make the server behave like a provider across the internet, for the whole
 * server (every connection, open and new):
 * <ul>
 * <li>{@link #replyDelay(Duration)}: each reply (the greeting included) waits this long before its
 *     status line, as a round trip and the provider's think time would;</li>
 * <li>{@link #rateCap(long)}: each connection sends at most this many bytes per second, as
 *     providers cap every connection;</li>
 * <li>{@link #silent(boolean)}: the server goes silent: sockets stay open and commands are read,
 *     but no byte is sent, in the middle of an article too, until it is switched off again.</li>
 * </ul>
 * For a far provider 20 ms away each way with 20 MB/s per connection:
 * {@code faults.replyDelay(Duration.ofMillis(40)); faults.rateCap(20_000_000);}. A provider that
 * stops answering mid-stream: {@code faults.silent(true)}, and {@code faults.silent(false)} to let
 * it speak again; each takes effect within {@value ShapedOutput#MAX_PIECE} bytes of what a
 * connection is sending.
 */
public final class Faults {

    /** The key that applies an article fault to every article. */
    public static final String ALL = "*";

    private record Rule(ArticleFault fault, int remaining) {}

    private final ConcurrentHashMap<String, Rule> rules = new ConcurrentHashMap<>();
    private volatile CountDownLatch stallGate = new CountDownLatch(1);
    private volatile boolean rejectCredentials;
    private volatile boolean unavailableAtGreeting;
    private volatile int connectionLimit;
    private volatile boolean limitAtLogin;
    private volatile long replyDelayNanos;
    private volatile long rateCap;
    private volatile boolean silent;
    /** Guards the change of {@link #silent}; not a monitor, which a virtual thread waits on pinned on JDK 21. */
    private final ReentrantLock silence = new ReentrantLock();

    private final Condition speaking = silence.newCondition();

    /** Applies {@code fault} to {@code messageIdOrAll} until cleared. */
    public void inject(String messageIdOrAll, ArticleFault fault) {
        rules.put(key(messageIdOrAll), new Rule(fault, -1));
    }

    /** Applies {@code fault} to the next {@code times} commands for {@code messageIdOrAll} it applies to. */
    public void inject(String messageIdOrAll, ArticleFault fault, int times) {
        if (times < 1) throw new IllegalArgumentException("times must be >= 1");
        rules.put(key(messageIdOrAll), new Rule(fault, times));
    }

    public void clear(String messageIdOrAll) {
        rules.remove(key(messageIdOrAll));
    }

    /** Switches every fault off, the connection-level ones included, and releases stalls. */
    public void clearAll() {
        rules.clear();
        rejectCredentials = false;
        unavailableAtGreeting = false;
        connectionLimit = 0;
        replyDelayNanos = 0;
        rateCap = 0;
        silent(false);
        releaseStalls();
    }

    /**
     * Every reply from now on waits until {@code delay} after its command arrived (zero for none):
     * the greeting (after the connect), each command's answer, each article. The body then follows
     * at the connection's rate. Models the round trip to a far provider plus its time to find the
     * article; commands sent before the replies to earlier ones (pipelining) wait out their delays
     * side by side, as on a real link.
     */
    public void replyDelay(Duration delay) {
        if (delay.isNegative()) throw new IllegalArgumentException("delay must not be negative");
        replyDelayNanos = delay.toNanos();
    }

    /**
     * Caps every connection at {@code bytesPerSecond} bytes per second from now on, each on its own
     * (ten connections may send ten times as much); 0 removes the cap.
     */
    public void rateCap(long bytesPerSecond) {
        if (bytesPerSecond < 0) throw new IllegalArgumentException("bytesPerSecond must be >= 0");
        rateCap = bytesPerSecond;
    }

    /**
     * On: the server goes silent. Open connections keep their sockets and stop sending at once,
     * in the middle of an article too (bytes already handed to the socket, at most
     * {@value ShapedOutput#MAX_PIECE} per connection, still arrive); new connections are accepted
     * but get no greeting. Off: everything held back goes out, as if nothing happened. A timed
     * {@link ArticleFault.Stall} is one article's silence; this is the whole provider's.
     */
    public void silent(boolean on) {
        silence.lock();
        try {
            silent = on;
            speaking.signalAll();
        } finally {
            silence.unlock();
        }
    }

    /** True while the server is silent. */
    public boolean isSilent() {
        return silent;
    }

    long rateCap() {
        return rateCap;
    }

    /** Sleeps until the reply delay after {@code arrivedNanos} ({@code System.nanoTime()}) has passed, if any. */
    void delayReply(long arrivedNanos) throws InterruptedException {
        long left = arrivedNanos + replyDelayNanos - System.nanoTime();
        if (replyDelayNanos > 0 && left > 0) Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
    }

    /** Waits while the server is silent; returns at once when {@code socket} is closed (the session then fails its write). */
    void awaitSpeaking(Socket socket) throws InterruptedException {
        silence.lock();
        try {
            // A bounded wait: closing a socket does not signal, so look again now and then.
            while (silent && !socket.isClosed()) speaking.await(50, TimeUnit.MILLISECONDS);
        } finally {
            silence.unlock();
        }
    }

    /** Ends every stall now, the ones waiting to be released and the timed ones alike. */
    public void releaseStalls() {
        CountDownLatch old = stallGate;
        stallGate = new CountDownLatch(1);
        old.countDown();
    }

    /** When on, AUTHINFO PASS answers 481 whatever the credentials. */
    public void rejectCredentials(boolean on) {
        rejectCredentials = on;
    }

    /** When on, new connections are greeted with 400 and closed. */
    public void unavailableAtGreeting(boolean on) {
        unavailableAtGreeting = on;
    }

    /**
     * Limits simultaneous connections: beyond {@code limit} open ones a new connection is greeted
     * with 502 and closed, or, with {@code atLogin}, greeted normally and refused with 482 at
     * AUTHINFO PASS. 0 removes the limit.
     */
    public void connectionLimit(int limit, boolean atLogin) {
        if (limit < 0) throw new IllegalArgumentException("limit must be >= 0");
        connectionLimit = limit;
        limitAtLogin = atLogin;
    }

    boolean rejectsCredentials() {
        return rejectCredentials;
    }

    boolean unavailableAtGreeting() {
        return unavailableAtGreeting;
    }

    int connectionLimit() {
        return connectionLimit;
    }

    boolean limitAtLogin() {
        return limitAtLogin;
    }

    /** The fault for this article and command, consuming one use of a limited one; null for none. */
    ArticleFault take(String messageId, boolean stat) {
        ArticleFault f = takeFrom(key(messageId), stat);
        return f != null ? f : takeFrom(ALL, stat);
    }

    private ArticleFault takeFrom(String key, boolean stat) {
        ArticleFault[] taken = new ArticleFault[1];
        rules.computeIfPresent(key, (k, rule) -> {
            if (stat && !rule.fault().appliesToStat()) return rule;
            taken[0] = rule.fault();
            if (rule.remaining() < 0) return rule;
            return rule.remaining() == 1 ? null : new Rule(rule.fault(), rule.remaining() - 1);
        });
        return taken[0];
    }

    /** Waits until the stall is over or released; true when released early. */
    boolean stall(long millis) throws InterruptedException {
        CountDownLatch gate = stallGate;
        if (millis < 0) {
            gate.await();
            return true;
        }
        return gate.await(millis, TimeUnit.MILLISECONDS);
    }

    static String key(String messageIdOrAll) {
        String s = messageIdOrAll;
        if (s.length() > 2 && s.startsWith("<") && s.endsWith(">")) s = s.substring(1, s.length() - 1);
        return s;
    }
}
