package io.nzbmount.nntp.embedded;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The embedded server's fault switches, changeable at run time from any thread. Article faults
 * are set per message id (without angle brackets) or for all articles ({@link #ALL}); a fault
 * for one id wins over the one for all. Each can be limited to the next {@code times} commands
 * it applies to, after which it switches itself off.
 */
public final class Faults {

    /** The key that applies an article fault to every article. */
    public static final String ALL = "*";

    private record Rule(ArticleFault fault, int remaining) { }

    private final ConcurrentHashMap<String, Rule> rules = new ConcurrentHashMap<>();
    private volatile CountDownLatch stallGate = new CountDownLatch(1);
    private volatile boolean rejectCredentials;
    private volatile boolean unavailableAtGreeting;
    private volatile int connectionLimit;
    private volatile boolean limitAtLogin;

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
        releaseStalls();
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

    boolean rejectsCredentials() { return rejectCredentials; }

    boolean unavailableAtGreeting() { return unavailableAtGreeting; }

    int connectionLimit() { return connectionLimit; }

    boolean limitAtLogin() { return limitAtLogin; }

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
