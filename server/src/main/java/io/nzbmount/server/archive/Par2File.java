package io.nzbmount.server.archive;

import java.util.Objects;

/**
 * A file description from a par2 set: the real name of a file and how to recognise it.
 *
 * @param name    the file's name as the poster made the set
 * @param size    its size in bytes
 * @param hash16k the MD5 of its first 16 KiB (of the whole file when shorter), 16 bytes
 * @param md5     the MD5 of the whole file, 16 bytes
 * @param sliceSize the set's slice size, 0 when its main packet was not found
 * @param sliceCrcs the CRC-32 of each slice of the file (the last one padded with zeros to the
 *                  slice size), empty when its checksum packet was not found
 */
public record Par2File(String name, long size, byte[] hash16k, byte[] md5, long sliceSize, long[] sliceCrcs) {
    public Par2File {
        Objects.requireNonNull(name, "name");
        if (hash16k.length != 16 || md5.length != 16) throw new IllegalArgumentException("MD5 hashes are 16 bytes");
        hash16k = hash16k.clone();
        md5 = md5.clone();
        sliceCrcs = sliceCrcs.clone();
    }

    /** A description without slice checksums. */
    public Par2File(String name, long size, byte[] hash16k, byte[] md5) {
        this(name, size, hash16k, md5, 0, new long[0]);
    }

    @Override
    public long[] sliceCrcs() {
        return sliceCrcs.clone();
    }

    /**
     * The CRC-32 of the whole file followed by zeros up to a whole number of slices, from the
     * slice checksums; empty when they are missing or their count does not fit the size.
     */
    public java.util.OptionalLong paddedCrc() {
        if (sliceSize <= 0 || sliceCrcs.length == 0 || sliceCrcs.length != (size + sliceSize - 1) / sliceSize) {
            return java.util.OptionalLong.empty();
        }
        long crc = sliceCrcs[0];
        for (int i = 1; i < sliceCrcs.length; i++) crc = Crc32s.combine(crc, sliceCrcs[i], sliceSize);
        return java.util.OptionalLong.of(crc);
    }

    /** The bytes of zeros {@link #paddedCrc()} covers after the file. */
    public long padding() {
        return sliceSize <= 0 ? 0 : (sliceSize - size % sliceSize) % sliceSize;
    }

    @Override
    public byte[] hash16k() {
        return hash16k.clone();
    }

    @Override
    public byte[] md5() {
        return md5.clone();
    }
}
