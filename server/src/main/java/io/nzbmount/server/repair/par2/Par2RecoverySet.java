package io.nzbmount.server.repair.par2;

import io.nzbmount.server.archive.Par2Packets;
import io.nzbmount.server.archive.Par2Packets.Packet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A PAR2 2.0 recovery set read from the bytes of its par2 files (the index file and any number
 * of volume files): its slice size, its input files in the order the code uses (by file id), and
 * the recovery slices found. Packets of other sets, of unknown types and damaged packets are
 * ignored. Thread-safe as long as nobody changes the recovery slices' data arrays, which are
 * copied out of the par2 files once and then handed out as they are.
 *
 * @param setId     the recovery set id, 16 bytes
 * @param sliceSize the slice size, a multiple of 4
 * @param files     the files of the recovery set, ordered by file id as a little-endian number
 * @param recovery  the recovery slices found, by exponent
 */
public record Par2RecoverySet(
        byte[] setId, long sliceSize, List<Par2InputFile> files, Map<Integer, RecoverySlice> recovery) {
    private static final byte[] MAIN = Par2Packets.type("PAR 2.0\0Main");
    private static final byte[] FILE_DESCRIPTION = Par2Packets.type("PAR 2.0\0FileDesc");
    private static final byte[] SLICE_CHECKSUMS = Par2Packets.type("PAR 2.0\0IFSC");
    private static final byte[] RECOVERY_SLICE = Par2Packets.type("PAR 2.0\0RecvSlic");
    private static final int ID = 16;
    /** File id, MD5, MD5 of the first 16 KiB, length. */
    private static final int DESCRIPTION_FIXED = 3 * ID + 8;

    private static final int CHECKSUM_ENTRY = 16 + 4;

    public Par2RecoverySet {
        setId = setId.clone();
        files = List.copyOf(files);
        recovery = Map.copyOf(recovery);
    }

    /**
     * Reads the set from par2 files. The set is the one of the first intact Main packet.
     *
     * @throws Par2Exception when no Main packet is intact, or a file of the set has no intact
     *                       description or slice checksums
     */
    public static Par2RecoverySet read(List<byte[]> par2Files) throws Par2Exception {
        List<Packet> packets = new ArrayList<>();
        for (byte[] file : par2Files) packets.addAll(Par2Packets.in(file));
        Packet main = packets.stream()
                .filter(p -> p.isType(MAIN) && p.bodyLength() >= 12)
                .findFirst()
                .orElseThrow(() -> new Par2Exception("no intact main packet in the par2 files"));
        byte[] setId = main.setId();
        long sliceSize = Par2Packets.le64(main.file(), main.body());
        long count = Par2Packets.le32(main.file(), main.body() + 8);
        if (sliceSize <= 0 || sliceSize % 4 != 0 || sliceSize > Integer.MAX_VALUE - 8) {
            throw new Par2Exception("the main packet's slice size " + sliceSize
                    + " is not a positive multiple of 4 that fits in memory");
        }
        if (12 + count * ID > main.bodyLength())
            throw new Par2Exception("the main packet lists more files than it holds");
        List<byte[]> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int at = main.body() + 12 + i * ID;
            ids.add(Arrays.copyOfRange(main.file(), at, at + ID));
        }
        ids.sort(Par2RecoverySet::compareAsNumbers);

        Map<String, Packet> descriptions = new HashMap<>();
        Map<String, Packet> checksums = new HashMap<>();
        Map<Integer, RecoverySlice> recovery = new LinkedHashMap<>();
        for (Packet p : packets) {
            if (!Arrays.equals(p.setId(), setId)) continue;
            if (p.isType(FILE_DESCRIPTION) && p.bodyLength() >= DESCRIPTION_FIXED) {
                descriptions.putIfAbsent(idAt(p), p);
            } else if (p.isType(SLICE_CHECKSUMS) && p.bodyLength() >= ID) {
                checksums.putIfAbsent(idAt(p), p);
            } else {
                recoverySlice(p, sliceSize).ifPresent(r -> recovery.putIfAbsent(r.exponent(), r));
            }
        }
        List<Par2InputFile> files = new ArrayList<>();
        for (byte[] id : ids) {
            String hex = java.util.HexFormat.of().formatHex(id);
            Packet description = descriptions.get(hex);
            if (description == null)
                throw new Par2Exception("no intact description of the file " + hex + " of the recovery set");
            Par2InputFile file = describe(description, checksums.get(hex), sliceSize);
            files.add(file);
        }
        return new Par2RecoverySet(setId, sliceSize, files, recovery);
    }

    /**
     * The intact recovery slices of the set {@code setId} in one par2 file (a volume read apart
     * from the set's index), by exponent; packets of other sets and damaged packets are left out.
     */
    public static Map<Integer, RecoverySlice> recoveryIn(byte[] par2File, byte[] setId, long sliceSize) {
        Map<Integer, RecoverySlice> found = new LinkedHashMap<>();
        for (Packet p : Par2Packets.in(par2File)) {
            if (!Arrays.equals(p.setId(), setId)) continue;
            recoverySlice(p, sliceSize).ifPresent(r -> found.putIfAbsent(r.exponent(), r));
        }
        return found;
    }

    private static java.util.Optional<RecoverySlice> recoverySlice(Packet p, long sliceSize) {
        if (!p.isType(RECOVERY_SLICE) || p.bodyLength() != 4 + sliceSize) return java.util.Optional.empty();
        int exponent = (int) Par2Packets.le32(p.file(), p.body());
        return java.util.Optional.of(new RecoverySlice(
                exponent, Arrays.copyOfRange(p.file(), p.body() + 4, p.body() + 4 + (int) sliceSize)));
    }

    private static Par2InputFile describe(Packet description, Packet checksums, long sliceSize) throws Par2Exception {
        byte[] b = description.file();
        int body = description.body();
        long length = Par2Packets.le64(b, body + 3 * ID);
        int nameStart = body + DESCRIPTION_FIXED;
        int nameEnd = description.offset() + description.length();
        while (nameEnd > nameStart && b[nameEnd - 1] == 0) nameEnd--;
        String name = new String(b, nameStart, nameEnd - nameStart, StandardCharsets.UTF_8);
        List<SliceChecksum> slices = new ArrayList<>();
        long expected = length < 0 ? -1 : (length + sliceSize - 1) / sliceSize;
        if (expected > 0) {
            if (checksums == null || (checksums.bodyLength() - ID) / CHECKSUM_ENTRY != expected) {
                throw new Par2Exception("no intact slice checksums of " + name + " (" + expected + " slices)");
            }
            byte[] c = checksums.file();
            for (int i = 0; i < expected; i++) {
                int at = checksums.body() + ID + i * CHECKSUM_ENTRY;
                slices.add(new SliceChecksum(Arrays.copyOfRange(c, at, at + 16), Par2Packets.le32(c, at + 16)));
            }
        } else if (expected < 0) {
            throw new Par2Exception("the description of " + name + " gives a negative length");
        }
        return new Par2InputFile(
                Arrays.copyOfRange(b, body, body + ID),
                Arrays.copyOfRange(b, body + ID, body + 2 * ID),
                Arrays.copyOfRange(b, body + 2 * ID, body + 3 * ID),
                length,
                name,
                slices);
    }

    /**
     * Orders file ids as the specification does, by numerical value: like every PAR2 integer
     * they are little-endian, so the last byte is the most significant.
     */
    static int compareAsNumbers(byte[] a, byte[] b) {
        for (int i = ID - 1; i >= 0; i--) {
            int c = Integer.compare(a[i] & 0xFF, b[i] & 0xFF);
            if (c != 0) return c;
        }
        return 0;
    }

    private static String idAt(Packet p) {
        return java.util.HexFormat.of().formatHex(p.file(), p.body(), p.body() + ID);
    }

    /** The checksums of every input slice of the set, in the code's order: file by file, slice by slice. */
    public List<SliceChecksum> inputSlices() {
        List<SliceChecksum> all = new ArrayList<>();
        for (Par2InputFile f : files) all.addAll(f.slices());
        return all;
    }

    /** The index in {@link #inputSlices()} of the first slice of {@code file}, one of {@link #files()}. */
    public int firstSliceOf(Par2InputFile file) {
        int index = 0;
        for (Par2InputFile f : files) {
            if (Arrays.equals(f.id(), file.id())) return index;
            index += f.slices().size();
        }
        throw new IllegalArgumentException("not a file of this set: " + file.name());
    }

    @Override
    public byte[] setId() {
        return setId.clone();
    }
}
