package io.nzbmount.server.repair.par2;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * One run of a {@link RepairPlan}: takes every readable input slice and the plan's recovery
 * slices, one at a time in any order, so the whole set never needs to be in memory at once; then
 * rebuilds the missing slices and checks each against its MD5 and CRC-32. Holds one slice-size
 * buffer per missing slice. Not thread-safe: one caller feeds it.
 */
public final class Rebuild {
    private final RepairPlan plan;
    private final int[] exponents;
    /** Per recovery row r: recovery slice r minus the readable inputs' share of it, so far. */
    private final byte[][] rows;

    private final BitSet inputsTaken = new BitSet();
    private final BitSet rowsTaken = new BitSet();

    Rebuild(RepairPlan plan) {
        this.plan = plan;
        this.exponents = plan.exponents();
        this.rows = new byte[exponents.length][plan.sliceSize()];
    }

    /**
     * Adds readable input slice {@code index}: exactly slice-size bytes, a file's last slice
     * padded with zeros. The array is read here and not kept.
     */
    public void addInput(int index, byte[] slice) {
        checkSize(slice);
        if (index < 0 || index >= plan.inputCount()) throw new IllegalArgumentException("no input slice " + index);
        if (plan.isMissing(index))
            throw new IllegalArgumentException("input slice " + index + " is one of those to rebuild");
        if (inputsTaken.get(index)) throw new IllegalArgumentException("input slice " + index + " was added already");
        inputsTaken.set(index);
        int base = plan.constant(index);
        for (int r = 0; r < rows.length; r++)
            new Gf16Region(Gf16.power(base, exponents[r])).multiplyAdd(slice, rows[r]);
    }

    /**
     * Continues a rebuild saved earlier: {@code saved} are its rows ({@link #rows()}) after every
     * recovery slice of the plan and every readable input slice below {@code inputsBelow} were
     * added. Call it on a fresh rebuild, before anything is added.
     */
    public void resume(int inputsBelow, byte[][] saved) {
        if (!inputsTaken.isEmpty() || !rowsTaken.isEmpty())
            throw new IllegalStateException("the rebuild has started already");
        if (saved.length != rows.length)
            throw new IllegalArgumentException("the plan has " + rows.length + " rows, not " + saved.length);
        for (int r = 0; r < rows.length; r++) {
            checkSize(saved[r]);
            System.arraycopy(saved[r], 0, rows[r], 0, rows[r].length);
        }
        rowsTaken.set(0, rows.length);
        for (int i = 0; i < Math.min(inputsBelow, plan.inputCount()); i++) if (!plan.isMissing(i)) inputsTaken.set(i);
    }

    /** The rows so far, to save a rebuild and {@link #resume} it; the arrays are live: do not change them. */
    public byte[][] rows() {
        return rows;
    }

    /** Adds the recovery slice of {@code exponent}, one of the plan's. The array is read here and not kept. */
    public void addRecovery(int exponent, byte[] data) {
        checkSize(data);
        int r = indexOf(exponent);
        if (rowsTaken.get(r)) throw new IllegalArgumentException("recovery slice " + exponent + " was added already");
        rowsTaken.set(r);
        xor(data, rows[r]);
    }

    /**
     * The rebuilt slices by input index, each slice-size bytes (a file's last slice with its
     * padding), every one matching its par2 MD5 and CRC-32.
     *
     * @throws IllegalStateException when an input or recovery slice of the plan was not added
     * @throws Par2Exception         when a rebuilt slice does not match its checksums: some slice
     *                               fed in was not what par2 describes
     */
    public Map<Integer, byte[]> finish() throws Par2Exception {
        int[] missing = plan.missing();
        if (inputsTaken.cardinality() != plan.inputCount() - missing.length) {
            throw new IllegalStateException((plan.inputCount() - missing.length - inputsTaken.cardinality())
                    + " readable input slices were not added");
        }
        if (rowsTaken.cardinality() != rows.length) {
            throw new IllegalStateException(
                    (rows.length - rowsTaken.cardinality()) + " recovery slices of the plan were not added");
        }
        Map<Integer, byte[]> rebuilt = new LinkedHashMap<>();
        for (int m = 0; m < missing.length; m++) {
            byte[] slice = new byte[plan.sliceSize()];
            for (int r = 0; r < rows.length; r++) new Gf16Region(plan.inverseAt(m, r)).multiplyAdd(rows[r], slice);
            check(missing[m], slice);
            rebuilt.put(missing[m], slice);
        }
        return rebuilt;
    }

    private void check(int index, byte[] slice) throws Par2Exception {
        SliceChecksum expected = plan.checksum(index);
        CRC32 crc = new CRC32();
        crc.update(slice);
        if (crc.getValue() != expected.crc32() || !Arrays.equals(md5(slice), expected.md5())) {
            throw new Par2Exception("rebuilt input slice " + index + " does not match its par2 checksums:"
                    + " a slice read for the repair was not the one par2 describes");
        }
    }

    private int indexOf(int exponent) {
        for (int r = 0; r < exponents.length; r++) if (exponents[r] == exponent) return r;
        throw new IllegalArgumentException("recovery slice " + exponent + " is not one the plan reads");
    }

    private void checkSize(byte[] slice) {
        if (slice.length != plan.sliceSize()) {
            throw new IllegalArgumentException("a slice has " + plan.sliceSize() + " bytes, not " + slice.length);
        }
    }

    private static void xor(byte[] src, byte[] dst) {
        for (int i = 0; i < src.length; i++) dst[i] ^= src[i];
    }

    private static byte[] md5(byte[] data) {
        try {
            return MessageDigest.getInstance("MD5").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
