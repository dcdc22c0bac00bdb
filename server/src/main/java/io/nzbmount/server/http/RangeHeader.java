package io.nzbmount.server.http;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Judges a {@code Range} request header (RFC 9110, section 14) against a representation of a known
 * length. Pure and thread safe.
 *
 * <p>Rules: only the {@code bytes} unit is understood; a header that does not parse, or holds an
 * {@code a-b} with {@code b < a}, is ignored as a whole (the answer is the whole representation).
 * Ranges that start past the end are dropped, ranges that end past it are clamped; when none is
 * left the request is unsatisfiable. A suffix {@code -n} means the last {@code n} bytes ({@code -0}
 * is unsatisfiable). A set of more than {@link #MAX_RANGES} ranges is ignored, and ranges that
 * overlap or touch are joined (then all come in ascending order; ranges that do not touch keep the
 * order asked). RFC 9110 (section 14.2) allows both; together they bound the work of one request
 * to one read of each byte, in at most a few places: {@code bytes=0-,0-,0-} is one range, not a
 * file read three times from Usenet. An empty representation ignores Range: it is always
 * answered whole.
 */
public final class RangeHeader {

    /** Largest number of ranges honoured in one request (players ask for one). */
    public static final int MAX_RANGES = 16;

    private static final RangeRequest WHOLE = new RangeRequest.Whole();
    private static final RangeRequest UNSATISFIABLE = new RangeRequest.Unsatisfiable();

    private RangeHeader() {}

    /**
     * @param header the Range header value, or null when absent
     * @param size length of the representation in bytes
     */
    public static RangeRequest judge(String header, long size) {
        if (header == null || size <= 0) {
            return WHOLE;
        }
        String spec = header.strip();
        int eq = spec.indexOf('=');
        if (eq < 0 || !spec.substring(0, eq).strip().equalsIgnoreCase("bytes")) {
            return WHOLE;
        }
        String[] elements = spec.substring(eq + 1).split(",", -1);
        List<ByteRange> satisfiable = new ArrayList<>();
        int count = 0;
        for (String raw : elements) {
            String element = raw.strip();
            if (element.isEmpty()) {
                continue; // RFC 9110 list syntax allows empty elements
            }
            if (++count > MAX_RANGES) {
                return WHOLE;
            }
            int dash = element.indexOf('-');
            if (dash < 0) {
                return WHOLE;
            }
            String left = element.substring(0, dash);
            String right = element.substring(dash + 1);
            if (left.isEmpty()) {
                long suffix = digits(right);
                if (suffix < 0) {
                    return WHOLE;
                }
                if (suffix > 0) {
                    satisfiable.add(new ByteRange(Math.max(0, size - suffix), size - 1));
                }
                continue;
            }
            long first = digits(left);
            if (first < 0) {
                return WHOLE;
            }
            long last;
            if (right.isEmpty()) {
                last = Long.MAX_VALUE;
            } else {
                last = digits(right);
                if (last < 0 || last < first) {
                    return WHOLE;
                }
            }
            if (first < size) {
                satisfiable.add(new ByteRange(first, Math.min(last, size - 1)));
            }
        }
        if (count == 0) {
            return WHOLE;
        }
        return satisfiable.isEmpty() ? UNSATISFIABLE : new RangeRequest.Partial(coalesced(satisfiable));
    }

    /** The ranges as given when none overlaps or touches another; else sorted and joined. */
    static List<ByteRange> coalesced(List<ByteRange> ranges) {
        List<ByteRange> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingLong(ByteRange::first));
        List<ByteRange> joined = new ArrayList<>();
        for (ByteRange r : sorted) {
            ByteRange last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (last != null && r.first() <= last.last() + 1) {
                joined.set(joined.size() - 1, new ByteRange(last.first(), Math.max(last.last(), r.last())));
            } else {
                joined.add(r);
            }
        }
        return joined.size() == ranges.size() ? ranges : joined;
    }

    /**
     * Parses a non-empty run of ASCII digits; values beyond {@code Long.MAX_VALUE} saturate, which
     * clamps the same way a huge but representable number would. Returns -1 for anything else.
     */
    static long digits(String s) {
        if (s.isEmpty()) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            int d = c - '0';
            value = value > (Long.MAX_VALUE - d) / 10 ? Long.MAX_VALUE : value * 10 + d;
        }
        return value;
    }
}
