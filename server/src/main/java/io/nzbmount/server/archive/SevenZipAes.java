package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * 7z's {@code 7zAES} coder: its properties (work factor, salt, IV), the sealing of members in a
 * folder of copy + 7zAES, and the proof that a password opens an archive whose headers are not
 * encrypted. Stateless; thread-safe.
 */
final class SevenZipAes {
    /** Bytes of a member's start decrypted to recognise its container (an MPEG-TS needs 377). */
    private static final int PROOF_BYTES = 384;
    /** 7-Zip writes 2^19; anything past 2^24 would hold an import for minutes. */
    private static final int MAX_CYCLES = 24;

    private static final int NO_HASHING = 0x3F;

    private SevenZipAes() {}

    /** The coder's properties as a sealing of the folder's first block (lead 0). */
    static Sealing folderSealing(SevenZipHeader.Coder coder) throws ArchiveException {
        byte[] p = coder.properties();
        if (p.length < 1) throw ArchiveException.damaged("7zAES coder without properties");
        int cycles = p[0] & 0x3F;
        if (cycles > MAX_CYCLES && cycles != NO_HASHING) {
            throw new ArchiveException(
                    Refusal.Reason.UNSUPPORTED, "its key work factor 2^" + cycles + " is beyond any archiver's");
        }
        if ((p[0] & 0xC0) == 0)
            return new Sealing(Sealing.Kdf.SEVEN_ZIP, cycles, new byte[0], new byte[Sealing.BLOCK], 0);
        if (p.length < 2) throw ArchiveException.damaged("7zAES properties are cut short");
        int saltSize = ((p[0] >>> 7) & 1) + ((p[1] & 0xFF) >>> 4);
        int ivSize = ((p[0] >>> 6) & 1) + (p[1] & 0x0F);
        if (p.length < 2 + saltSize + ivSize || ivSize > Sealing.BLOCK)
            throw ArchiveException.damaged("7zAES properties are cut short");
        byte[] salt = Arrays.copyOfRange(p, 2, 2 + saltSize);
        byte[] iv = Arrays.copyOf(Arrays.copyOfRange(p, 2 + saltSize, 2 + saltSize + ivSize), Sealing.BLOCK);
        return new Sealing(Sealing.Kdf.SEVEN_ZIP, cycles, salt, iv, 0);
    }

    /**
     * Where the member at {@code offset} of a sealed folder's plaintext lies: the run of whole
     * ciphertext blocks from the one before its first byte (or from the folder's first block,
     * chained from the IV).
     *
     * @param packStart the folder's packed stream start in the archive stream
     * @return {run start in the stream, run length} and the member's sealing
     */
    static Sealed seal(Sealing folder, long packStart, long packSize, long offset, long size) throws ArchiveException {
        long block = offset / Sealing.BLOCK;
        long end = roundUp(offset + size);
        if (end > packSize) throw ArchiveException.damaged("an encrypted file runs past its folder's data");
        if (block == 0) {
            Sealing s = new Sealing(folder.kdf(), folder.cycles(), folder.salt(), folder.iv(), (int) offset);
            return new Sealed(packStart, end, s);
        }
        long start = (block - 1) * Sealing.BLOCK;
        Sealing s = new Sealing(folder.kdf(), folder.cycles(), folder.salt(), new byte[0], (int)
                (Sealing.BLOCK + offset % Sealing.BLOCK));
        return new Sealed(packStart + start, end - start, s);
    }

    /** A member's run of ciphertext in the stream and its sealing. */
    record Sealed(long start, long length, Sealing sealing) {}

    static long roundUp(long n) {
        return (n + Sealing.BLOCK - 1) / Sealing.BLOCK * Sealing.BLOCK;
    }

    /**
     * Decrypts the first bytes of a member with each password in turn and keeps the first that
     * turns them into a known container's signature ({@link Containers}).
     *
     * @return the password that opens it; empty when none does
     */
    static Optional<String> prove(SplitStream stream, Member member, List<Piece> run, List<String> passwords)
            throws IOException, ArchiveException {
        Sealing s = member.sealing().orElseThrow();
        long runLength = run.stream().mapToLong(Piece::length).sum();
        int take = (int) Math.min(runLength, roundUp(s.lead() + Math.min(member.size(), PROOF_BYTES)));
        byte[] cipher = readRun(stream, run, take);
        for (String password : passwords) {
            byte[] head = AesKeys.openRun(
                    s, AesKeys.key(s, password), cipher, (int) Math.min(member.size(), cipher.length - s.lead()));
            if (Containers.known(head)) return Optional.of(password);
        }
        return Optional.empty();
    }

    private static byte[] readRun(SplitStream stream, List<Piece> run, int length)
            throws IOException, ArchiveException {
        byte[] out = new byte[length];
        int at = 0;
        for (Piece p : run) {
            if (at == length) break;
            int n = (int) Math.min(p.length(), length - at);
            byte[] b = stream.readPiece(p, n);
            System.arraycopy(b, 0, out, at, n);
            at += n;
        }
        return out;
    }
}
