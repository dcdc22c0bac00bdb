package io.nzbmount.server.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.zip.CRC32;

/**
 * Walks the headers of one RAR5 file, jumping over every data area, so only the bytes of headers
 * are read. Headers encrypted with {@code -hp} are decrypted once the archive encryption header's
 * check value accepts a password offered ({@link Rar5SealedHeaders}). Stateless; thread-safe.
 */
final class Rar5Reader {
    static final int SIGNATURE_LENGTH = 8;

    private static final int MAIN = 1;
    private static final int FILE = 2;
    private static final int ENCRYPTION = 4;
    private static final int END = 5;

    private static final int HAS_EXTRA = 0x01;
    private static final int HAS_DATA = 0x02;
    private static final int SPLIT_BEFORE = 0x08;
    private static final int SPLIT_AFTER = 0x10;

    private static final int ARCHIVE_VOLUME = 0x01;
    private static final int ARCHIVE_NUMBER = 0x02;
    private static final int ARCHIVE_SOLID = 0x04;

    private static final int FILE_DIRECTORY = 0x01;
    private static final int FILE_TIME = 0x02;
    private static final int FILE_CRC = 0x04;
    private static final int FILE_SIZE_UNKNOWN = 0x08;
    private static final int COMPRESSION_SOLID = 0x40;
    private static final int EXTRA_ENCRYPTION = 0x01;

    /** The format caps a header at 2 MB. */
    private static final int MAX_HEADER = 2 * 1024 * 1024;

    private static final int MAX_HEADERS = 100_000;
    private static final long MAX_VOLUME_NUMBER = 100_000;

    private Rar5Reader() {}

    static RarVolume read(VolumeBytes volume) throws IOException {
        return read(volume, Passwords.none());
    }

    /** {@link #read(VolumeBytes)}, decrypting {@code -hp} headers with a password offered. */
    static RarVolume read(VolumeBytes volume, Passwords passwords) throws IOException {
        return new Walk(volume, passwords).walk(ArchiveSet.Format.RAR5);
    }

    private static final class Walk extends RarWalk {
        private final Passwords passwords;
        /** The last encryption record read says checksums are HMAC-tweaked. */
        private boolean sumsTweaked;
        /** The headers after the archive encryption header, once the password opened them. */
        private Rar5SealedHeaders sealed;

        Walk(VolumeBytes volume, Passwords passwords) {
            super(volume);
            this.passwords = passwords;
        }

        private byte[] plainHeader(long pos) throws IOException, ArchiveException {
            ByteCursor pre = new ByteCursor(volume.readUpTo(pos, 4 + 3));
            long crc = pre.u32();
            long headSize = pre.vint();
            if (headSize < 2 || headSize > MAX_HEADER) {
                throw ArchiveException.damaged(volume.name() + ": header at offset " + pos + " has an impossible size");
            }
            byte[] head = volume.read(pos, pre.position() + (int) headSize);
            CRC32 check = new CRC32();
            check.update(head, 4, head.length - 4);
            if (check.getValue() != crc) {
                throw ArchiveException.damaged(volume.name() + ": header checksum mismatch at offset " + pos);
            }
            return head;
        }

        @Override
        void run() throws IOException, ArchiveException {
            long size = volume.size();
            long pos = SIGNATURE_LENGTH;
            for (int count = 0; pos < size; count++) {
                if (count == MAX_HEADERS) throw ArchiveException.damaged(volume.name() + " has too many headers");
                byte[] head;
                long dataOffset;
                if (sealed != null) {
                    Rar5SealedHeaders.Block block = sealed.read(pos);
                    head = block.head();
                    dataOffset = block.dataOffset();
                } else {
                    head = plainHeader(pos);
                    dataOffset = pos + head.length;
                }
                int start = new ByteCursor(head, 4, head.length).skipVint();
                ByteCursor c = new ByteCursor(head, start, head.length);
                int type = (int) c.vint();
                long flags = c.vint();
                long extraSize = (flags & HAS_EXTRA) != 0 ? c.vint() : 0;
                long dataSize = (flags & HAS_DATA) != 0 ? c.vint() : 0;
                if (extraSize > head.length - c.position() || dataSize < 0) {
                    throw ArchiveException.damaged(
                            volume.name() + ": header at offset " + pos + " has impossible sizes");
                }
                switch (type) {
                    case MAIN -> mainHeader(c);
                    case FILE -> fileHeader(c, head, (int) extraSize, flags, dataOffset, dataSize);
                    case ENCRYPTION -> {
                        if (sealed != null)
                            throw ArchiveException.damaged(volume.name() + " has a second encryption header");
                        sealed = Rar5SealedHeaders.open(volume, c, dataOffset, passwords);
                        headerPassword = Optional.of(sealed.opened());
                    }
                    case END -> {
                        moreFollow = (c.vint() & 0x01) != 0;
                        return;
                    }
                    default -> {} // service headers (comment, quick open, recovery) are not members
                }
                long next = dataOffset + dataSize;
                if (next > size) {
                    throw ArchiveException.damaged(volume.name() + ": the block at offset " + pos
                            + " runs past the end of the volume (" + size + " bytes)");
                }
                pos = next;
            }
        }

        private void mainHeader(ByteCursor c) throws ArchiveException {
            long flags = c.vint();
            multiVolume = (flags & ARCHIVE_VOLUME) != 0;
            if ((flags & ARCHIVE_NUMBER) != 0) {
                long n = c.vint();
                if (n > MAX_VOLUME_NUMBER) throw ArchiveException.damaged(volume.name() + " claims volume number " + n);
                number = OptionalInt.of((int) n);
            } else if (multiVolume) {
                number = OptionalInt.of(0);
            }
            if ((flags & ARCHIVE_SOLID) != 0) {
                solid = Optional.of(new Refusal(
                        Refusal.Reason.SOLID,
                        volume.name() + " is a solid archive: a member's data depends on the members before it"));
            }
        }

        private void fileHeader(ByteCursor c, byte[] head, int extraSize, long flags, long dataOffset, long dataSize)
                throws ArchiveException {
            long fileFlags = c.vint();
            long unpackedSize = c.vint();
            c.vint(); // attributes
            long time = (fileFlags & FILE_TIME) != 0 ? c.u32() : -1;
            long crc = (fileFlags & FILE_CRC) != 0 ? c.u32() : -1;
            long compression = c.vint();
            long hostOs = c.vint();
            long nameLength = c.vint();
            String name = new String(c.bytes(nameLength), StandardCharsets.UTF_8);
            if (hostOs == 0) name = name.replace('\\', '/');
            if ((fileFlags & FILE_DIRECTORY) != 0) return;
            Optional<RarEntry.Crypt> crypt = encryptionRecord(head, head.length - extraSize, head.length);
            if (crypt.isPresent() && sumsTweaked) crc = -1; // an HMAC of the CRC, not the CRC of the bytes
            Optional<Refusal> refusal = Optional.empty();
            if ((compression >>> 7 & 0x7) != 0) {
                refusal = Optional.of(new Refusal(
                        Refusal.Reason.COMPRESSED,
                        name + " in " + volume.name() + " is compressed (method " + (compression >>> 7 & 0x7)
                                + "); only stored files can be streamed"));
            } else if ((compression & COMPRESSION_SOLID) != 0) {
                refusal = Optional.of(new Refusal(
                        Refusal.Reason.SOLID,
                        name + " in " + volume.name() + " is solid: its data depends on the members before it"));
            } else if ((fileFlags & FILE_SIZE_UNKNOWN) != 0) {
                refusal = Optional.of(new Refusal(
                        Refusal.Reason.UNSUPPORTED, name + " in " + volume.name() + " has no recorded size"));
            }
            entries.add(new RarEntry(
                    name,
                    unpackedSize,
                    dataOffset,
                    dataSize,
                    (flags & SPLIT_BEFORE) != 0,
                    (flags & SPLIT_AFTER) != 0,
                    crc,
                    time,
                    refusal,
                    crypt));
        }

        /** The file's encryption record: version 0 (AES-256), KDF count, salt, IV, check value. */
        private Optional<RarEntry.Crypt> encryptionRecord(byte[] head, int from, int to) throws ArchiveException {
            ByteCursor extra = new ByteCursor(head, from, to);
            while (extra.remaining() > 0) {
                long size = extra.vint();
                int recordStart = extra.position();
                if (extra.vint() == EXTRA_ENCRYPTION) {
                    long version = extra.vint();
                    if (version != 0) {
                        throw new ArchiveException(
                                Refusal.Reason.UNSUPPORTED, volume.name() + " uses encryption version " + version);
                    }
                    long cryptFlags = extra.vint();
                    sumsTweaked = (cryptFlags & 0x02) != 0;
                    int count = extra.u8();
                    byte[] salt = extra.bytes(Sealing.BLOCK);
                    byte[] iv = extra.bytes(Sealing.BLOCK);
                    Optional<byte[]> check = Optional.empty();
                    if ((cryptFlags & 0x01) != 0) {
                        byte[] value = extra.bytes(8);
                        if (Rar5Kdf.checkSumHolds(value, extra.bytes(4))) check = Optional.of(value);
                    }
                    return Optional.of(new RarEntry.Crypt(Sealing.Kdf.RAR5, count, salt, iv, check));
                }
                extra.skip(size - (extra.position() - recordStart));
            }
            return Optional.empty();
        }
    }
}
