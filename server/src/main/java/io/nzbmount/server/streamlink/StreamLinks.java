package io.nzbmount.server.streamlink;

import io.nzbmount.server.library.DavPaths;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signed stream links, {@code /s/<token>/<file name>}: a URL that opens one file of one item for
 * reading until it expires, with no login and no header, so it survives a redirect and works in
 * players that cannot send credentials. The token is {@code <item id>.<expiry>.<signature>}, the
 * signature an HMAC-SHA256 over the item id, the file name and the expiry (epoch seconds) with the
 * server's secret ({@link StreamSecret}). The file name is the URL's last segment, so changing it,
 * the item id or the expiry breaks the signature. The link carries no account secret. Item ids are
 * never reused, so a link of a deleted item never opens another's bytes. Immutable, thread safe.
 */
public final class StreamLinks {

    /** The path prefix of signed links, without the trailing slash. */
    public static final String PREFIX = "/s";

    private static final String ALGORITHM = "HmacSHA256";
    private static final String CONTEXT = "nzbmount-stream-link-v1\n";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final byte[] secret;
    private final Clock clock;

    /** @param secret at least 32 bytes, copied; never shown */
    public StreamLinks(byte[] secret, Clock clock) {
        if (secret.length < 32) throw new IllegalArgumentException("a stream link secret needs at least 32 bytes");
        this.secret = secret.clone();
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The clock expiries are judged by. */
    public Instant now() {
        return clock.instant();
    }

    /** The path {@code /s/<token>/<encoded file name>} of a link to one file, valid until {@code expiry}. */
    public String path(long itemId, String fileName, Instant expiry) {
        long expires = expiry.getEpochSecond();
        return PREFIX + "/" + itemId + "." + expires + "." + signature(itemId, fileName, expires) + "/"
                + DavPaths.encodeSegment(fileName);
    }

    /** What a token says about a request for {@code fileName}. */
    public sealed interface Verdict {
        /** The link is signed by this server for this file and has not expired. */
        record Valid(long itemId) implements Verdict {}

        /** The link was signed by this server, but its time is over. */
        record Expired(Instant at) implements Verdict {}

        /** The token is not one this server made for this file name (altered, or another file's). */
        record Altered() implements Verdict {}

        /** The token is not shaped like a stream link's at all. */
        record Malformed() implements Verdict {}
    }

    /** Checks a token against the file name of the URL it came in. */
    public Verdict check(String token, String fileName) {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) return new Verdict.Malformed();
        long itemId;
        long expires;
        try {
            itemId = Long.parseLong(parts[0]);
            expires = Long.parseLong(parts[1]);
        } catch (NumberFormatException e) {
            return new Verdict.Malformed();
        }
        if (itemId <= 0 || !parts[0].equals(Long.toString(itemId)) || !parts[1].equals(Long.toString(expires))) {
            return new Verdict.Malformed();
        }
        byte[] expected = signature(itemId, fileName, expires).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, parts[2].getBytes(StandardCharsets.US_ASCII))) {
            return new Verdict.Altered();
        }
        Instant at = Instant.ofEpochSecond(expires);
        if (!clock.instant().isBefore(at)) return new Verdict.Expired(at);
        return new Verdict.Valid(itemId);
    }

    private String signature(long itemId, String fileName, long expires) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret, ALGORITHM));
            byte[] sig =
                    mac.doFinal((CONTEXT + itemId + "\n" + fileName + "\n" + expires).getBytes(StandardCharsets.UTF_8));
            return ENCODER.encodeToString(sig);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    @Override
    public String toString() {
        return "StreamLinks[secret=****]";
    }
}
