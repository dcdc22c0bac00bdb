package io.nzbmount.server.repair.par2;

import java.util.HexFormat;
import java.util.List;

/**
 * One file of a recovery set, from its File Description and Input File Slice Checksum packets.
 *
 * @param id       the file id, 16 bytes
 * @param md5      the MD5 of the whole file
 * @param md5First16k the MD5 of its first 16 KiB (of the whole file when shorter)
 * @param length   its length in bytes
 * @param name     its name as the poster made the set
 * @param slices   the checksums of its slices, in order; empty when that packet was not found
 */
public record Par2InputFile(
        byte[] id, byte[] md5, byte[] md5First16k, long length, String name, List<SliceChecksum> slices) {
    public Par2InputFile {
        id = id.clone();
        md5 = md5.clone();
        md5First16k = md5First16k.clone();
        slices = List.copyOf(slices);
    }

    /** The number of slices of {@code sliceSize} bytes the file fills, the last one padded. */
    public long sliceCount(long sliceSize) {
        return (length + sliceSize - 1) / sliceSize;
    }

    /** The file id in hex. */
    public String idHex() {
        return HexFormat.of().formatHex(id);
    }

    @Override
    public byte[] id() {
        return id.clone();
    }

    @Override
    public byte[] md5() {
        return md5.clone();
    }

    @Override
    public byte[] md5First16k() {
        return md5First16k.clone();
    }
}
