package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.zip.CRC32;

/**
 * Walks the block headers of one RAR4 (RAR 2.9/3.x/4.x) file, jumping over every data area, so
 * only the bytes of headers are read. Stateless; thread-safe.
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
    private static final int METHOD_STORE = 0x30;

    private static final int EARC_NEXT_VOLUME = 0x01;
    private static final int EARC_DATACRC = 0x02;
    private static final int EARC_VOLNUMBER = 0x08;

    private static final int MAX_HEADERS = 100_000;

    private Rar4Reader() {}

    static RarVolume read(VolumeBytes volume) throws IOException {
        return new Walk(volume).walk(ArchiveSet.Format.RAR4);
    }

    private static final class Walk extends RarWalk {
        Walk(VolumeBytes volume) {
            super(volume);
        }

        @Override
        void run() throws IOException, ArchiveException {
            long size = volume.size();
            long pos = SIGNATURE.length;
            for (int count = 0; pos < size; count++) {
                if (count == MAX_HEADERS) throw ArchiveException.damaged(volume.name() + " has too many headers");
                ByteCursor base = new ByteCursor(volume.read(pos, 7));
                int crc = base.u16();
                int type = base.u8();
                int flags = base.u16();
                int headSize = base.u16();
                if (headSize < 7) throw ArchiveException.damaged(volume.name() + ": header at offset " + pos + " is too short");
                byte[] head = volume.read(pos, headSize);
                checkCrc(head, crc, pos);
                ByteCursor c = new ByteCursor(head, 7, headSize);
                long next;
                switch (type) {
                    case MAIN -> {
                        mainHeader(flags);
                        next = pos + headSize;
                    }
                    case FILE, SERVICE -> next = fileHeader(type, flags, c, pos, headSize);
                    case END -> {
                        endHeader(flags, c);
                        return;
                    }
                    default -> next = pos + headSize + ((flags & LONG_BLOCK) != 0 ? c.u32() : 0);
                }
                if (next > size) {
                    throw ArchiveException.damaged(volume.name() + ": the block at offset " + pos
                            + " runs past the end of the volume (" + size + " bytes)");
                }
                pos = next;
            }
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
            if ((flags & MHD_PASSWORD) != 0) {
                throw new ArchiveException(Refusal.Reason.ENCRYPTED, volume.name() + " has encrypted headers (password protected)");
            }
            if ((flags & MHD_SOLID) != 0) {
                solid = Optional.of(new Refusal(Refusal.Reason.SOLID, volume.name()
                        + " is a solid archive: a member's data depends on the members before it"));
            }
        }

        private long fileHeader(int type, int flags, ByteCursor c, long pos, int headSize) throws ArchiveException {
            long packLow = c.u32();
            long unpackLow = c.u32();
            int hostOs = c.u8();
            long crc = c.u32();
            long time = c.u32();
            c.skip(1); // version needed
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
            long dataSize = packHigh << 32 | packLow;
            long dataOffset = pos + headSize;
            if (type == FILE && (flags & LHD_DIRECTORY) != LHD_DIRECTORY) {
                String name = Rar4Names.decode(nameField, (flags & LHD_UNICODE) != 0);
                if (hostOs <= 2) name = name.replace('\\', '/'); // MS-DOS, OS/2 and Windows store '\'
                entries.add(new RarEntry(name, unpackHigh << 32 | unpackLow, dataOffset, dataSize,
                        (flags & LHD_SPLIT_BEFORE) != 0, (flags & LHD_SPLIT_AFTER) != 0, crc, time,
                        entryRefusal(name, flags, method)));
            }
            return dataOffset + dataSize;
        }

        private Optional<Refusal> entryRefusal(String name, int flags, int method) {
            if ((flags & LHD_PASSWORD) != 0) {
                return Optional.of(new Refusal(Refusal.Reason.ENCRYPTED, name + " in " + volume.name() + " is encrypted"));
            }
            if (method != METHOD_STORE) {
                return Optional.of(new Refusal(Refusal.Reason.COMPRESSED, name + " in " + volume.name()
                        + " is compressed (method " + (method - METHOD_STORE) + "); only stored files can be streamed"));
            }
            if ((flags & LHD_SOLID) != 0) {
                return Optional.of(new Refusal(Refusal.Reason.SOLID, name + " in " + volume.name()
                        + " is solid: its data depends on the members before it"));
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
