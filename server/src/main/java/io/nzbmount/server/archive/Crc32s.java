package io.nzbmount.server.archive;

/**
 * CRC-32 (the zip/RAR/par2/yEnc polynomial) arithmetic on checksums alone: the checksum of two
 * byte runs joined, from the checksums of each and the second one's length, without the bytes.
 * Pure; thread-safe.
 *
 * <p>A CRC-32 is a polynomial over GF(2) in the reflected bit order; appending {@code n} bytes
 * multiplies the first run's checksum by {@code x^(8n)} modulo the generator, and the second run's
 * checksum is added (XOR). Powers {@code x^(2^k)} are kept in a table, so a combination costs
 * about 64 multiplications whatever the length.
 */
final class Crc32s {
    private static final int REFLECTED_POLY = 0xEDB88320;
    /** {@code x^0} in the reflected representation. */
    private static final int ONE = 0x80000000;
    /** {@code X2N[k] = x^(2^k)} modulo the generator. */
    private static final int[] X2N = new int[32];
    /**
     * {@code x^-1}: the generator is {@code x^32 + q(x) + 1}, so {@code x * (x^31 + q(x)/x)} is 1;
     * in the reflected form that is the generator's low bits shifted up by one, and the top term.
     */
    private static final int X_INVERSE = REFLECTED_POLY << 1 | 1;
    /** {@code INVERSE2N[k] = x^-(2^k)} modulo the generator. */
    private static final int[] INVERSE2N = new int[32];

    static {
        int p = ONE >>> 1; // x^1
        int q = X_INVERSE;
        for (int k = 0; k < X2N.length; k++) {
            X2N[k] = p;
            p = multiply(p, p);
            INVERSE2N[k] = q;
            q = multiply(q, q);
        }
    }

    private Crc32s() {}

    /** The CRC-32 of A followed by B, given {@code crc(A)}, {@code crc(B)} and B's length in bytes. */
    static long combine(long crcA, long crcB, long lengthB) {
        if (lengthB < 0) throw new IllegalArgumentException("negative length " + lengthB);
        return (multiply(xPower8(lengthB), (int) crcA) ^ (int) crcB) & 0xFFFFFFFFL;
    }

    /** The CRC-32 of {@code length} zero bytes. */
    static long zeros(long length) {
        // Zero bytes only shift the register: the preset shifted over them, then the final inversion.
        return combine(0xFFFFFFFFL, 0, length) ^ 0xFFFFFFFFL;
    }

    /**
     * The CRC-32 of A, given the CRC-32 of A followed by {@code lengthZ} zero bytes (how par2
     * pads a file's last slice).
     */
    static long withoutZeros(long crcPadded, long lengthZ) {
        long shifted = (crcPadded ^ zeros(lengthZ)) & 0xFFFFFFFFL;
        return multiply(power8(INVERSE2N, lengthZ), (int) shifted) & 0xFFFFFFFFL;
    }

    /** {@code x^(8n)} modulo the generator. */
    private static int xPower8(long n) {
        return power8(X2N, n);
    }

    /** {@code t^(8n)} where {@code table[k]} is {@code t^(2^k)}. */
    private static int power8(int[] table, long n) {
        int p = ONE;
        int k = 3; // 8 = 2^3
        for (long m = n; m != 0; m >>>= 1, k++) {
            if ((m & 1) != 0) p = multiply(table[k & 31], p);
        }
        return p;
    }

    /** {@code a * b} modulo the generator, both reflected. */
    private static int multiply(int a, int b) {
        int product = 0;
        for (int bit = ONE; bit != 0; bit >>>= 1) {
            if ((a & bit) != 0) product ^= b;
            b = (b & 1) != 0 ? (b >>> 1) ^ REFLECTED_POLY : b >>> 1;
        }
        return product;
    }
}
