package io.nzbmount.nntp.embedded;

/**
 * File bytes produced on demand, so the embedded server can serve files larger than memory
 * (offsets past 4 GiB). Implementations must be deterministic and thread-safe: the same offset
 * always gives the same byte.
 */
@FunctionalInterface
public interface FileContent {

    /** Fills {@code dest[off, off+len)} with the file's bytes starting at {@code offset}. */
    void read(long offset, byte[] dest, int off, int len);

    /** A pseudo-random byte stream that is a pure function of {@code seed} and the offset. */
    static FileContent pattern(long seed) {
        return (offset, dest, off, len) -> {
            for (int i = 0; i < len; i++) {
                long at = offset + i;
                long z = seed + (at >>> 3) * 0x9E3779B97F4A7C15L;
                z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
                z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
                z ^= z >>> 31;
                dest[off + i] = (byte) (z >>> ((at & 7) * 8));
            }
        };
    }
}
