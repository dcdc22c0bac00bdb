package io.nzbmount.server.repair.par2;

/**
 * The constants PAR2 2.0 gives input slices: input slice i (in the set's order) gets
 * {@code 2^k_i}, where {@code k_0 < k_1 < ...} are the numbers from 1 up that share no factor
 * with 65535 (not divisible by 3, 5, 17 or 257). So every constant generates the whole group,
 * and there are 32768 of them. Pure; thread-safe.
 */
public final class InputConstants {
    /** Input slices a recovery set can have: the numbers below 65535 coprime to it. */
    public static final int MAX_INPUT_SLICES = 32768;

    private InputConstants() {}

    /** The constants of the first {@code count} input slices. */
    public static int[] first(int count) {
        if (count < 0 || count > MAX_INPUT_SLICES) {
            throw new IllegalArgumentException(
                    "a PAR2 recovery set has 0 to " + MAX_INPUT_SLICES + " input slices, not " + count);
        }
        int[] constants = new int[count];
        int k = 0;
        for (int i = 0; i < count; i++) {
            do {
                k++;
            } while (k % 3 == 0 || k % 5 == 0 || k % 17 == 0 || k % 257 == 0);
            constants[i] = Gf16.exp(k);
        }
        return constants;
    }
}
