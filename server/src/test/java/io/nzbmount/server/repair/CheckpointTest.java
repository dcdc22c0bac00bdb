package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.repair.par2.Par2RecoverySet;
import io.nzbmount.server.repair.par2.Rebuild;
import io.nzbmount.server.repair.par2.RecoveryWriter;
import io.nzbmount.server.repair.par2.RepairPlan;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A repair stopped half way continues from its saved progress and rebuilds the same bytes; another plan's progress is not used. */
class CheckpointTest {
    private static final int SLICE = 4096;

    @TempDir
    Path dir;

    @Test
    void aRebuildResumedFromSavedProgressRebuildsTheSameSlices() throws Exception {
        byte[] film = new byte[40 * SLICE + 123];
        new SplittableRandom(9).nextBytes(film);
        byte[] index = Par2IndexWriter.write(Map.of("film.mkv", film), SLICE);
        Par2RecoverySet set =
                Par2RecoverySet.read(List.of(RecoveryWriter.volume(index, Map.of("film.mkv", film), 0, 4)));
        TreeSet<Integer> missing = new TreeSet<>(List.of(3, 4, 20, 40));
        RepairPlan plan = (RepairPlan)
                RepairPlan.of(SLICE, set.inputSlices(), missing, set.recovery().keySet());

        Rebuild first = plan.start();
        for (int e : plan.exponents())
            first.addRecovery(e, set.recovery().get(e).data());
        for (int i = 0; i < 25; i++) if (!missing.contains(i)) first.addInput(i, slice(film, i));
        Checkpoint saved = new Checkpoint(dir, 7, set.setId(), plan);
        saved.save(25, 1234, first.rows());

        Checkpoint reopened = new Checkpoint(dir, 7, set.setId(), plan);
        Checkpoint.Saved state = reopened.load(plan.exponents().length, SLICE).orElseThrow();
        assertEquals(25, state.next());
        assertEquals(1234, state.bytesRead());
        Rebuild resumed = plan.start();
        resumed.resume(state.next(), state.rows());
        for (int i = 25; i < set.inputSlices().size(); i++)
            if (!missing.contains(i)) resumed.addInput(i, slice(film, i));
        Map<Integer, byte[]> rebuilt = resumed.finish();
        for (int m : missing) assertArrayEquals(slice(film, m), rebuilt.get(m), "slice " + m);

        RepairPlan other = (RepairPlan) RepairPlan.of(
                SLICE,
                set.inputSlices(),
                new TreeSet<>(List.of(3, 4, 20)),
                set.recovery().keySet());
        assertTrue(
                new Checkpoint(dir, 7, set.setId(), other)
                        .load(other.exponents().length, SLICE)
                        .isEmpty(),
                "another plan's progress is not used");
    }

    private static byte[] slice(byte[] film, int i) {
        return Arrays.copyOfRange(film, i * SLICE, (i + 1) * SLICE);
    }
}
