package io.nzbmount.server.http;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Slows failed logins per client address: each address may fail {@value #BURST} times in a row,
 * then {@value #PER_SECOND} times a second (a token bucket). While an address is over that, its
 * requests with credentials are refused without looking at them, so guessing runs at a few tries
 * a second whatever the attacker sends. A successful login costs nothing.
 *
 * <p>Besides, all addresses together may fail {@value #GLOBAL_PER_MINUTE} times a minute (a bucket
 * of that size, refilled over the minute): many addresses guessing a few times each (a botnet, a
 * proxy's clients) meet that ceiling, and while it is reached every login waits (answered 429),
 * the right one too. It is reported once per burst like an address's.
 *
 * <p>A burst is reported once, when it starts (through the warning sink, which never receives a
 * credential), not once per refused request; the address's next burst is reported again once it
 * has been quiet long enough to fill its bucket. Behind a reverse proxy every client has the
 * proxy's address and shares its bucket.
 *
 * <p>Time comes from the {@link InstantSource} given. At most {@value #MAX_ADDRESSES} addresses
 * are tracked; addresses whose bucket is full again are forgotten first. Thread safe.
 */
public final class LoginThrottle {

    /** Failures an address may have in a row before it is slowed. */
    public static final int BURST = 10;
    /** Failures an address may have each second once slowed. */
    public static final int PER_SECOND = 2;
    /** Failures all addresses together may have in a minute. */
    public static final int GLOBAL_PER_MINUTE = 100;

    static final int MAX_ADDRESSES = 10_000;

    private static final long NANOS_PER_TOKEN = Duration.ofSeconds(1).toNanos() / PER_SECOND;

    private final InstantSource clock;
    private final Consumer<String> warnings;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final Bucket all;

    /**
     * @param clock    the time
     * @param warnings receives one line per burst of failures (the address and what is done)
     */
    public LoginThrottle(InstantSource clock, Consumer<String> warnings) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.warnings = Objects.requireNonNull(warnings, "warnings");
        this.all = new Bucket(nanos(), GLOBAL_PER_MINUTE, Duration.ofMinutes(1).toNanos() / GLOBAL_PER_MINUTE);
    }

    /** Whether {@code address} must wait before its credentials are looked at again. */
    public boolean refuses(String address) {
        if (globalCeilingReached()) return true;
        Bucket b = buckets.get(address);
        if (b == null) {
            return false;
        }
        synchronized (b) {
            b.refill(nanos());
            if (b.tokens >= 1) {
                return false;
            }
            if (!b.reported) {
                b.reported = true;
                warnings.accept("more than " + BURST + " failed logins from " + address + " in a row; its logins are"
                        + " slowed to " + PER_SECOND + " a second (answered 429) until it stops failing");
            }
            return true;
        }
    }

    private boolean globalCeilingReached() {
        synchronized (all) {
            all.refill(nanos());
            if (all.tokens >= 1) return false;
            if (!all.reported) {
                all.reported = true;
                warnings.accept("more than " + GLOBAL_PER_MINUTE + " failed logins in a minute from all addresses"
                        + " together; every login waits (answered 429) until they stop failing");
            }
            return true;
        }
    }

    /** Counts a failed login of {@code address}. */
    public void failed(String address) {
        long now = nanos();
        synchronized (all) {
            all.refill(now);
            all.tokens = Math.max(0, all.tokens - 1);
        }
        if (buckets.size() >= MAX_ADDRESSES) {
            buckets.values().removeIf(b -> b.fullAt(now));
        }
        Bucket b = buckets.computeIfAbsent(address, a -> new Bucket(now));
        synchronized (b) {
            b.refill(now);
            b.tokens = Math.max(0, b.tokens - 1);
        }
    }

    private long nanos() {
        Instant t = clock.instant();
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** One address, or all of them: tokens left (each a failure allowed now), refilled with time. Guarded by itself. */
    private static final class Bucket {
        final int size;
        final long nanosPerToken;
        double tokens;
        long at;
        boolean reported;

        Bucket(long now) {
            this(now, BURST, NANOS_PER_TOKEN);
        }

        Bucket(long now, int size, long nanosPerToken) {
            this.size = size;
            this.nanosPerToken = nanosPerToken;
            tokens = size;
            at = now;
        }

        void refill(long now) {
            if (now > at) {
                tokens = Math.min(size, tokens + (double) (now - at) / nanosPerToken);
                at = now;
            }
            if (tokens >= size) {
                reported = false;
            }
        }

        synchronized boolean fullAt(long now) {
            refill(now);
            return tokens >= size;
        }
    }
}
