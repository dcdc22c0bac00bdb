package io.nzbmount.server.repair.par2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.archive.Par2IndexWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** What the recovery writer makes rebuilds the slices of two files, read back by the set reader. */
class RecoveryWriterTest {
    @Test
    void slicesLostInBothFilesAreRebuiltFromTheVolumeItWrote() throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("a.bin", random(100_000, 1));
        files.put("b.bin", random(70_001, 2));
        byte[] index = Par2IndexWriter.write(files, 8192);
        byte[] volume = RecoveryWriter.volume(index, files, 0, 5);
        Par2RecoverySet set = Par2RecoverySet.read(List.of(volume));
        assertEquals(5, set.recovery().size());
        assertEquals(
                5,
                Par2RecoverySet.recoveryIn(volume, set.setId(), set.sliceSize()).size());
        int slice = (int) set.sliceSize();
        TreeSet<Integer> missing =
                new TreeSet<>(List.of(0, 6, 12, set.inputSlices().size() - 1));
        RepairPlan plan = (RepairPlan)
                RepairPlan.of(slice, set.inputSlices(), missing, set.recovery().keySet());
        Rebuild rebuild = plan.start();
        for (int e : plan.exponents())
            rebuild.addRecovery(e, set.recovery().get(e).data());
        int index0 = 0;
        byte[][] slices = new byte[set.inputSlices().size()][];
        for (Par2InputFile f : set.files()) {
            byte[] data = files.get(f.name());
            for (int at = 0; at < data.length; at += slice) slices[index0++] = Arrays.copyOfRange(data, at, at + slice);
        }
        for (int i = 0; i < slices.length; i++) if (!missing.contains(i)) rebuild.addInput(i, slices[i]);
        Map<Integer, byte[]> rebuilt = rebuild.finish();
        for (int m : missing) assertArrayEquals(slices[m], rebuilt.get(m), "slice " + m);
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }
}
