package io.nzbmount.server.library;

import java.nio.charset.StandardCharsets;

/** The WebDAV paths of library items and files, percent-encoded. Pure and thread-safe. */
public final class DavPaths {

    /** The folder that holds one folder per item. */
    public static final String LIBRARY_ROOT = "/dav/library/";

    private static final String HEX = "0123456789ABCDEF";

    private DavPaths() {}

    /** {@code /dav/library/<item>/<file>}, both segments encoded. */
    public static String file(String itemName, String fileName) {
        return LIBRARY_ROOT + encodeSegment(itemName) + "/" + encodeSegment(fileName);
    }

    /** {@code /dav/library/<item>/}. */
    public static String folder(String itemName) {
        return LIBRARY_ROOT + encodeSegment(itemName) + "/";
    }

    /**
     * One path segment with everything but RFC 3986 unreserved characters percent-encoded as
     * UTF-8 (a space is {@code %20}, never {@code +}).
     */
    public static String encodeSegment(String segment) {
        StringBuilder out = new StringBuilder(segment.length() + 16);
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'A' && c <= 'Z'
                    || c >= 'a' && c <= 'z'
                    || c >= '0' && c <= '9'
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
            }
        }
        return out.toString();
    }
}
