package io.nzbmount.server.repair.par2;

/**
 * What par2 says one input slice holds: the MD5 and CRC-32 of the slice, a file's last slice
 * padded with zeros to the slice size.
 *
 * @param md5   16 bytes
 * @param crc32 the CRC-32, unsigned
 */
public record SliceChecksum(byte[] md5, long crc32) {
    public SliceChecksum {
        if (md5.length != 16) throw new IllegalArgumentException("an MD5 is 16 bytes");
        md5 = md5.clone();
    }

    @Override
    public byte[] md5() {
        return md5.clone();
    }
}
