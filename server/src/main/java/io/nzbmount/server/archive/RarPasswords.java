package io.nzbmount.server.archive;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Opens a RAR5 set whose files are encrypted: the password check value of the file encryption
 * record rejects a wrong password before any data is read. Stateless.
 */
final class RarPasswords {
    private RarPasswords() {}

    /** The set as it is when a password given passes its check value, else refused. */
    static ArchiveSet open(ArchiveSet set, Map<Integer, RarVolume> byFile, Passwords passwords) {
        if (set.refusal().isPresent() || set.members().stream().noneMatch(m -> m.sealing().isPresent())) return set;
        Optional<RarEntry.Crypt> crypt = set.volumes().stream().map(byFile::get)
                .flatMap(v -> v.entries().stream()).flatMap(e -> e.crypt().stream()).findFirst();
        if (crypt.isEmpty()) return set;
        String archive = "the RAR archive " + set.name() + ": ";
        if (!passwords.given()) return set.refused(new Refusal(Refusal.Reason.ENCRYPTED, archive + SevenZipReader.noPassword().getMessage()));
        if (crypt.get().count() > Rar5Kdf.MAX_COUNT) {
            return set.refused(new Refusal(Refusal.Reason.UNSUPPORTED, archive + "its key work factor 2^" + crypt.get().count()
                    + " is beyond any archiver's"));
        }
        if (crypt.get().check().isEmpty()) {
            return set.refused(new Refusal(Refusal.Reason.UNSUPPORTED, archive + "its encryption record holds no password check"));
        }
        List<String> candidates = passwords.toTry();
        for (String password : candidates) {
            Rar5Kdf kdf = Rar5Kdf.derive(password, crypt.get().salt(), crypt.get().count());
            if (Arrays.equals(kdf.check(), crypt.get().check().get())) {
                passwords.opened(password);
                return set;
            }
        }
        return set.refused(new Refusal(Refusal.Reason.WRONG_PASSWORD, archive
                + SevenZipReader.wrongPassword(candidates.size()).getMessage()));
    }
}
