package io.nzbmount.server.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The pure arithmetic of {@code GET /api/items/{id}/coverage}: byte ranges merged for drawing, and
 * the parts of one open stream each source served. Stateless and thread-safe.
 */
final class Coverage {

    private Coverage() {}

    /** A byte range [start, end). */
    record Range(long start, long end) {
        List<Long> pair() {
            return List.of(start, end);
        }
    }

    /** The switch of one stream to another source at {@code offset} (a cutover, or routing around a hole). */
    record Switch(long offset, long to) {}

    /** Bytes [start, end) of {@code stream} came from {@code source}. */
    record Served(String stream, long start, long end, long source) {}

    /**
     * The ranges clipped to [0, size) and merged where they overlap or touch, sorted; empty ranges
     * are dropped.
     */
    static List<Range> merged(List<Range> ranges, long size) {
        List<Range> sorted = new ArrayList<>();
        for (Range r : ranges) {
            long start = Math.max(0, r.start());
            long end = Math.min(size, r.end());
            if (end > start) sorted.add(new Range(start, end));
        }
        sorted.sort(Comparator.comparingLong(Range::start));
        List<Range> out = new ArrayList<>();
        for (Range r : sorted) {
            Range last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && r.start() <= last.end()) {
                out.set(out.size() - 1, new Range(last.start(), Math.max(last.end(), r.end())));
            } else {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * What one stream served: from {@code startOffset} on {@code startSource}, switching source at
     * each of {@code switches} (in the order they happened), up to {@code offset} (the next byte it
     * sends). A switch before the previous one's offset (not expected) is taken at the previous one's.
     * Empty parts (a switch before any byte was sent) are left out.
     */
    static List<Served> served(String stream, long startOffset, long startSource, List<Switch> switches, long offset) {
        List<Served> parts = new ArrayList<>();
        long from = startOffset;
        long source = startSource;
        for (Switch s : switches) {
            long at = Math.max(from, Math.min(s.offset(), offset));
            if (at > from) parts.add(new Served(stream, from, at, source));
            from = at;
            source = s.to();
        }
        if (offset > from) parts.add(new Served(stream, from, offset, source));
        return parts;
    }

    /** The source a stream reads from after {@code switches}. */
    static long current(long startSource, List<Switch> switches) {
        return switches.isEmpty()
                ? startSource
                : switches.get(switches.size() - 1).to();
    }
}
