package io.nzbmount.server.archive;

/**
 * SHA-1 as RAR 2.9/3.x computes its keys with: standard SHA-1, except that
 * {@link #updateRewriting} writes each 64-byte block it hashes straight from the input (not one
 * completed from bytes held over) back into the input as the last 16 words of its message
 * schedule, little-endian. Not thread-safe.
 */
final class RarSha1 {
    private final int[] state = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    private final byte[] buffer = new byte[64];
    private final int[] w = new int[80];
    private long count;

    RarSha1 copy() {
        RarSha1 c = new RarSha1();
        System.arraycopy(state, 0, c.state, 0, 5);
        System.arraycopy(buffer, 0, c.buffer, 0, 64);
        c.count = count;
        return c;
    }

    void update(byte[] data, int offset, int length) {
        hash(data, offset, length, false);
    }

    /** {@link #update} of all of {@code data}, rewriting the blocks hashed in place as RAR does. */
    void updateRewriting(byte[] data) {
        hash(data, 0, data.length, true);
    }

    private void hash(byte[] data, int offset, int length, boolean rewrite) {
        int held = (int) (count & 63);
        count += length;
        int i = 0;
        if (held + length > 63) {
            i = 64 - held;
            System.arraycopy(data, offset, buffer, held, i);
            block(buffer, 0);
            for (; i + 63 < length; i += 64) {
                block(data, offset + i);
                if (rewrite) {
                    for (int k = 0; k < 16; k++) {
                        int v = w[64 + k];
                        int at = offset + i + 4 * k;
                        data[at] = (byte) v;
                        data[at + 1] = (byte) (v >>> 8);
                        data[at + 2] = (byte) (v >>> 16);
                        data[at + 3] = (byte) (v >>> 24);
                    }
                }
            }
            held = 0;
        }
        System.arraycopy(data, offset + i, buffer, held, length - i);
    }

    byte[] digest() {
        long bits = count * 8;
        byte[] pad = new byte[(int) (64 - ((count + 8) & 63)) + 8];
        pad[0] = (byte) 0x80;
        for (int b = 0; b < 8; b++) pad[pad.length - 1 - b] = (byte) (bits >>> (8 * b));
        update(pad, 0, pad.length);
        byte[] out = new byte[20];
        for (int k = 0; k < 5; k++) {
            out[4 * k] = (byte) (state[k] >>> 24);
            out[4 * k + 1] = (byte) (state[k] >>> 16);
            out[4 * k + 2] = (byte) (state[k] >>> 8);
            out[4 * k + 3] = (byte) state[k];
        }
        return out;
    }

    private void block(byte[] b, int at) {
        for (int t = 0; t < 16; t++) {
            int p = at + 4 * t;
            w[t] = (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
        }
        for (int t = 16; t < 80; t++) w[t] = Integer.rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
        int a = state[0];
        int bb = state[1];
        int c = state[2];
        int d = state[3];
        int e = state[4];
        for (int t = 0; t < 80; t++) {
            int f;
            int k;
            if (t < 20) {
                f = (bb & c) | (~bb & d);
                k = 0x5A827999;
            } else if (t < 40) {
                f = bb ^ c ^ d;
                k = 0x6ED9EBA1;
            } else if (t < 60) {
                f = (bb & c) | (bb & d) | (c & d);
                k = 0x8F1BBCDC;
            } else {
                f = bb ^ c ^ d;
                k = 0xCA62C1D6;
            }
            int temp = Integer.rotateLeft(a, 5) + f + e + k + w[t];
            e = d;
            d = c;
            c = Integer.rotateLeft(bb, 30);
            bb = a;
            a = temp;
        }
        state[0] += a;
        state[1] += bb;
        state[2] += c;
        state[3] += d;
        state[4] += e;
    }
}
