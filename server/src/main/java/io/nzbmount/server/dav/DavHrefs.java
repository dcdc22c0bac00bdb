package io.nzbmount.server.dav;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** Percent-encoding of path segments for hrefs (RFC 3986 pchar). Pure, thread safe. */
public final class DavHrefs {

    private static final String UNRESERVED_AND_SUB_DELIMS =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@";

    private DavHrefs() {}

    /** One segment, every byte outside the unreserved and sub-delimiter sets percent-encoded. */
    public static String encodeSegment(String segment) {
        StringBuilder out = new StringBuilder(segment.length() + 8);
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && UNRESERVED_AND_SUB_DELIMS.indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }

    /** {@code /dav/a/b} (encoded) for the segments below {@code /dav}; a trailing slash when asked. */
    public static String path(List<String> segments, boolean folder) {
        StringBuilder out = new StringBuilder(DavTree.PREFIX);
        for (String segment : segments) {
            out.append('/').append(encodeSegment(segment));
        }
        if (folder) {
            out.append('/');
        }
        return out.toString();
    }
}
