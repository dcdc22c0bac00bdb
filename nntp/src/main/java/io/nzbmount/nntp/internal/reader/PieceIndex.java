package io.nzbmount.nntp.internal.reader;

/** The search both piecewise maps use to find the piece that holds a byte. Stateless. */
final class PieceIndex {
    private PieceIndex() {}

    /**
     * The index of the piece holding {@code offset}, given the pieces' begins (ascending) and
     * lengths; -1 when it falls in a gap between pieces, before the first or when there is none.
     */
    static int holding(long[] begins, int[] lengths, long offset) {
        int lo = 0;
        int hi = begins.length - 1;
        if (hi < 0) return -1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (begins[mid] <= offset) lo = mid;
            else hi = mid - 1;
        }
        return offset >= begins[lo] && offset < begins[lo] + lengths[lo] ? lo : -1;
    }
}
