package io.nzbmount.server.repair.par2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.demo.MediaTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Input files with recovery files made by Debian's par2 (par2cmdline) in a directory, cut into
 * the set's input slices as a reader of the release would have them.
 */
final class Par2Fixture {
    final Map<String, byte[]> originals;
    final Par2RecoverySet set;

    private Par2Fixture(Map<String, byte[]> originals, Par2RecoverySet set) {
        this.originals = originals;
        this.set = set;
    }

    /** Random files of the given sizes named by {@code names}, protected by {@code par2 create options...}. */
    static Par2Fixture create(Path dir, long seed, Map<String, Integer> sizes, String... options) throws Exception {
        Random random = new Random(seed);
        Map<String, byte[]> originals = new LinkedHashMap<>();
        List<String> args = new ArrayList<>(List.of("create", "-q"));
        args.addAll(List.of(options));
        args.add(dir.resolve("release.par2").toString());
        for (Map.Entry<String, Integer> e : sizes.entrySet()) {
            byte[] data = new byte[e.getValue()];
            random.nextBytes(data);
            originals.put(e.getKey(), data);
            Files.write(dir.resolve(e.getKey()), data);
            args.add(dir.resolve(e.getKey()).toString());
        }
        MediaTools.Run run = MediaTools.run(120, "par2", args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.output());
        List<byte[]> par2Files = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.getFileName().toString().endsWith(".par2"))
                    .sorted()
                    .toList()) {
                par2Files.add(Files.readAllBytes(p));
            }
        }
        return new Par2Fixture(originals, Par2RecoverySet.read(par2Files));
    }

    /** Every input slice of the set in its order, slice-size bytes each, the last of a file padded with zeros. */
    List<byte[]> slices() {
        int size = (int) set.sliceSize();
        List<byte[]> slices = new ArrayList<>();
        for (Par2InputFile f : set.files()) {
            byte[] data = originals.get(f.name());
            for (int from = 0; from < data.length; from += size) {
                slices.add(Arrays.copyOf(Arrays.copyOfRange(data, from, Math.min(data.length, from + size)), size));
            }
        }
        return slices;
    }

    /** The recovery exponents of the set, ascending. */
    List<Integer> exponents() {
        return set.recovery().keySet().stream().sorted().toList();
    }

    /**
     * Each file of the set put together from the readable slices and the rebuilt ones, which
     * must cover every missing slice.
     */
    Map<String, byte[]> reassemble(List<byte[]> slices, Map<Integer, byte[]> rebuilt) {
        int size = (int) set.sliceSize();
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Par2InputFile f : set.files()) {
            int first = set.firstSliceOf(f);
            byte[] data = new byte[(int) f.length()];
            for (int i = 0; i < f.slices().size(); i++) {
                byte[] slice = rebuilt.containsKey(first + i) ? rebuilt.get(first + i) : slices.get(first + i);
                int from = i * size;
                System.arraycopy(slice, 0, data, from, Math.min(size, data.length - from));
            }
            files.put(f.name(), data);
        }
        return files;
    }
}
