package io.nzbmount.server.dav;

/**
 * File content that is a pure function of the offset, so a file of any size (past 4 GiB) costs no
 * memory: each aligned 8-byte word is a 64-bit mix of its index.
 */
public record GeneratedContent(long size) implements MemoryLibrary.Content {

    /** The byte at {@code position}. */
    public static byte byteAt(long position) {
        return (byte) (mix(position >>> 3) >>> ((position & 7) * 8));
    }

    @Override
    public void fill(long position, byte[] buffer, int off, int len) {
        for (int i = 0; i < len; i++) {
            buffer[off + i] = byteAt(position + i);
        }
    }

    /** The bytes of {@code [position, position + length)}. */
    public static byte[] bytes(long position, int length) {
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = byteAt(position + i);
        }
        return out;
    }

    private static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
