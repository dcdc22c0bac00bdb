package io.nzbmount.server.sabnzbd;

import java.util.List;

/** SABnzbd's {@code start} and {@code limit} ({@code limit=0}: all). */
record Paging(int start, int limit) {

    static Paging of(SabRequest r) throws SabException {
        long start = r.number("start", 0);
        long limit = r.number("limit", 0);
        if (start < 0) throw new SabException("start must be at least 0, got " + start);
        if (limit < 0) throw new SabException("limit must be at least 0, got " + limit);
        return new Paging((int) Math.min(start, Integer.MAX_VALUE), (int) Math.min(limit, Integer.MAX_VALUE));
    }

    <T> List<T> page(List<T> all) {
        if (start >= all.size()) return List.of();
        int end = limit == 0 ? all.size() : (int) Math.min(all.size(), (long) start + limit);
        return all.subList(start, end);
    }
}
