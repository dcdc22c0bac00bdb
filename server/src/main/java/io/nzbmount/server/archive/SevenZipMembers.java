package io.nzbmount.server.archive;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Maps the files of a parsed 7z header to byte ranges of the archive stream. In a copy-coded
 * folder the data is its packed stream as it is, so a file's bytes start at the folder's pack
 * position plus the sizes of the files before it in that folder. Pure.
 */
final class SevenZipMembers {
    private static final int SIGNATURE_HEADER = 32;

    private SevenZipMembers() {}

    /**
     * @param headerStart where the end header starts in the stream: packed data must end before it
     * @param known       receives, for every stored file with a recorded CRC, its stream offset,
     *                    length and CRC
     */
    static List<Member> map(
            String archive, SevenZipHeader.Header header, SplitStream stream, long headerStart, List<long[]> known)
            throws ArchiveException {
        SevenZipHeader.Streams s = header.streams();
        long[] packStart = new long[s.packSizes().length];
        long at = SIGNATURE_HEADER + s.packPos();
        for (int i = 0; i < packStart.length; i++) {
            packStart[i] = at;
            at += s.packSizes()[i];
            if (at < 0 || at > headerStart) throw ArchiveException.damaged("packed data runs into the end header");
        }
        int[] firstPack = new int[s.folders().size()];
        int packs = 0;
        for (int f = 0; f < firstPack.length; f++) {
            firstPack[f] = packs;
            packs += s.folders().get(f).packedStreams();
        }
        if (packs > packStart.length) throw ArchiveException.damaged("folders use more packed streams than there are");

        List<Member> members = new ArrayList<>();
        int folder = 0;
        int inFolder = 0;
        long offset = 0;
        int substream = 0;
        for (SevenZipHeader.Entry entry : header.entries()) {
            if (!entry.hasStream()) {
                if (entry.emptyFile() && !entry.anti() && !entry.directory()) {
                    members.add(new Member(entry.name(), 0, List.of(), Optional.empty()));
                }
                continue;
            }
            while (folder < s.folders().size() && inFolder == s.unpackStreams()[folder]) {
                folder++;
                inFolder = 0;
                offset = 0;
            }
            if (folder >= s.folders().size() || substream >= s.substreamSizes().length) {
                throw ArchiveException.damaged("more files than data streams");
            }
            long crc = substream < s.substreamCrcs().length ? s.substreamCrcs()[substream] : -1;
            long size = s.substreamSizes()[substream++];
            SevenZipHeader.Folder f = s.folders().get(folder);
            Optional<Refusal> refusal = refusal(archive, entry.name(), f);
            Optional<SevenZipHeader.Coder> aes = sealedCopy(f);
            if (aes.isPresent()) {
                int pack = firstPack[folder];
                if (s.packSizes()[pack] != SevenZipAes.roundUp(f.unpackSize())) {
                    throw ArchiveException.damaged("an encrypted folder's packed size is not its size in whole blocks");
                }
                SevenZipAes.Sealed sealed = SevenZipAes.seal(
                        SevenZipAes.folderSealing(aes.get()), packStart[pack], s.packSizes()[pack], offset, size);
                List<Piece> pieces = size == 0 ? List.of() : stream.pieces(sealed.start(), sealed.length());
                members.add(
                        new Member(entry.name(), size, pieces, Optional.empty(), crc, Optional.of(sealed.sealing())));
            } else if (refusal.isPresent()) {
                members.add(new Member(entry.name(), size, List.of(), refusal, crc));
            } else {
                int pack = firstPack[folder];
                if (s.packSizes()[pack] != f.unpackSize()) {
                    throw ArchiveException.damaged("a stored folder's packed size differs from its size");
                }
                List<Piece> pieces = size == 0 ? List.of() : stream.pieces(packStart[pack] + offset, size);
                members.add(new Member(entry.name(), size, pieces, Optional.empty(), crc));
                if (crc >= 0 && size > 0) known.add(new long[] {packStart[pack] + offset, size, crc});
            }
            offset += size;
            inFolder++;
        }
        return members;
    }

    /** The 7zAES coder of a folder of copy and 7zAES alone (stored, then encrypted). */
    private static Optional<SevenZipHeader.Coder> sealedCopy(SevenZipHeader.Folder folder) {
        List<SevenZipHeader.Coder> coders = folder.coders();
        if (coders.size() == 1 && SevenZipReader.isAes(coders.get(0))) return Optional.of(coders.get(0));
        if (coders.size() != 2 || folder.packedStreams() != 1) return Optional.empty();
        SevenZipHeader.Coder a = coders.get(0);
        SevenZipHeader.Coder b = coders.get(1);
        if (SevenZipReader.isCopy(a) && SevenZipReader.isAes(b)) return Optional.of(b);
        if (SevenZipReader.isAes(a) && SevenZipReader.isCopy(b)) return Optional.of(a);
        return Optional.empty();
    }

    private static Optional<Refusal> refusal(String archive, String name, SevenZipHeader.Folder folder) {
        if (folder.coders().stream().anyMatch(SevenZipReader::isAes)) {
            return Optional.of(
                    new Refusal(Refusal.Reason.ENCRYPTED, name + " in the 7z archive " + archive + " is encrypted"));
        }
        if (folder.coders().size() == 1 && SevenZipReader.isCopy(folder.coders().get(0))) return Optional.empty();
        StringBuilder methods = new StringBuilder();
        for (SevenZipHeader.Coder c : folder.coders())
            methods.append(methods.length() > 0 ? "+" : "").append(c.hex());
        return Optional.of(new Refusal(
                Refusal.Reason.COMPRESSED,
                name + " in the 7z archive " + archive + " is compressed (method " + methods
                        + "); only stored (copy) files can be streamed"));
    }
}
