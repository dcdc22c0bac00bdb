package io.nzbmount.server.repair.par2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The decoder against recovery sets made by par2cmdline at run time. */
class RebuildTest {
    private static final int SLICE = 16 * 1024;

    @TempDir
    Path dir;

    @Test
    void slicesOfAChosenSizeMissingAtTheStartMiddleAndEndAreRebuiltExactly() throws Exception {
        // 40 whole slices and a short last one, so the last slice is padded
        Par2Fixture fixture = Par2Fixture.create(dir, 1, Map.of("film.mkv", 40 * SLICE + 1234), "-s" + SLICE, "-r10");
        assertEquals(SLICE, fixture.set.sliceSize());
        assertEquals(41, fixture.set.inputSlices().size());
        assertRepaired(fixture, set(0, 1, 20, 40));
    }

    @Test
    void par2cmdlineDefaultSliceSizeIsRepairedToo() throws Exception {
        Par2Fixture fixture = Par2Fixture.create(dir, 2, Map.of("film.mkv", 1_000_003));
        int count = fixture.set.inputSlices().size();
        assertTrue(count > 100, "the default makes many small slices, here " + count);
        assertRepaired(fixture, set(0, count / 2, count - 1));
    }

    @Test
    void asManyMissingSlicesAsRecoverySlicesAreRebuilt() throws Exception {
        Par2Fixture fixture = Par2Fixture.create(dir, 3, Map.of("film.mkv", 50 * SLICE - 100), "-s" + SLICE, "-r10");
        int recovery = fixture.set.recovery().size();
        assertEquals(5, recovery);
        assertRepaired(fixture, set(0, 7, 25, 26, 49));
    }

    @Test
    void oneMissingSliceMoreThanRecoverySlicesIsImpossibleAndSaysWhatItNeeds() throws Exception {
        Par2Fixture fixture = Par2Fixture.create(dir, 3, Map.of("film.mkv", 50 * SLICE - 100), "-s" + SLICE, "-r10");
        RepairOutcome outcome =
                RepairPlan.of(SLICE, fixture.set.inputSlices(), set(0, 7, 25, 26, 30, 49), fixture.exponents());
        RepairImpossible impossible = assertInstanceOf(RepairImpossible.class, outcome);
        assertEquals(new RepairImpossible(6, 5), impossible);
        assertEquals("needs 6 recovery slices, 5 can be read", impossible.reason());
    }

    @Test
    void twoInputFilesFormOneSetOrderedByFileId() throws Exception {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sizes.put("film.part1.rar", 12 * SLICE);
        sizes.put("film.part2.rar", 7 * SLICE + 99);
        Par2Fixture fixture = Par2Fixture.create(dir, 4, sizes, "-s" + SLICE, "-r25");
        assertEquals(2, fixture.set.files().size());
        assertTrue(Par2RecoverySet.compareAsNumbers(
                        fixture.set.files().get(0).id(),
                        fixture.set.files().get(1).id())
                < 0);
        Par2InputFile second = fixture.set.files().get(1);
        int start = fixture.set.firstSliceOf(second);
        int last = fixture.set.inputSlices().size() - 1;
        assertRepaired(fixture, set(0, start - 1, start, last));
    }

    @Test
    void fileDescriptionsCarryTheFilesMd5AndLength() throws Exception {
        Par2Fixture fixture = Par2Fixture.create(dir, 5, Map.of("film.mkv", 3 * SLICE + 7), "-s" + SLICE, "-r10");
        Par2InputFile file = fixture.set.files().get(0);
        assertEquals("film.mkv", file.name());
        assertEquals(3 * SLICE + 7, file.length());
        assertArrayEquals(MessageDigest.getInstance("MD5").digest(fixture.originals.get("film.mkv")), file.md5());
        assertEquals(4, file.slices().size());
    }

    @Test
    void aReadableSliceThatIsNotWhatPar2DescribesFailsTheRebuildInsteadOfReturningWrongBytes() throws Exception {
        Par2Fixture fixture = Par2Fixture.create(dir, 6, Map.of("film.mkv", 20 * SLICE), "-s" + SLICE, "-r10");
        List<byte[]> slices = fixture.slices();
        slices.get(5)[100] ^= 1;
        RepairPlan plan = assertInstanceOf(
                RepairPlan.class, RepairPlan.of(SLICE, fixture.set.inputSlices(), set(3), fixture.exponents()));
        Rebuild rebuild = feed(fixture, plan, slices);
        Par2Exception e = assertThrows(Par2Exception.class, rebuild::finish);
        assertTrue(e.getMessage().contains("rebuilt input slice 3 does not match"), e.getMessage());
    }

    @Test
    void theFewestRecoverySlicesAreRead() throws Exception {
        Par2Fixture fixture = Par2Fixture.create(dir, 7, Map.of("film.mkv", 30 * SLICE), "-s" + SLICE, "-r20");
        RepairPlan plan = assertInstanceOf(
                RepairPlan.class, RepairPlan.of(SLICE, fixture.set.inputSlices(), set(2, 9), fixture.exponents()));
        assertEquals(2, plan.exponents().length);
    }

    private static void assertRepaired(Par2Fixture fixture, SortedSet<Integer> missing) throws Exception {
        List<byte[]> slices = fixture.slices();
        RepairPlan plan = assertInstanceOf(
                RepairPlan.class,
                RepairPlan.of((int) fixture.set.sliceSize(), fixture.set.inputSlices(), missing, fixture.exponents()));
        assertEquals(missing.size(), plan.exponents().length, "exactly one recovery slice per missing slice");
        Map<Integer, byte[]> rebuilt = feed(fixture, plan, slices).finish();
        assertEquals(missing, new TreeSet<>(rebuilt.keySet()));
        for (int m : missing) slices.set(m, new byte[slices.get(m).length]); // only rebuilt bytes may fill a hole
        Map<String, byte[]> files = fixture.reassemble(slices, rebuilt);
        for (Map.Entry<String, byte[]> e : fixture.originals.entrySet()) {
            assertArrayEquals(sha256(e.getValue()), sha256(files.get(e.getKey())), e.getKey() + " SHA-256");
            assertArrayEquals(e.getValue(), files.get(e.getKey()), e.getKey());
        }
    }

    /** Feeds every readable slice and the plan's recovery slices, recovery first to show order does not matter. */
    private static Rebuild feed(Par2Fixture fixture, RepairPlan plan, List<byte[]> slices) {
        Rebuild rebuild = plan.start();
        for (int exponent : plan.exponents())
            rebuild.addRecovery(exponent, fixture.set.recovery().get(exponent).data());
        SortedSet<Integer> missing = new TreeSet<>();
        for (int m : plan.missing()) missing.add(m);
        for (int i = 0; i < slices.size(); i++) if (!missing.contains(i)) rebuild.addInput(i, slices.get(i));
        return rebuild;
    }

    private static SortedSet<Integer> set(Integer... indexes) {
        return new TreeSet<>(List.of(indexes));
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }
}
