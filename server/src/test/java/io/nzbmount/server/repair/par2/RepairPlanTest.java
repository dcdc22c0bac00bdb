package io.nzbmount.server.repair.par2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** The plan and rebuild against recovery slices computed word by word from the definition. */
class RepairPlanTest {
    private static final int SLICE = 64;

    @Test
    void aRecoverySliceWhoseRowDependsOnThoseTakenIsPassedOver() throws Exception {
        // slices 0 and 1 have constants 2^1 and 2^2; raised to 0 or to 65535 both are 1, so those rows are equal
        List<byte[]> inputs = randomSlices(6, 11);
        List<SliceChecksum> checksums = checksums(inputs);
        RepairPlan plan = assertInstanceOf(
                RepairPlan.class, RepairPlan.of(SLICE, checksums, new TreeSet<>(List.of(0, 1)), List.of(0, 65535, 7)));
        assertArrayEquals(new int[] {0, 7}, plan.exponents());
        Rebuild rebuild = plan.start();
        for (int i = 2; i < inputs.size(); i++) rebuild.addInput(i, inputs.get(i));
        for (int e : plan.exponents()) rebuild.addRecovery(e, encode(inputs, e));
        Map<Integer, byte[]> rebuilt = rebuild.finish();
        assertArrayEquals(inputs.get(0), rebuilt.get(0));
        assertArrayEquals(inputs.get(1), rebuilt.get(1));
    }

    @Test
    void dependentRecoverySlicesCountOnceTowardsWhatCanBeRead() {
        List<SliceChecksum> checksums = checksums(randomSlices(4, 12));
        RepairOutcome outcome = RepairPlan.of(SLICE, checksums, new TreeSet<>(List.of(0, 1)), List.of(0, 65535));
        assertEquals(new RepairImpossible(2, 1), outcome);
        assertEquals("needs 2 recovery slices, 1 can be read", ((RepairImpossible) outcome).reason());
    }

    @Test
    void nothingMissingNeedsNoRecoverySlice() throws Exception {
        List<byte[]> inputs = randomSlices(3, 13);
        RepairPlan plan =
                assertInstanceOf(RepairPlan.class, RepairPlan.of(SLICE, checksums(inputs), new TreeSet<>(), List.of()));
        assertEquals(0, plan.exponents().length);
        Rebuild rebuild = plan.start();
        for (int i = 0; i < inputs.size(); i++) rebuild.addInput(i, inputs.get(i));
        assertEquals(Map.of(), rebuild.finish());
    }

    @Test
    void aRebuildMissingAnInputSliceRefusesToFinish() {
        List<byte[]> inputs = randomSlices(5, 14);
        RepairPlan plan = assertInstanceOf(
                RepairPlan.class, RepairPlan.of(SLICE, checksums(inputs), new TreeSet<>(List.of(2)), List.of(3)));
        Rebuild rebuild = plan.start();
        rebuild.addRecovery(3, encode(inputs, 3));
        rebuild.addInput(0, inputs.get(0));
        IllegalStateException e = assertThrows(IllegalStateException.class, rebuild::finish);
        assertEquals("3 readable input slices were not added", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> rebuild.addInput(2, inputs.get(2)));
        assertThrows(IllegalArgumentException.class, () -> rebuild.addRecovery(4, encode(inputs, 4)));
    }

    /** Recovery slice {@code e}: for every word k, the sum over inputs i of c_i^e * input_i[k]. */
    private static byte[] encode(List<byte[]> inputs, int exponent) {
        int[] constants = InputConstants.first(inputs.size());
        byte[] out = new byte[SLICE];
        for (int k = 0; k < SLICE; k += 2) {
            int sum = 0;
            for (int i = 0; i < inputs.size(); i++) {
                int word = inputs.get(i)[k] & 0xFF | (inputs.get(i)[k + 1] & 0xFF) << 8;
                sum ^= Gf16.multiply(Gf16.power(constants[i], exponent), word);
            }
            out[k] = (byte) sum;
            out[k + 1] = (byte) (sum >>> 8);
        }
        return out;
    }

    private static List<byte[]> randomSlices(int count, long seed) {
        Random random = new Random(seed);
        List<byte[]> slices = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] s = new byte[SLICE];
            random.nextBytes(s);
            slices.add(s);
        }
        return slices;
    }

    private static List<SliceChecksum> checksums(List<byte[]> slices) {
        List<SliceChecksum> out = new ArrayList<>();
        for (byte[] s : slices) {
            CRC32 crc = new CRC32();
            crc.update(s);
            try {
                out.add(new SliceChecksum(MessageDigest.getInstance("MD5").digest(s), crc.getValue()));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new AssertionError(e);
            }
        }
        return out;
    }
}
