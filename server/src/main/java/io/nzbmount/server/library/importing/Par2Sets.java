package io.nzbmount.server.library.importing;

import io.nzbmount.server.archive.Par2Descriptions;
import io.nzbmount.server.archive.Par2File;
import io.nzbmount.server.library.naming.FileKinds;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The par2 sets of a release and the file descriptions they give. A release may carry several
 * sets (the film's, the extras'); each is read once, from its smallest readable file. Stateless.
 */
final class Par2Sets {
    private static final Logger LOG = LoggerFactory.getLogger(Par2Sets.class);
    /** {@code name.vol03+04.par2} and {@code name.par2} belong to the set {@code name}. */
    private static final Pattern SET_SUFFIX = Pattern.compile("(?i)(\\.vol\\d+[+-]\\d+)?\\.par2$");
    /** A par2 file larger than this is no index file: recovery volumes are not read for names. */
    static final long MAX_READ = 32L * 1024 * 1024;

    private Par2Sets() {}

    /**
     * The descriptions of every par2 set among {@code par2} (positions in {@code volumes}). Sets
     * are told apart by name, and, for files found by their contents, by the set id their first
     * packet carries.
     */
    static List<Par2File> read(ReleaseVolumes volumes, ArchiveReader formats, Set<Integer> par2) {
        Map<String, List<Integer>> sets = new LinkedHashMap<>();
        for (int i : par2)
            sets.computeIfAbsent(setKey(volumes, i), k -> new ArrayList<>()).add(i);
        List<Par2File> all = new ArrayList<>();
        for (List<Integer> set : sets.values()) {
            set.sort(Comparator.comparingLong((Integer i) -> volumes.file(i).encodedBytes())
                    .thenComparingInt(i -> i));
            for (int i : set) {
                if (volumes.file(i).encodedBytes() > MAX_READ) break;
                try {
                    long size = volumes.sized(i).size();
                    List<Par2File> found = formats.par2Files(volumes.read(i, 0, (int) Math.min(size, MAX_READ)));
                    if (found.isEmpty()) continue;
                    all.addAll(found);
                    break;
                } catch (IOException e) {
                    // Another file of the set may still be readable; names are a comfort, not a need.
                    LOG.debug("par2 file {} unreadable: {}", volumes.name(i), e.toString());
                }
            }
        }
        return all;
    }

    private static String setKey(ReleaseVolumes volumes, int i) {
        String name = volumes.name(i);
        if (FileKinds.isPar2Name(name))
            return "name:" + SET_SUFFIX.matcher(name).replaceFirst("").toLowerCase(Locale.ROOT);
        try {
            return Par2Descriptions.setId(volumes.head(i)).map(id -> "id:" + id).orElse("file:" + i);
        } catch (IOException e) {
            return "file:" + i;
        }
    }

    /**
     * The real name of each nameless file that one description fits: the same MD5 of the first
     * 16 KiB and the same size. A name that fits two posted files is given to neither.
     */
    static Map<Integer, String> match(ReleaseVolumes volumes, Set<Integer> nameless, List<Par2File> descriptions)
            throws IOException {
        Map<String, Set<String>> byKey = new HashMap<>();
        for (Par2File f : descriptions) {
            byKey.computeIfAbsent(HexFormat.of().formatHex(f.hash16k()) + "/" + f.size(), k -> new HashSet<>())
                    .add(f.name());
        }
        Map<Integer, String> real = new HashMap<>();
        Map<String, Integer> claims = new HashMap<>();
        for (int i : nameless) {
            long size = volumes.sized(i).size();
            Set<String> names = byKey.getOrDefault(ReleaseNaming.hash16k(volumes.head(i), size) + "/" + size, Set.of());
            if (names.size() != 1) continue;
            String name = names.iterator().next();
            real.put(i, name);
            claims.merge(name, 1, Integer::sum);
        }
        // Two files that claim one name are one file posted twice, or a file and an impostor. For an
        // archive volume both keep the name, so the archive's own rules judge the repeat (equal
        // copies: one is dropped; different ones: the set is refused); left nameless, they would
        // pass for loose files and be served as they are. Any other file gets neither name.
        real.values().removeIf(n -> claims.get(n) > 1 && !FileKinds.isArchiveVolume(n));
        return real;
    }
}
