package io.nzbmount.server.repair.par2;

/**
 * Arithmetic in GF(2^16) as PAR2 2.0 defines it: elements are 16-bit numbers, addition is XOR,
 * multiplication is modulo the generator polynomial {@code x^16 + x^12 + x^3 + x + 1}
 * ({@code 0x1100B}), and 2 generates the multiplicative group of 65535 elements. Pure; thread-safe.
 */
public final class Gf16 {
    /** The generator polynomial. */
    public static final int POLYNOMIAL = 0x1100B;
    /** The multiplicative group's order: 2^16 - 1 = 3 * 5 * 17 * 257. */
    public static final int ORDER = 0xFFFF;

    /** {@code LOG[x]} is the k with 2^k = x, for x != 0. */
    private static final int[] LOG = new int[1 << 16];
    /** {@code EXP[k] = 2^k}, doubled in length so a sum of two logs needs no reduction. */
    private static final int[] EXP = new int[2 * ORDER];

    static {
        int x = 1;
        for (int k = 0; k < ORDER; k++) {
            EXP[k] = x;
            EXP[k + ORDER] = x;
            LOG[x] = k;
            x <<= 1;
            if ((x & 0x10000) != 0) x ^= POLYNOMIAL;
        }
    }

    private Gf16() {}

    /** {@code a * b}. */
    public static int multiply(int a, int b) {
        if (a == 0 || b == 0) return 0;
        return EXP[LOG[a] + LOG[b]];
    }

    /** {@code a / b}; b must not be 0. */
    public static int divide(int a, int b) {
        if (b == 0) throw new ArithmeticException("division by zero in GF(2^16)");
        if (a == 0) return 0;
        return EXP[LOG[a] + ORDER - LOG[b]];
    }

    /** The x with {@code a * x = 1}; a must not be 0. */
    public static int inverse(int a) {
        return divide(1, a);
    }

    /** {@code 2^k} for any k >= 0. */
    public static int exp(long k) {
        return EXP[(int) (k % ORDER)];
    }

    /** The k in [0, 65535) with {@code 2^k = a}; a must not be 0. */
    public static int log(int a) {
        if (a == 0) throw new ArithmeticException("0 has no logarithm in GF(2^16)");
        return LOG[a];
    }

    /** {@code a^n} for n >= 0 ({@code 0^0 = 1}). */
    public static int power(int a, long n) {
        if (n == 0) return 1;
        if (a == 0) return 0;
        return exp(LOG[a] * (n % ORDER));
    }
}
