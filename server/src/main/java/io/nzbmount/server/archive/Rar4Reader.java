package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.zip.CRC32;

/**
 * Walks the block headers of one RAR4 (RAR 2.9/3.x/4.x) file, jumping over every data area, so
 * only the bytes of headers are read. Headers encrypted with {@code -hp} are decrypted with the
 * password that opens the first of them ({@link Rar4SealedHeaders}); members encrypted with
 * {@code -p} (AES-128, RAR 2.9 and later) carry their salt. Stateless; thread-safe.
 */
final class Rar4Reader {
    static final byte[] SIGNATURE = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00};

    private static final int MAIN = 0x73;
    private static final int FILE = 0x74;
    private static final int SERVICE = 0x7A;
    private static final int END = 0x7B;
    private static final int LONG_BLOCK = 0x8000;

    private static final int MHD_VOLUME = 0x0001;
    private static final int MHD_SOLID = 0x0008;
    private static final int MHD_PASSWORD = 0x0080;
    private static final int MHD_FIRSTVOLUME = 0x0100;

    private static final int LHD_SPLIT_BEFORE = 0x01;
    private static final int LHD_SPLIT_AFTER = 0x02;
    private static final int LHD_PASSWORD = 0x04;
    private static final int LHD_SOLID = 0x10;
    private static final int LHD_DIRECTORY = 0xE0;
    private static final int LHD_LARGE = 0x100;
    private static final int LHD_UNICODE = 0x200;
    private static final int LHD_SALT = 0x400;
    private static final int METHOD_STORE = 0x30;
    /** The version needed to extract from which encryption is AES (RAR 2.9); older is RAR 2.0's own. */
    private static final int AES_VERSION = 29;

    private static final int EARC_NEXT_VOLUME = 0x01;
    private static final int EARC_DATACRC = 0x02;
    private static final int EARC_VOLNUMBER = 0x08;

    private static final int MAX_HEADERS = 100_000;

    private Rar4Reader() {}

    static RarVolume read(VolumeBytes volume) throws IOException {
        return read(volume, Passwords.none());
    }

    /** {@link #read(VolumeBytes)}, decrypting {@code -hp} headers with a password offered. */
    static RarVolume read(VolumeBytes volume, Passwords passwords) throws IOException {
        return new Walk(volume, passwords).walk(ArchiveSet.Format.RAR4);
    }

    private static final class Walk extends RarWalk {
        private final Passwords passwords;
        private Rar4SealedHeaders sealed;

        Walk(VolumeBytes volume, Passwords passwords) {
            super(volume);
            this.passwords = passwords;
        }

        @Override
        void run() throws IOException, ArchiveException {
            long size = volume.size();
            long pos = SIGNATURE.length;
            for (int count = 0; pos < size; count++) {
                if (count == MAX_HEADERS) throw ArchiveException.damaged(volume.name() + " has too many headers");
                byte[] head;
                long dataOffset;
                if (sealed != null) {
                    if (headerPassword.isEmpty())
                        headerPassword = Optional.of(new Passwords.Opened(sealed.open(pos, passwords)));
                    Rar4SealedHeaders.Block block = sealed.read(pos);
                    head = block.head();
                    dataOffset = block.dataOffset();
                } else {
                    head = plainHeader(pos);
                    dataOffset = pos + head.length;
                }
                ByteCursor c = new ByteCursor(head, 2, head.length);
                int type = c.u8();
                int flags = c.u16();
                c.skip(2); // the header's size
                long next;
                switch (type) {
                    case MAIN -> {
                        mainHeader(flags);
                        next = dataOffset;
                    }
                    case FILE, SERVICE -> next = fileHeader(type, flags, c, dataOffset);
                    case END -> {
                        endHeader(flags, c);
                        return;
                    }
                    default -> next = dataOffset + ((flags & LONG_BLOCK) != 0 ? c.u32() : 0);
                }
                if (next > size) {
                    throw ArchiveException.damaged(volume.name() + ": the block at offset " + pos
                            + " runs past the end of the volume (" + size + " bytes)");
                }
                pos = next;
            }
        }

        private byte[] plainHeader(long pos) throws IOException, ArchiveException {
            ByteCursor base = new ByteCursor(volume.read(pos, 7));
            int crc = base.u16();
            base.skip(3);
            int headSize = base.u16();
            if (headSize < 7)
                throw ArchiveException.damaged(volume.name() + ": header at offset " + pos + " is too short");
            byte[] head = volume.read(pos, headSize);
            checkCrc(head, crc, pos);
            return head;
        }

        private void checkCrc(byte[] head, int expected, long pos) throws ArchiveException {
            CRC32 crc = new CRC32();
            crc.update(head, 2, head.length - 2);
            if ((crc.getValue() & 0xFFFF) != expected) {
                throw ArchiveException.damaged(volume.name() + ": header checksum mismatch at offset " + pos);
            }
        }

        private void mainHeader(int flags) throws ArchiveException {
            multiVolume = (flags & MHD_VOLUME) != 0;
            if ((flags & MHD_FIRSTVOLUME) != 0) number = OptionalInt.of(0);
            if ((flags & MHD_PASSWORD) != 0) sealed = new Rar4SealedHeaders(volume);
            if ((flags & MHD_SOLID) != 0) {
                solid = Optional.of(new Refusal(
                        Refusal.Reason.SOLID,
                        volume.name() + " is a solid archive: a member's data depends on the members before it"));
            }
        }

        private long fileHeader(int type, int flags, ByteCursor c, long dataOffset) throws ArchiveException {
            long packLow = c.u32();
            long unpackLow = c.u32();
            int hostOs = c.u8();
            long crc = c.u32();
            long time = c.u32();
            int version = c.u8();
            int method = c.u8();
            int nameSize = c.u16();
            c.skip(4); // attributes
            long packHigh = 0;
            long unpackHigh = 0;
            if ((flags & LHD_LARGE) != 0) {
                packHigh = c.u32();
                unpackHigh = c.u32();
            }
            byte[] nameField = c.bytes(nameSize);
            byte[] salt = (flags & LHD_SALT) != 0 ? c.bytes(Rar3Kdf.SALT) : new byte[0];
            long dataSize = packHigh << 32 | packLow;
            if (type == FILE && (flags & LHD_DIRECTORY) != LHD_DIRECTORY) {
                String name = Rar4Names.decode(nameField, (flags & LHD_UNICODE) != 0);
                if (hostOs <= 2) name = name.replace('\\', '/'); // MS-DOS, OS/2 and Windows store '\'
                boolean encrypted = (flags & LHD_PASSWORD) != 0;
                Optional<RarEntry.Crypt> crypt = encrypted
                        ? Optional.of(new RarEntry.Crypt(
                                Sealing.Kdf.RAR3, Rar3Kdf.CYCLES, salt, new byte[Sealing.BLOCK], Optional.empty()))
                        : Optional.empty();
                entries.add(new RarEntry(
                        name,
                        unpackHigh << 32 | unpackLow,
                        dataOffset,
                        dataSize,
                        (flags & LHD_SPLIT_BEFORE) != 0,
                        (flags & LHD_SPLIT_AFTER) != 0,
                        crc,
                        time,
                        entryRefusal(name, flags, method, version),
                        crypt));
            }
            return dataOffset + dataSize;
        }

        private Optional<Refusal> entryRefusal(String name, int flags, int method, int version) {
            if ((flags & LHD_PASSWORD) != 0 && version < AES_VERSION) {
                return Optional.of(new Refusal(
                        Refusal.Reason.UNSUPPORTED,
                        name + " in " + volume.name()
                                + " is encrypted the RAR 2.0 way; only AES (RAR 2.9 and later) is supported"));
            }
            if (method != METHOD_STORE) {
                return Optional.of(new Refusal(
                        Refusal.Reason.COMPRESSED,
                        name + " in " + volume.name() + " is compressed (method " + (method - METHOD_STORE)
                                + "); only stored files can be streamed"));
            }
            if ((flags & LHD_SOLID) != 0) {
                return Optional.of(new Refusal(
                        Refusal.Reason.SOLID,
                        name + " in " + volume.name() + " is solid: its data depends on the members before it"));
            }
            return Optional.empty();
        }

        private void endHeader(int flags, ByteCursor c) throws ArchiveException {
            moreFollow = (flags & EARC_NEXT_VOLUME) != 0;
            if ((flags & EARC_VOLNUMBER) != 0) {
                if ((flags & EARC_DATACRC) != 0) c.skip(4);
                number = OptionalInt.of(c.u16());
            }
        }
    }
}
