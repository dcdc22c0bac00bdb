package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.repair.par2.Par2InputFile;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which posted file is which input file of a recovery set. Names may be obfuscated or swapped and
 * sizes shared (every volume of a set but the last has one size), so a posted file is an input
 * file when its size and the MD5 of its first 16 KiB (the File Description packet's hash16k) are
 * the input's; a posted file of the input's name and size is it too when its first 16 KiB cannot
 * be read (an article missing there), and so is the one posted file of its size that no other
 * input took when no head of that size can be checked. A posted file is matched to one input at
 * most. Reads the first 16 KiB of each posted file of a described size, at background priority.
 * One use, one thread.
 */
final class InputMatch {
    /** The par2 hash16k covers this much of each file. */
    static final int HASHED = 16 * 1024;

    private final List<NzbFile> files;
    private final SourceFiles.Naming naming;
    private final Usenet usenet;
    private final PostedBytes bytes;
    private final StoredSegmentMaps stored;
    private final List<Integer> candidates = new ArrayList<>();
    private final Map<Integer, SegmentMap> maps = new HashMap<>();
    /** The hash16k of each posted file read so far; empty when its first 16 KiB cannot be read. */
    private final Map<Integer, Optional<byte[]>> heads = new HashMap<>();

    private final Set<Integer> taken = new HashSet<>();

    /**
     * @param naming the names the import gave the files, and the copies of repeated parts it chose
     * @param par2   the NZB positions of the par2 files, which are never inputs
     * @param stored the maps the import stored, used before mapping a file anew
     */
    InputMatch(
            List<NzbFile> files,
            SourceFiles.Naming naming,
            List<Integer> par2,
            Usenet usenet,
            PostedBytes bytes,
            StoredSegmentMaps stored) {
        this.files = files;
        this.naming = naming;
        this.usenet = usenet;
        this.bytes = bytes;
        this.stored = stored;
        for (int i = 0; i < files.size(); i++) if (!par2.contains(i)) candidates.add(i);
    }

    /** The NZB position of each input file in order, -1 where none was posted or none matches. */
    List<Integer> match(List<Par2InputFile> described) throws ReadFailure, ReadCancelledException {
        Integer[] at = new Integer[described.size()];
        // Checked heads first, so an unreadable head never takes a file another input's hash names.
        for (int k = 0; k < at.length; k++) at[k] = byHead(described.get(k));
        for (int k = 0; k < at.length; k++) if (at[k] == null) at[k] = byNameOrOnlySize(described.get(k));
        List<Integer> out = new ArrayList<>();
        for (Integer i : at) out.add(i == null ? -1 : i);
        return out;
    }

    /**
     * The map of a posted file, made once: as the import stored it (no fetch, and a file whose first
     * article is gone can still be placed), else mapped from its first article.
     */
    SegmentMap map(int nzbIndex) throws ReadFailure, ReadCancelledException {
        SegmentMap m = maps.get(nzbIndex);
        if (m == null) {
            m = stored.of(nzbIndex).orElse(null);
            if (m == null) m = usenet.map(files.get(nzbIndex), Priority.BACKGROUND);
            maps.put(nzbIndex, m);
        }
        return m;
    }

    private Integer byHead(Par2InputFile f) throws ReadFailure, ReadCancelledException {
        List<Integer> same = new ArrayList<>();
        for (int i : sized(f.length())) {
            Optional<byte[]> head = head(i);
            if (head.isPresent() && Arrays.equals(head.get(), f.md5First16k())) same.add(i);
        }
        // Two posted files with the same size and head (a part posted twice): the copy the import
        // proved belongs, else the one named so.
        Integer pick = same.size() == 1
                ? same.getFirst()
                : same.stream()
                        .filter(naming.inUse()::contains)
                        .findFirst()
                        .orElse(same.stream()
                                .filter(i -> named(i, f.name()))
                                .findFirst()
                                .orElse(null));
        if (pick != null) taken.add(pick);
        return pick;
    }

    private Integer byNameOrOnlySize(Par2InputFile f) throws ReadFailure, ReadCancelledException {
        List<Integer> unreadable = new ArrayList<>();
        for (int i : sized(f.length())) if (head(i).isEmpty()) unreadable.add(i);
        Integer pick = unreadable.stream()
                .filter(i -> named(i, f.name()))
                .findFirst()
                .orElse(unreadable.size() == 1 && sized(f.length()).size() == 1 ? unreadable.getFirst() : null);
        if (pick != null) taken.add(pick);
        return pick;
    }

    /** Whether the NZB, or the import from par2's hashes, gives the posted file this name. */
    private boolean named(int nzbIndex, String name) {
        return files.get(nzbIndex).name().equals(name)
                || naming.names().get(nzbIndex).equals(name);
    }

    /** The posted files not taken yet whose size is {@code length}. */
    private List<Integer> sized(long length) throws ReadFailure, ReadCancelledException {
        List<Integer> out = new ArrayList<>();
        for (int i : candidates) if (!taken.contains(i) && map(i).size() == length) out.add(i);
        return out;
    }

    private Optional<byte[]> head(int nzbIndex) throws ReadFailure, ReadCancelledException {
        Optional<byte[]> known = heads.get(nzbIndex);
        if (known != null) return known;
        SegmentMap map = map(nzbIndex);
        byte[] first = new byte[(int) Math.min(HASHED, map.size())];
        Optional<byte[]> hash;
        try (NzbReader reader = bytes.open(map)) {
            hash = bytes.read(reader, 0, first, first.length) < 0 ? Optional.of(md5(first)) : Optional.empty();
        }
        heads.put(nzbIndex, hash);
        return hash;
    }

    private static byte[] md5(byte[] b) {
        try {
            return MessageDigest.getInstance("MD5").digest(b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
