package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Opens a RAR set whose files are encrypted, proving the password before a byte is served:
 * <ul>
 * <li>RAR5: the password check value of the file encryption record rejects a wrong one before any
 *     data is read;</li>
 * <li>RAR4 with encrypted headers ({@code -hp}): the password already decrypted the headers to
 *     their CRCs while they were read ({@link Rar4SealedHeaders});</li>
 * <li>RAR4 {@code -p} alone has no check value: the first bytes of the largest member must
 *     decrypt to a known container's signature ({@link Containers}). Its members' CRCs are left
 *     to verify once their bytes are read ({@link Member#crcToVerify()}).</li>
 * </ul>
 * Stateless.
 */
final class RarPasswords {
    /** Bytes of a member's start decrypted to recognise its container (an MPEG-TS needs 377). */
    private static final int PROOF_BYTES = 384;

    private RarPasswords() {}

    /** The set as it is when a password given opens it, else refused. */
    static ArchiveSet open(ArchiveSet set, Map<Integer, RarVolume> byFile, VolumeBytes[] files, Passwords passwords)
            throws IOException {
        if (set.refusal().isPresent()
                || set.members().stream().noneMatch(m -> m.sealing().isPresent())) return set;
        Optional<RarEntry.Crypt> crypt = set.volumes().stream()
                .map(byFile::get)
                .flatMap(v -> v.entries().stream())
                .flatMap(e -> e.crypt().stream())
                .findFirst();
        if (crypt.isEmpty()) return set;
        String archive = "the RAR archive " + set.name() + ": ";
        if (!passwords.given())
            return set.refused(new Refusal(
                    Refusal.Reason.ENCRYPTED,
                    archive + SevenZipReader.noPassword().getMessage()));
        List<String> candidates = passwords.toTry();
        Optional<String> opens;
        if (crypt.get().kdf() == Sealing.Kdf.RAR3) {
            Optional<Passwords.Opened> headers = set.volumes().stream()
                    .map(byFile::get)
                    .flatMap(v -> v.headerPassword().stream())
                    .findFirst();
            if (headers.isEmpty()) {
                Optional<String> bySignature = byContainer(set, files, candidates);
                if (bySignature.isPresent()) {
                    passwords.opened(bySignature.get());
                    return set.provedBySignature();
                }
            }
            opens = headers.map(Passwords.Opened::password);
        } else {
            Optional<Refusal> unusable = rar5Unusable(crypt.get(), archive);
            if (unusable.isPresent()) return set.refused(unusable.get());
            Sealing sealing = new Sealing(
                    Sealing.Kdf.RAR5,
                    crypt.get().count(),
                    crypt.get().salt(),
                    crypt.get().iv(),
                    0);
            opens = candidates.stream()
                    .filter(p -> Arrays.equals(
                            AesKeys.passwordCheck(sealing, p),
                            crypt.get().check().get()))
                    .findFirst();
        }
        if (opens.isEmpty()) {
            return set.refused(new Refusal(
                    Refusal.Reason.WRONG_PASSWORD,
                    archive + SevenZipReader.wrongPassword(candidates.size()).getMessage()));
        }
        passwords.opened(opens.get());
        return set;
    }

    private static Optional<Refusal> rar5Unusable(RarEntry.Crypt crypt, String archive) {
        if (crypt.count() > Rar5Kdf.MAX_COUNT) {
            return Optional.of(new Refusal(
                    Refusal.Reason.UNSUPPORTED,
                    archive + "its key work factor 2^" + crypt.count() + " is beyond any archiver's"));
        }
        if (crypt.check().isEmpty()) {
            return Optional.of(
                    new Refusal(Refusal.Reason.UNSUPPORTED, archive + "its encryption record holds no password check"));
        }
        return Optional.empty();
    }

    /** The first password that decrypts the start of the set's largest member to a known container. */
    private static Optional<String> byContainer(ArchiveSet set, VolumeBytes[] files, List<String> candidates)
            throws IOException {
        Optional<Member> largest = set.members().stream()
                .filter(m -> m.sealing().isPresent() && m.size() > 0)
                .max(Comparator.comparingLong(Member::size));
        if (largest.isEmpty()) return Optional.of(candidates.get(0)); // nothing to serve, nothing to prove
        Member m = largest.get();
        int take = (int) Math.min(m.size(), PROOF_BYTES);
        byte[] run = start(files, m.pieces(), SevenZipAes.roundUp(take));
        for (String password : candidates) {
            if (Containers.known(AesKeys.open(m.sealing().get(), password, run, take))) return Optional.of(password);
        }
        return Optional.empty();
    }

    /** The first {@code length} bytes of a member's pieces. */
    private static byte[] start(VolumeBytes[] files, List<Piece> pieces, long length) throws IOException {
        byte[] out = new byte[(int) length];
        int at = 0;
        for (Piece p : pieces) {
            if (at == length) break;
            int n = (int) Math.min(p.length(), length - at);
            byte[] got = files[p.file()].readUpTo(p.offset(), n);
            if (got.length != n) throw new IOException(files[p.file()].name() + " ends inside a member's data");
            System.arraycopy(got, 0, out, at, n);
            at += n;
        }
        return out;
    }
}
