package io.nzbmount.server.repair.par2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;

/**
 * Which recovery slices rebuild which missing input slices: exactly as many recovery slices as
 * slices are missing, the first usable ones of those offered, and the inverse of their matrix.
 * Row r, column m of that matrix is {@code c_m^e_r}: the constant of missing slice m raised to
 * the exponent of recovery slice r. A recovery slice whose row depends on the rows already taken
 * adds nothing and is passed over. Immutable; thread-safe.
 */
public final class RepairPlan implements RepairOutcome {
    private final int sliceSize;
    private final List<SliceChecksum> slices;
    private final int[] missing;
    private final int[] exponents;
    private final int[] constants;
    /** {@code inverse[m][r]}: how much of recovery row r makes missing slice m. */
    private final int[][] inverse;

    private RepairPlan(
            int sliceSize,
            List<SliceChecksum> slices,
            int[] missing,
            int[] exponents,
            int[] constants,
            int[][] inverse) {
        this.sliceSize = sliceSize;
        this.slices = slices;
        this.missing = missing;
        this.exponents = exponents;
        this.constants = constants;
        this.inverse = inverse;
    }

    /**
     * Plans the repair of a recovery set.
     *
     * @param sliceSize the set's slice size
     * @param slices    the checksums of every input slice of the set, in the set's order
     * @param missing   indexes into {@code slices} of the slices that cannot be read
     * @param available exponents of the recovery slices that can be read, in the order to prefer them
     */
    public static RepairOutcome of(
            int sliceSize, List<SliceChecksum> slices, SortedSet<Integer> missing, Collection<Integer> available) {
        if (sliceSize <= 0 || sliceSize % 2 != 0)
            throw new IllegalArgumentException("slices of 16-bit words have an even size: " + sliceSize);
        int[] lost = missing.stream().mapToInt(Integer::intValue).toArray();
        for (int m : lost) {
            if (m < 0 || m >= slices.size())
                throw new IllegalArgumentException("no input slice " + m + " among " + slices.size());
        }
        int[] constants = InputConstants.first(slices.size());
        int k = lost.length;
        List<int[]> reduced = new ArrayList<>();
        List<Integer> pivots = new ArrayList<>();
        List<Integer> chosen = new ArrayList<>();
        for (int exponent :
                available.stream().distinct().mapToInt(Integer::intValue).toArray()) {
            if (chosen.size() == k) break;
            int[] row = rowOf(exponent, lost, constants);
            for (int i = 0; i < reduced.size(); i++) {
                int factor = row[pivots.get(i)];
                if (factor != 0) addScaled(row, reduced.get(i), factor);
            }
            int pivot = firstNonZero(row);
            if (pivot < 0) continue;
            scale(row, Gf16.inverse(row[pivot]));
            reduced.add(row);
            pivots.add(pivot);
            chosen.add(exponent);
        }
        if (chosen.size() < k) return new RepairImpossible(k, chosen.size());
        int[] exponents = chosen.stream().mapToInt(Integer::intValue).toArray();
        int[][] matrix = new int[k][];
        for (int r = 0; r < k; r++) matrix[r] = rowOf(exponents[r], lost, constants);
        return new RepairPlan(sliceSize, List.copyOf(slices), lost, exponents, constants, inverse(matrix));
    }

    /** The slice size. */
    public int sliceSize() {
        return sliceSize;
    }

    /** The indexes of the missing input slices, ascending. */
    public int[] missing() {
        return missing.clone();
    }

    /** The exponents of the recovery slices the repair reads, as many as slices are missing. */
    public int[] exponents() {
        return exponents.clone();
    }

    /** The number of input slices of the set. */
    public int inputCount() {
        return slices.size();
    }

    /** A new, empty rebuild of this plan. */
    public Rebuild start() {
        return new Rebuild(this);
    }

    int constant(int input) {
        return constants[input];
    }

    int inverseAt(int missingIndex, int row) {
        return inverse[missingIndex][row];
    }

    SliceChecksum checksum(int input) {
        return slices.get(input);
    }

    boolean isMissing(int input) {
        return Arrays.binarySearch(missing, input) >= 0;
    }

    private static int[] rowOf(int exponent, int[] lost, int[] constants) {
        int[] row = new int[lost.length];
        for (int m = 0; m < lost.length; m++) row[m] = Gf16.power(constants[lost[m]], exponent);
        return row;
    }

    private static void addScaled(int[] row, int[] other, int factor) {
        for (int j = 0; j < row.length; j++) row[j] ^= Gf16.multiply(factor, other[j]);
    }

    private static void scale(int[] row, int factor) {
        for (int j = 0; j < row.length; j++) row[j] = Gf16.multiply(factor, row[j]);
    }

    private static int firstNonZero(int[] row) {
        for (int j = 0; j < row.length; j++) if (row[j] != 0) return j;
        return -1;
    }

    /**
     * The inverse of {@code matrix} by Gauss-Jordan elimination: as {@code matrix * x = y} with x
     * the missing slices and y the recovery rows, it is indexed [missing slice][recovery row].
     * The caller checked the rows independent.
     */
    private static int[][] inverse(int[][] matrix) {
        int k = matrix.length;
        int[][] a = new int[k][];
        int[][] inv = new int[k][k];
        for (int i = 0; i < k; i++) {
            a[i] = matrix[i].clone();
            inv[i][i] = 1;
        }
        for (int col = 0; col < k; col++) {
            int pivot = col;
            while (a[pivot][col] == 0) pivot++;
            swap(a, col, pivot);
            swap(inv, col, pivot);
            int factor = Gf16.inverse(a[col][col]);
            scale(a[col], factor);
            scale(inv[col], factor);
            for (int r = 0; r < k; r++) {
                if (r == col || a[r][col] == 0) continue;
                int f = a[r][col];
                addScaled(a[r], a[col], f);
                addScaled(inv[r], inv[col], f);
            }
        }
        return inv;
    }

    private static void swap(int[][] rows, int i, int j) {
        int[] t = rows[i];
        rows[i] = rows[j];
        rows[j] = t;
    }
}
