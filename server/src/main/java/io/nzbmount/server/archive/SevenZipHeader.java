package io.nzbmount.server.archive;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parses a 7z header (the property-tagged structure the signature header points to). Pure: bytes
 * in, values out; anything malformed is an {@link ArchiveException}.
 */
final class SevenZipHeader {
    static final int HEADER = 0x01;
    static final int ENCODED_HEADER = 0x17;

    private static final int END = 0x00;
    private static final int ARCHIVE_PROPERTIES = 0x02;
    private static final int ADDITIONAL_STREAMS = 0x03;
    private static final int MAIN_STREAMS = 0x04;
    private static final int FILES = 0x05;
    private static final int PACK_INFO = 0x06;
    private static final int UNPACK_INFO = 0x07;
    private static final int SUBSTREAMS = 0x08;
    private static final int SIZE = 0x09;
    private static final int CRC = 0x0A;
    private static final int FOLDER = 0x0B;
    private static final int CODERS_UNPACK_SIZE = 0x0C;
    private static final int NUM_UNPACK_STREAM = 0x0D;
    private static final int EMPTY_STREAM = 0x0E;
    private static final int EMPTY_FILE = 0x0F;
    private static final int ANTI = 0x10;
    private static final int NAME = 0x11;
    private static final int ATTRIBUTES = 0x15;
    private static final long DIRECTORY_ATTRIBUTE = 0x10;

    private SevenZipHeader() {}

    record Coder(byte[] id, int inStreams, int outStreams, byte[] properties) {
        boolean is(byte... other) {
            return Arrays.equals(id, other);
        }

        String hex() {
            StringBuilder out = new StringBuilder();
            for (byte b : id) out.append(String.format("%02X", b));
            return out.length() == 0 ? "00" : out.toString();
        }
    }

    /**
     * A folder: its coders, how many packed streams it reads, its final unpacked size, and the
     * CRC of that output when recorded (else -1).
     */
    record Folder(List<Coder> coders, int packedStreams, long unpackSize, long crc) {}

    /**
     * Pack streams from {@code packPos} (after the 32-byte signature header), folders, substreams
     * (one per file with data) with their sizes and their CRCs (-1 where none is recorded).
     */
    record Streams(
            long packPos,
            long[] packSizes,
            List<Folder> folders,
            int[] unpackStreams,
            long[] substreamSizes,
            long[] substreamCrcs) {
        static final Streams NONE = new Streams(0, new long[0], List.of(), new int[0], new long[0], new long[0]);
    }

    record Entry(String name, boolean hasStream, boolean directory, boolean emptyFile, boolean anti) {}

    record Header(Streams streams, List<Entry> entries) {}

    /** The streams of a {@code kEncodedHeader}; {@code bytes} starts after its property id. */
    static Streams encoded(byte[] bytes) throws ArchiveException {
        ByteCursor c = new ByteCursor(bytes, 1, bytes.length);
        return streams(c);
    }

    /** A plain header; {@code bytes} starts with {@link #HEADER}. */
    static Header header(byte[] bytes) throws ArchiveException {
        ByteCursor c = new ByteCursor(bytes, 1, bytes.length);
        Streams streams = Streams.NONE;
        List<Entry> entries = List.of();
        for (long id = c.number7z(); id != END; id = c.number7z()) {
            switch ((int) id) {
                case ARCHIVE_PROPERTIES -> {
                    for (long type = c.number7z(); type != END; type = c.number7z()) c.skip(c.number7z());
                }
                case ADDITIONAL_STREAMS -> streams(c);
                case MAIN_STREAMS -> streams = streams(c);
                case FILES -> entries = files(c);
                default -> throw ArchiveException.damaged("7z header has an unknown property " + id);
            }
        }
        return new Header(streams, entries);
    }

    private static Streams streams(ByteCursor c) throws ArchiveException {
        long packPos = 0;
        long[] packSizes = new long[0];
        List<Folder> folders = List.of();
        int[] unpackStreams = null;
        long[] substreamSizes = null;
        long[] listedCrcs = new long[0];
        for (long id = c.number7z(); id != END; id = c.number7z()) {
            switch ((int) id) {
                case PACK_INFO -> {
                    packPos = c.number7z();
                    packSizes = new long[c.count7z("number of pack streams")];
                    for (long sub = c.number7z(); sub != END; sub = c.number7z()) {
                        if (sub == SIZE) {
                            for (int i = 0; i < packSizes.length; i++) packSizes[i] = size(c);
                        } else if (sub == CRC) {
                            digests(c, packSizes.length);
                        } else {
                            throw ArchiveException.damaged("7z pack info has an unknown property " + sub);
                        }
                    }
                }
                case UNPACK_INFO -> folders = folders(c);
                case SUBSTREAMS -> {
                    unpackStreams = new int[folders.size()];
                    Arrays.fill(unpackStreams, 1);
                    long sub = c.number7z();
                    if (sub == NUM_UNPACK_STREAM) {
                        for (int f = 0; f < unpackStreams.length; f++)
                            unpackStreams[f] = c.count7z("number of streams");
                        sub = c.number7z();
                    }
                    substreamSizes = substreamSizes(c, folders, unpackStreams, sub == SIZE);
                    if (sub == SIZE) sub = c.number7z();
                    while (sub != END) {
                        if (sub != CRC) throw ArchiveException.damaged("7z substreams have an unknown property " + sub);
                        listedCrcs = digests(c, unknownCrcCount(folders, unpackStreams));
                        sub = c.number7z();
                    }
                }
                default -> throw ArchiveException.damaged("7z streams info has an unknown property " + id);
            }
        }
        if (unpackStreams == null) {
            unpackStreams = new int[folders.size()];
            Arrays.fill(unpackStreams, 1);
            substreamSizes = folders.stream().mapToLong(Folder::unpackSize).toArray();
        }
        return new Streams(
                packPos,
                packSizes,
                folders,
                unpackStreams,
                substreamSizes,
                substreamCrcs(folders, unpackStreams, listedCrcs, substreamSizes.length));
    }

    /** A folder of one stream with a CRC gives it; the substreams' CRCs list the others, in order. */
    private static long[] substreamCrcs(List<Folder> folders, int[] unpackStreams, long[] listed, int count) {
        long[] crcs = new long[count];
        java.util.Arrays.fill(crcs, -1);
        int k = 0;
        int l = 0;
        for (int f = 0; f < folders.size() && k < count; f++) {
            boolean own = unpackStreams[f] == 1 && folders.get(f).crc() >= 0;
            for (int i = 0; i < unpackStreams[f] && k < count; i++, k++) {
                if (own) crcs[k] = folders.get(f).crc();
                else if (l < listed.length) crcs[k] = listed[l++];
            }
        }
        return crcs;
    }

    private static long[] substreamSizes(ByteCursor c, List<Folder> folders, int[] unpackStreams, boolean listed)
            throws ArchiveException {
        long total = Arrays.stream(unpackStreams).asLongStream().sum();
        if (total > c.remaining() * 8L + folders.size())
            throw ArchiveException.damaged("7z header declares too many streams");
        long[] sizes = new long[(int) total];
        int k = 0;
        for (int f = 0; f < folders.size(); f++) {
            int n = unpackStreams[f];
            if (n == 0) continue;
            long sum = 0;
            for (int i = 0; i < n - 1; i++) {
                if (!listed) throw ArchiveException.damaged("7z folder with several streams but no stream sizes");
                long s = size(c);
                sizes[k++] = s;
                sum += s;
            }
            long last = folders.get(f).unpackSize() - sum;
            if (last < 0) throw ArchiveException.damaged("7z stream sizes exceed their folder's size");
            sizes[k++] = last;
        }
        return sizes;
    }

    private static int unknownCrcCount(List<Folder> folders, int[] unpackStreams) {
        int n = 0;
        for (int f = 0; f < folders.size(); f++) {
            if (unpackStreams[f] != 1 || folders.get(f).crc() < 0) n += unpackStreams[f];
        }
        return n;
    }

    private static List<Folder> folders(ByteCursor c) throws ArchiveException {
        if (c.number7z() != FOLDER) throw ArchiveException.damaged("7z unpack info without folders");
        int count = c.count7z("number of folders");
        if (c.u8() != 0) throw new ArchiveException(Refusal.Reason.UNSUPPORTED, "7z folders stored outside the header");
        List<List<Coder>> coders = new ArrayList<>();
        int[] packed = new int[count];
        int[] outs = new int[count];
        List<long[]> boundOuts = new ArrayList<>();
        for (int f = 0; f < count; f++) {
            List<Coder> list = new ArrayList<>();
            int ins = 0;
            int numCoders = c.count7z("number of coders");
            for (int i = 0; i < numCoders; i++) {
                int flags = c.u8();
                if ((flags & 0x80) != 0)
                    throw new ArchiveException(Refusal.Reason.UNSUPPORTED, "7z coder with alternative methods");
                byte[] id = c.bytes(flags & 0x0F);
                int in = 1;
                int out = 1;
                if ((flags & 0x10) != 0) {
                    in = c.count7z("coder streams");
                    out = c.count7z("coder streams");
                }
                byte[] props = (flags & 0x20) != 0 ? c.bytes(c.count7z("coder properties")) : new byte[0];
                list.add(new Coder(id, in, out, props));
                ins += in;
                outs[f] += out;
            }
            long[] bound = new long[Math.max(0, outs[f] - 1)];
            for (int i = 0; i < bound.length; i++) {
                c.number7z(); // in index
                bound[i] = c.number7z();
            }
            packed[f] = ins - bound.length;
            if (packed[f] < 1) throw ArchiveException.damaged("7z folder without a packed stream");
            if (packed[f] > 1) for (int i = 0; i < packed[f]; i++) c.number7z();
            coders.add(list);
            boundOuts.add(bound);
        }
        if (c.number7z() != CODERS_UNPACK_SIZE) throw ArchiveException.damaged("7z folders without unpack sizes");
        long[] unpack = new long[count];
        for (int f = 0; f < count; f++) {
            unpack[f] = -1;
            for (int o = 0; o < outs[f]; o++) {
                long s = size(c);
                final int out = o;
                if (Arrays.stream(boundOuts.get(f)).noneMatch(b -> b == out)) unpack[f] = s;
            }
        }
        long[] crcs = new long[count];
        Arrays.fill(crcs, -1);
        for (long id = c.number7z(); id != END; id = c.number7z()) {
            if (id != CRC) throw ArchiveException.damaged("7z unpack info has an unknown property " + id);
            crcs = digests(c, count);
        }
        List<Folder> folders = new ArrayList<>();
        for (int f = 0; f < count; f++)
            folders.add(new Folder(List.copyOf(coders.get(f)), packed[f], unpack[f], crcs[f]));
        return folders;
    }

    /** CRCs, -1 where not recorded. */
    private static long[] digests(ByteCursor c, int count) throws ArchiveException {
        boolean[] defined = c.u8() != 0 ? all(count) : bits(c, count);
        long[] crcs = new long[count];
        for (int i = 0; i < count; i++) crcs[i] = defined[i] ? c.u32() : -1;
        return crcs;
    }

    private static List<Entry> files(ByteCursor c) throws ArchiveException {
        int count = c.count7z("number of files");
        boolean[] emptyStream = new boolean[count];
        boolean[] emptyFile = new boolean[0];
        boolean[] anti = new boolean[0];
        String[] names = new String[count];
        long[] attributes = new long[count];
        for (long type = c.number7z(); type != END; type = c.number7z()) {
            long size = c.number7z();
            if (size < 0 || size > c.remaining())
                throw ArchiveException.damaged("7z file property runs past the header");
            int start = c.position();
            int empties = count(emptyStream);
            switch ((int) type) {
                case EMPTY_STREAM -> emptyStream = bits(c, count);
                case EMPTY_FILE -> emptyFile = bits(c, empties);
                case ANTI -> anti = bits(c, empties);
                case NAME -> {
                    if (c.u8() != 0)
                        throw new ArchiveException(Refusal.Reason.UNSUPPORTED, "7z names stored outside the header");
                    for (int i = 0; i < count; i++) names[i] = utf16z(c);
                }
                case ATTRIBUTES -> {
                    boolean[] defined = c.u8() != 0 ? all(count) : bits(c, count);
                    if (c.u8() != 0)
                        throw new ArchiveException(
                                Refusal.Reason.UNSUPPORTED, "7z attributes stored outside the header");
                    for (int i = 0; i < count; i++) if (defined[i]) attributes[i] = c.u32();
                }
                default -> {} // times, comments, padding: not needed
            }
            c.skip(size - (c.position() - start));
        }
        List<Entry> entries = new ArrayList<>();
        int empty = 0;
        for (int i = 0; i < count; i++) {
            String name = names[i] == null ? "file" + i : names[i].replace('\\', '/');
            if (emptyStream[i]) {
                boolean isFile = empty < emptyFile.length && emptyFile[empty];
                boolean isAnti = empty < anti.length && anti[empty];
                empty++;
                boolean directory = !isFile || (attributes[i] & DIRECTORY_ATTRIBUTE) != 0;
                entries.add(new Entry(name, false, directory, isFile, isAnti));
            } else {
                entries.add(new Entry(name, true, false, false, false));
            }
        }
        return entries;
    }

    private static String utf16z(ByteCursor c) throws ArchiveException {
        StringBuilder out = new StringBuilder();
        for (int ch = c.u16(); ch != 0; ch = c.u16()) out.append((char) ch);
        return out.toString();
    }

    private static long size(ByteCursor c) throws ArchiveException {
        long s = c.number7z();
        if (s < 0) throw ArchiveException.damaged("7z header declares a negative size");
        return s;
    }

    private static boolean[] bits(ByteCursor c, int count) throws ArchiveException {
        boolean[] bits = new boolean[count];
        int current = 0;
        for (int i = 0; i < count; i++) {
            if (i % 8 == 0) current = c.u8();
            bits[i] = (current & (0x80 >>> (i % 8))) != 0;
        }
        return bits;
    }

    private static boolean[] all(int count) {
        boolean[] b = new boolean[count];
        Arrays.fill(b, true);
        return b;
    }

    private static int count(boolean[] bits) {
        int n = 0;
        for (boolean b : bits) if (b) n++;
        return n;
    }
}
