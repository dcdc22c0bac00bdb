package io.nzbmount.server.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Strong entity tags (RFC 9110 section 8.8.3) and the {@code If-Range} rule. Thread safe. */
public final class EntityTags {

    private EntityTags() {}

    /**
     * A strong, quoted entity tag derived from an opaque basis and the length, so it only ever
     * contains characters allowed in an entity tag whatever the basis holds.
     */
    public static String strong(String basis, long size) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] digest = sha.digest((basis + "\u0000" + size).getBytes(StandardCharsets.UTF_8));
            return "\"" + HexFormat.of().formatHex(digest, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * Whether an {@code If-Range} value lets the Range header apply (RFC 9110 section 13.1.5): an
     * entity tag must match strongly (a weak tag never matches), a date must equal Last-Modified
     * to the second. An absent header always lets the range apply; an unreadable one never does.
     */
    public static boolean ifRangeHolds(String ifRange, String etag, java.time.Instant lastModified) {
        if (ifRange == null) {
            return true;
        }
        String value = ifRange.strip();
        if (value.startsWith("W/")) {
            return false;
        }
        if (value.startsWith("\"")) {
            return value.equals(etag);
        }
        return HttpDates.parse(value)
                .map(date -> date.getEpochSecond() == lastModified.getEpochSecond())
                .orElse(false);
    }
}
