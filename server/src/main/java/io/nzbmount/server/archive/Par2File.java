package io.nzbmount.server.archive;

import java.util.Objects;

/**
 * A file description from a par2 set: the real name of a file and how to recognise it.
 *
 * @param name    the file's name as the poster made the set
 * @param size    its size in bytes
 * @param hash16k the MD5 of its first 16 KiB (of the whole file when shorter), 16 bytes
 * @param md5     the MD5 of the whole file, 16 bytes
 */
public record Par2File(String name, long size, byte[] hash16k, byte[] md5) {
    public Par2File {
        Objects.requireNonNull(name, "name");
        if (hash16k.length != 16 || md5.length != 16) throw new IllegalArgumentException("MD5 hashes are 16 bytes");
        hash16k = hash16k.clone();
        md5 = md5.clone();
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
