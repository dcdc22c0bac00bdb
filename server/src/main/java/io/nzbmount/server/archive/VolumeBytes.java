package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The header bytes of one release file, read through a {@link VolumeSource}. Every read from the
 * source asks for at least {@link #MIN_READ} bytes and is kept, so a walk over neighbouring headers
 * costs one source read, not one per field. Not thread-safe.
 */
final class VolumeBytes {
    /** Small against an article (~700 KB), big enough for the run of headers at a volume start. */
    static final int MIN_READ = 4096;

    private static final int KEPT_CHUNKS = 8;
    /** Long enough that an article cut by two steps (fetched twice) is rare, short enough to hold. */
    private static final int CRC_STEP = 8 * 1024 * 1024;

    private final VolumeSource source;
    private final int file;
    private final String name;
    private long size = -1;
    private final List<Chunk> chunks = new ArrayList<>();

    private record Chunk(long offset, byte[] bytes) {
        boolean holds(long from, int length) {
            return from >= offset && from + length <= offset + bytes.length;
        }
    }

    VolumeBytes(VolumeSource source, int file) {
        this.source = source;
        this.file = file;
        this.name = source.name(file);
    }

    int file() {
        return file;
    }

    String name() {
        return name;
    }

    long size() throws IOException {
        if (size < 0) size = source.size(file);
        return size;
    }

    /** Up to {@code length} bytes from {@code offset}: fewer only when the file ends first. */
    byte[] readUpTo(long offset, int length) throws IOException {
        long available = Math.max(0, size() - offset);
        int wanted = (int) Math.min(length, available);
        if (wanted == 0) return new byte[0];
        for (Chunk chunk : chunks) {
            if (chunk.holds(offset, wanted)) {
                int from = (int) (offset - chunk.offset);
                return java.util.Arrays.copyOfRange(chunk.bytes, from, from + wanted);
            }
        }
        int fetch = (int) Math.min(Math.max(wanted, MIN_READ), available);
        byte[] got = source.read(file, offset, fetch);
        if (chunks.size() == KEPT_CHUNKS) chunks.remove(0);
        chunks.add(new Chunk(offset, got));
        return got.length <= wanted ? got : java.util.Arrays.copyOf(got, wanted);
    }

    /**
     * The CRC-32 of {@code length} bytes from {@code offset}. Small runs go through the kept
     * chunks; long ones are read in steps that are not kept.
     */
    long crc(long offset, long length) throws IOException, ArchiveException {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        for (long done = 0; done < length; ) {
            int step = (int) Math.min(length - done, CRC_STEP);
            byte[] got = step <= MIN_READ ? read(offset + done, step) : source.read(file, offset + done, step);
            if (got.length != step) throw ArchiveException.damaged(name + " ends before byte " + (offset + length));
            crc.update(got);
            done += step;
        }
        return crc.getValue();
    }

    /** Exactly {@code length} bytes from {@code offset}; a file that ends first is a damaged archive. */
    byte[] read(long offset, int length) throws IOException, ArchiveException {
        byte[] got = readUpTo(offset, length);
        if (got.length != length) {
            throw ArchiveException.damaged(name + " ends at byte " + size() + " inside a header at offset " + offset);
        }
        return got;
    }
}
