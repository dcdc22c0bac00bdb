package io.nzbmount.server.archive;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;
import org.tukaani.xz.LZMAInputStream;

/**
 * Reads a 7z archive, single or split into {@code .001, .002...} parts: the 32-byte signature
 * header at the start, then only the end header it points to (LZMA-decoded when 7-Zip packed it,
 * as it does by default even for stored data). Members of copy-coded folders map to byte ranges
 * of the parts. Stateless; thread-safe.
 */
final class SevenZipReader {
    private static final int SIGNATURE_HEADER = 32;
    private static final int MAX_HEADER = 64 * 1024 * 1024;
    private static final byte[] COPY = {0x00};
    private static final byte[] LZMA = {0x03, 0x01, 0x01};
    private static final byte[] AES = {0x06, (byte) 0xF1, 0x07, 0x01};

    private SevenZipReader() {}

    /**
     * @param parts     the archive's parts in order (one for a plain {@code .7z})
     * @param positions each part's position from its name (0 for {@code .001}); gaps are missing parts
     */
    static ArchiveSet read(List<VolumeBytes> parts, List<Integer> positions) throws IOException {
        return read(parts, positions, Map.of());
    }

    /**
     * {@link #read(List, List)}, proving the set against par2's checksums of its parts
     * ({@link SevenZipProof}) when par2 describes them.
     *
     * @param par2 the release's par2 descriptions by file name
     */
    static ArchiveSet read(List<VolumeBytes> parts, List<Integer> positions, Map<String, Par2File> par2)
            throws IOException {
        return read(parts, positions, par2, Passwords.none());
    }

    /**
     * {@link #read(List, List, Map)} of an archive that may be encrypted: its headers, or the
     * first bytes of its largest encrypted file, are decrypted with each password in turn.
     *
     * @param passwords what the release offers; told which one opened the archive
     */
    static ArchiveSet read(
            List<VolumeBytes> parts, List<Integer> positions, Map<String, Par2File> par2, Passwords passwords)
            throws IOException {
        String name = setName(parts.get(0).name());
        List<Integer> files = parts.stream().map(VolumeBytes::file).toList();
        try {
            checkParts(parts, positions);
            SplitStream stream = new SplitStream(parts);
            List<long[]> known = new java.util.ArrayList<>();
            Key key = new Key(passwords);
            List<Member> members = members(name, stream, parts.size(), lastPartIsFull(parts), known, key);
            boolean bySignature = proveSealed(stream, members, key);
            ArchiveSet set = new ArchiveSet(
                    name,
                    ArchiveSet.Format.SEVEN_ZIP,
                    files,
                    members,
                    Optional.empty(),
                    parts.size() == 1 ? ArchiveSet.Order.SINGLE : ArchiveSet.Order.NAMES);
            if (bySignature) set = set.provedBySignature();
            return SevenZipProof.check(set, parts, stream, known, par2);
        } catch (ArchiveException e) {
            Refusal refusal = new Refusal(e.reason(), "the 7z archive " + name + ": " + e.getMessage());
            return new ArchiveSet(name, ArchiveSet.Format.SEVEN_ZIP, files, List.of(), Optional.of(refusal));
        }
    }

    /** The set's name from its first part's name: without the part number and the {@code .7z}. */
    static String setName(String first) {
        String base = VolumeNames.split(first).map(VolumeNames.Parsed::base).orElse(first);
        return base.toLowerCase(java.util.Locale.ROOT).endsWith(".7z") ? base.substring(0, base.length() - 3) : base;
    }

    private static void checkParts(List<VolumeBytes> parts, List<Integer> positions)
            throws IOException, ArchiveException {
        for (int i = 0; i < positions.size(); i++) {
            if (positions.get(i) != i) {
                throw new ArchiveException(Refusal.Reason.MISSING_VOLUME, "volume " + (i + 1) + " is missing");
            }
        }
        for (int i = 1; i + 1 < parts.size(); i++) {
            if (parts.get(i).size() != parts.get(0).size()) {
                throw ArchiveException.damaged("part " + (i + 1) + " is "
                        + parts.get(i).size() + " bytes where every part but the last should be "
                        + parts.get(0).size());
            }
        }
    }

    private static boolean lastPartIsFull(List<VolumeBytes> parts) throws IOException {
        return parts.get(parts.size() - 1).size() == parts.get(0).size();
    }

    /** The passwords offered and, once proved, the one that opens this archive. Not thread-safe. */
    private static final class Key {
        final Passwords offered;
        String proved;

        Key(Passwords offered) {
            this.offered = offered;
        }

        List<String> toTry() throws ArchiveException {
            if (proved != null) return List.of(proved);
            if (!offered.given()) throw noPassword();
            return offered.toTry();
        }

        void proved(String password) {
            proved = password;
            offered.opened(password);
        }
    }

    static ArchiveException noPassword() {
        return new ArchiveException(Refusal.Reason.ENCRYPTED, "this archive is encrypted and no password was given");
    }

    static ArchiveException wrongPassword(int tried) {
        return new ArchiveException(
                Refusal.Reason.WRONG_PASSWORD,
                tried == 1
                        ? "the password given does not open this archive"
                        : "none of the " + tried + " passwords given opens this archive");
    }

    /**
     * A password that decrypted the headers (their CRC matched) opens the data too; otherwise the
     * first bytes of the largest encrypted file must decrypt to a known container's signature.
     *
     * @return true when the password was proved by that signature only
     */
    private static boolean proveSealed(SplitStream stream, List<Member> members, Key key)
            throws IOException, ArchiveException {
        Optional<Member> largest = members.stream()
                .filter(m -> m.sealing().isPresent() && m.size() > 0)
                .max(java.util.Comparator.comparingLong(Member::size));
        if (largest.isEmpty() || key.proved != null) return false;
        List<String> candidates = key.toTry();
        Optional<String> opens =
                SevenZipAes.prove(stream, largest.get(), largest.get().pieces(), candidates);
        if (opens.isEmpty()) throw wrongPassword(candidates.size());
        key.proved(opens.get());
        return true;
    }

    private static List<Member> members(
            String name, SplitStream stream, int partCount, boolean lastPartIsFull, List<long[]> known, Key key)
            throws IOException, ArchiveException {
        byte[] signature = stream.read(0, SIGNATURE_HEADER);
        ByteCursor sig = new ByteCursor(signature);
        sig.skip(6);
        int major = sig.u8();
        sig.u8();
        long startCrc = sig.u32();
        if (crc(java.util.Arrays.copyOfRange(signature, 12, SIGNATURE_HEADER)) != startCrc)
            throw ArchiveException.damaged("signature header checksum mismatch");
        if (major != 0)
            throw new ArchiveException(Refusal.Reason.UNSUPPORTED, "format version " + major + " is unknown");
        long nextOffset = sig.u64();
        long nextSize = sig.u64();
        long nextCrc = sig.u32();
        if (nextSize == 0) return List.of();
        long headerStart = SIGNATURE_HEADER + nextOffset;
        if (nextOffset < 0 || nextSize < 0 || nextSize > MAX_HEADER || headerStart + nextSize < 0) {
            throw ArchiveException.damaged("the end header's place or size is impossible");
        }
        if (headerStart + nextSize > stream.total()) {
            if (partCount > 1 && lastPartIsFull) {
                throw new ArchiveException(
                        Refusal.Reason.MISSING_VOLUME, "volume " + (partCount + 1) + " and any after it are missing");
            }
            throw ArchiveException.damaged("the end header lies past the end of the archive");
        }
        byte[] header = stream.read(headerStart, (int) nextSize);
        if (crc(header) != nextCrc) throw ArchiveException.damaged("end header checksum mismatch");
        for (int depth = 0; header.length > 0 && (header[0] & 0xFF) == SevenZipHeader.ENCODED_HEADER; depth++) {
            if (depth == 4) throw ArchiveException.damaged("the header is packed too many times");
            header = unpackHeader(stream, SevenZipHeader.encoded(header), key);
        }
        if (header.length == 0 || header[0] != SevenZipHeader.HEADER)
            throw ArchiveException.damaged("no header where the archive says");
        return SevenZipMembers.map(name, SevenZipHeader.header(header), stream, headerStart, known);
    }

    private static byte[] unpackHeader(SplitStream stream, SevenZipHeader.Streams packed, Key key)
            throws IOException, ArchiveException {
        if (packed.folders().size() != 1 || packed.packSizes().length < 1) {
            throw new ArchiveException(Refusal.Reason.UNSUPPORTED, "the packed header has an unexpected layout");
        }
        SevenZipHeader.Folder folder = packed.folders().get(0);
        long packSize = packed.packSizes()[0];
        if (packSize > MAX_HEADER || folder.unpackSize() > MAX_HEADER || folder.unpackSize() < 0) {
            throw new ArchiveException(
                    Refusal.Reason.UNSUPPORTED, "the packed header is larger than " + MAX_HEADER + " bytes");
        }
        byte[] bytes = stream.read(SIGNATURE_HEADER + packed.packPos(), (int) packSize);
        Optional<SevenZipHeader.Coder> aes =
                folder.coders().stream().filter(c -> c.is(AES)).findFirst();
        if (aes.isEmpty()) return unpackPlainHeader(folder, folder.coders(), bytes);
        if (folder.coders().size() > 2 || bytes.length % Sealing.BLOCK != 0) {
            throw new ArchiveException(Refusal.Reason.UNSUPPORTED, "its encrypted header has an unexpected layout");
        }
        // 7zAES alone (a header left unpacked, as -mx0 leaves it) or after LZMA
        List<SevenZipHeader.Coder> rest = folder.coders().size() == 1
                ? List.of(new SevenZipHeader.Coder(COPY, 1, 1, new byte[0]))
                : folder.coders().stream().filter(c -> !c.is(AES)).toList();
        Sealing sealing = SevenZipAes.folderSealing(aes.get());
        List<String> candidates = key.toTry();
        for (String password : candidates) {
            byte[] plain = AesKeys.decrypt(AesKeys.key(sealing, password), sealing.iv(), bytes);
            try {
                byte[] header = unpackPlainHeader(folder, rest, plain);
                key.proved(password);
                return header;
            } catch (ArchiveException e) {
                // a wrong key decrypts to noise, which does not unpack to the header's CRC
            }
        }
        throw wrongPassword(candidates.size());
    }

    private static byte[] unpackPlainHeader(
            SevenZipHeader.Folder folder, List<SevenZipHeader.Coder> coders, byte[] bytes) throws ArchiveException {
        SevenZipHeader.Coder coder = coders.get(0);
        byte[] header;
        if (coders.size() == 1 && coder.is(COPY)) {
            header = java.util.Arrays.copyOf(bytes, (int) Math.min(bytes.length, folder.unpackSize()));
        } else if (coders.size() == 1 && coder.is(LZMA) && coder.properties().length == 5) {
            header = lzma(bytes, coder.properties(), (int) folder.unpackSize());
        } else {
            throw new ArchiveException(Refusal.Reason.UNSUPPORTED, "its header is packed with method " + coder.hex());
        }
        if (header.length != folder.unpackSize() || (folder.crc() >= 0 && crc(header) != folder.crc())) {
            throw ArchiveException.damaged("the packed header does not unpack to its checksum");
        }
        return header;
    }

    private static byte[] lzma(byte[] packed, byte[] props, int size) throws ArchiveException {
        int dictionary = (props[1] & 0xFF) | (props[2] & 0xFF) << 8 | (props[3] & 0xFF) << 16 | (props[4] & 0xFF) << 24;
        try (InputStream in = new LZMAInputStream(new ByteArrayInputStream(packed), size, props[0], dictionary)) {
            return in.readNBytes(size);
        } catch (IOException | RuntimeException e) {
            // the bytes are in memory: any failure here is a broken header, not a failed read
            throw ArchiveException.damaged(
                    "the packed header cannot be unpacked (" + e.getClass().getSimpleName() + ")");
        }
    }

    static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    static boolean isAes(SevenZipHeader.Coder coder) {
        return coder.is(AES);
    }

    static boolean isCopy(SevenZipHeader.Coder coder) {
        return coder.is(COPY) || coder.id().length == 0;
    }
}
