package io.nzbmount.server.archive;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * Holds a posted volume to what par2 says of the file of its name: the same size, and the same
 * MD5 of the first 16 KiB. A volume posted under another volume's name (a repost, a swap) fails
 * here before its headers are trusted. Stateless.
 */
final class Par2Check {
    private static final int HASHED = 16 * 1024;

    private Par2Check() {}

    /** Why the volume is not the file par2 describes under its name; empty when it is, or par2 does not describe it. */
    static Optional<Refusal> against(String archive, VolumeBytes file, Map<String, Par2File> par2) throws IOException {
        Par2File described = par2.get(file.name());
        if (described == null) return Optional.empty();
        if (described.size() != file.size()) {
            return conflict("par2 says " + file.name() + " of the archive " + archive + " has " + described.size()
                    + " bytes, but the posted file has " + file.size());
        }
        byte[] head = file.readUpTo(0, (int) Math.min(HASHED, file.size()));
        if (!Arrays.equals(md5(head), described.hash16k())) {
            return conflict(file.name() + " of the archive " + archive + " does not start as par2 says the file of"
                    + " that name does: another volume was posted under its name");
        }
        return Optional.empty();
    }

    private static Optional<Refusal> conflict(String message) {
        return Optional.of(new Refusal(Refusal.Reason.CONFLICT, message));
    }

    private static byte[] md5(byte[] data) {
        try {
            return MessageDigest.getInstance("MD5").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
