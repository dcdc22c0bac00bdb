package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepairStoreTest {
    @TempDir
    Path data;

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    @Test
    void aSliceIsKeyedByTheMd5OfItsBytesAndReadBackExactly() throws Exception {
        RepairStore store = new RepairStore(data, 1 << 20);
        byte[] slice = bytes(4096, 1);
        String key = store.put(slice);
        assertEquals(RepairStore.keyOf(slice), key);
        byte[] part = new byte[100];
        store.read(key, 1000, part, 0, 100);
        assertArrayEquals(Arrays.copyOfRange(slice, 1000, 1100), part);
        assertEquals(key, store.put(slice.clone()), "the same bytes are one slice");
        assertEquals(4096, store.used());
    }

    @Test
    void aSliceBeyondTheDiskBudgetIsRefusedAndNothingOfItIsStored() throws Exception {
        RepairStore store = new RepairStore(data, 6000);
        store.put(bytes(4096, 1));
        byte[] second = bytes(4096, 2);
        assertThrows(RepairStore.BudgetExceeded.class, () -> store.put(second));
        assertEquals(4096, store.used());
        assertFalse(store.holds(RepairStore.keyOf(second)));
        try (var files = Files.list(data.resolve("repair"))) {
            assertEquals(1, files.count(), "no temporary file is left");
        }
    }

    @Test
    void whatIsStoredCountsAgainstTheBudgetAfterARestart() throws Exception {
        new RepairStore(data, 10_000).put(bytes(4096, 1));
        RepairStore again = new RepairStore(data, 10_000);
        assertEquals(4096, again.used());
        assertThrows(RepairStore.BudgetExceeded.class, () -> again.put(bytes(8192, 3)));
    }

    @Test
    void slicesNothingServesAreFreedAndAReadOfOneFailsInsteadOfInventingBytes() throws Exception {
        RepairStore store = new RepairStore(data, 1 << 20);
        String kept = store.put(bytes(1000, 1));
        String dropped = store.put(bytes(2000, 2));
        assertEquals(2000, store.keepOnly(Set.of(kept)));
        assertTrue(store.holds(kept));
        assertThrows(NoSuchFileException.class, () -> store.read(dropped, 0, new byte[10], 0, 10));
    }

    @Test
    void manyReadersAndAWriterAtOnceEachSeeWholeSlices() throws Exception {
        RepairStore store = new RepairStore(data, 64L << 20);
        List<byte[]> slices = new ArrayList<>();
        for (int i = 0; i < 16; i++) slices.add(bytes(65_536, i));
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 8; i++) keys.add(store.put(slices.get(i)));
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Future<?>> work = new ArrayList<>();
            work.add(pool.submit(() -> {
                for (int i = 8; i < 16; i++) store.put(slices.get(i));
                return null;
            }));
            for (int t = 0; t < 7; t++) {
                work.add(pool.submit(() -> {
                    for (int round = 0; round < 20; round++) {
                        for (int i = 0; i < 8; i++) {
                            byte[] got = new byte[65_536];
                            store.read(keys.get(i), 0, got, 0, got.length);
                            assertArrayEquals(slices.get(i), got);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) f.get();
        }
        assertEquals(16L * 65_536, store.used());
    }
}
