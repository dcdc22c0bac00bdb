package io.nzbmount.server.repair.par2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class Gf16Test {
    private static final int SAMPLES = 20_000;

    @Test
    void multiplicationReducesByTheGeneratorPolynomial0x1100B() {
        // x^15 * x = x^16 = x^12 + x^3 + x + 1
        assertEquals(0x100B, Gf16.multiply(2, 0x8000));
        assertEquals(0x100B, Gf16.multiply(0x100, 0x100));
        assertEquals(0x100B, Gf16.exp(16));
        assertEquals(6, Gf16.multiply(3, 2));
        // (x+1)(x+1) = x^2 + 1 carries no terms in GF(2)
        assertEquals(5, Gf16.multiply(3, 3));
        assertEquals(1, Gf16.exp(Gf16.ORDER));
    }

    @Test
    void fieldAxiomsHoldOnSamples() {
        Random random = new Random(27);
        for (int i = 0; i < SAMPLES; i++) {
            int a = random.nextInt(1 << 16);
            int b = random.nextInt(1 << 16);
            int c = random.nextInt(1 << 16);
            assertEquals(Gf16.multiply(a, b), Gf16.multiply(b, a), "commutative");
            assertEquals(Gf16.multiply(Gf16.multiply(a, b), c), Gf16.multiply(a, Gf16.multiply(b, c)), "associative");
            assertEquals(Gf16.multiply(a, b ^ c), Gf16.multiply(a, b) ^ Gf16.multiply(a, c), "distributive");
            assertEquals(a, Gf16.multiply(a, 1), "one is the identity");
            assertEquals(0, Gf16.multiply(a, 0), "zero absorbs");
            assertEquals(slowMultiply(a, b), Gf16.multiply(a, b), "tables agree with carry-less multiplication");
        }
    }

    @Test
    void everyNonZeroElementHasAnInverse() {
        for (int a = 1; a < 1 << 16; a++) assertEquals(1, Gf16.multiply(a, Gf16.inverse(a)), "inverse of " + a);
        assertThrows(ArithmeticException.class, () -> Gf16.inverse(0));
    }

    @Test
    void twoGeneratesEveryNonZeroElement() {
        boolean[] seen = new boolean[1 << 16];
        for (int k = 0; k < Gf16.ORDER; k++) seen[Gf16.exp(k)] = true;
        for (int a = 1; a < 1 << 16; a++) assertEquals(true, seen[a], "2^k reaches " + a);
        assertEquals(false, seen[0]);
    }

    @Test
    void powerMatchesRepeatedMultiplication() {
        int a = 0x1234;
        int product = 1;
        for (int n = 0; n < 300; n++) {
            assertEquals(product, Gf16.power(a, n), "power " + n);
            product = Gf16.multiply(product, a);
        }
        assertEquals(1, Gf16.power(0, 0));
        assertEquals(0, Gf16.power(0, 5));
    }

    @Test
    void inputConstantsSkipExponentsSharingAFactorWith65535() {
        // exponents 1, 2, 4, 7, 8, 11, 13, 14, 16: 3, 5, 6, 9, 10, 12, 15 are skipped
        assertArrayEquals(new int[] {2, 4, 16, 128, 256, 2048, 8192, 16384, 0x100B}, InputConstants.first(9));
        int[] all = InputConstants.first(InputConstants.MAX_INPUT_SLICES);
        assertEquals(Gf16.exp(65534), all[all.length - 1]);
        assertThrows(IllegalArgumentException.class, () -> InputConstants.first(InputConstants.MAX_INPUT_SLICES + 1));
    }

    @Test
    void regionMultiplyAddMatchesWordByWordLittleEndianProducts() {
        Random random = new Random(5);
        for (int length : new int[] {0, 2, 6, 8, 10, 64, 1030}) {
            byte[] src = new byte[length + 4];
            byte[] dst = new byte[length + 4];
            random.nextBytes(src);
            random.nextBytes(dst);
            int c = random.nextInt(1 << 16);
            byte[] expected = dst.clone();
            for (int i = 0; i < length; i += 2) {
                int w = src[1 + i] & 0xFF | (src[2 + i] & 0xFF) << 8;
                int p = Gf16.multiply(c, w);
                expected[3 + i] ^= (byte) p;
                expected[4 + i] ^= (byte) (p >>> 8);
            }
            new Gf16Region(c).multiplyAdd(src, 1, dst, 3, length);
            assertArrayEquals(expected, dst, "length " + length);
        }
        assertThrows(IllegalArgumentException.class, () -> new Gf16Region(3).multiplyAdd(new byte[3], new byte[3]));
    }

    /** Carry-less multiplication reduced bit by bit, independent of the tables. */
    private static int slowMultiply(int a, int b) {
        int result = 0;
        for (int bit = 15; bit >= 0; bit--) {
            result <<= 1;
            if ((result & 0x10000) != 0) result ^= Gf16.POLYNOMIAL;
            if ((b >>> bit & 1) != 0) result ^= a;
        }
        return result;
    }
}
