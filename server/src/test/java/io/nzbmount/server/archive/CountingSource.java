package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link VolumeSource} over byte arrays that records every read, so tests can assert that a
 * scan reads headers only. Not thread-safe.
 */
final class CountingSource implements VolumeSource {
    private final List<ArchiveVolume> files;
    private final long[] bytesRead;
    private final List<long[]> reads = new ArrayList<>();

    CountingSource(List<ArchiveVolume> files) {
        this.files = List.copyOf(files);
        this.bytesRead = new long[files.size()];
    }

    @Override
    public int count() {
        return files.size();
    }

    @Override
    public String name(int file) {
        return files.get(file).name();
    }

    @Override
    public long size(int file) {
        return files.get(file).bytes().length;
    }

    @Override
    public byte[] read(int file, long offset, int length) {
        byte[] b = files.get(file).bytes();
        int from = (int) Math.min(offset, b.length);
        int to = (int) Math.min((long) from + length, b.length);
        bytesRead[file] += to - from;
        reads.add(new long[] {file, from, to});
        return Arrays.copyOfRange(b, from, to);
    }

    long bytesRead(int file) {
        return bytesRead[file];
    }

    int reads(int file) {
        return (int) reads.stream().filter(r -> r[0] == file).count();
    }

    /** True when some read covered a byte of {@code file} in [from, to). */
    boolean touched(int file, long from, long to) {
        return reads.stream().anyMatch(r -> r[0] == file && r[1] < to && r[2] > from);
    }

    /** The member's bytes as its pieces say, read straight from the arrays (not counted). */
    byte[] bytesOf(Member member) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Piece p : member.pieces()) {
            out.write(files.get(p.file()).bytes(), (int) p.offset(), (int) p.length());
        }
        return out.toByteArray();
    }
}
