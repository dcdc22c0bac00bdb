package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.server.store.RefusalRecord;
import io.nzbmount.server.store.SourcePasswords;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An NZB checked and measured, ready to be stored: everything that needed the providers is done.
 *
 * @param nzb         the NZB bytes as received (owned from now on)
 * @param sha256      their SHA-256, lower-case hex
 * @param releaseName the release name
 * @param itemName    the name to give a new item (safe, not yet made unique)
 * @param postedAt    the earliest post date of its files, epoch seconds, 0 when unknown
 * @param files       its files, in NZB order, then the files inside its archives
 * @param presence    the STAT sample
 * @param refused     what it holds that cannot be served (archives and files inside them)
 * @param password    the password that opened its encrypted archives, with where it came from
 */
record PreparedRelease(
        byte[] nzb,
        String sha256,
        String releaseName,
        String itemName,
        long postedAt,
        List<PreparedFile> files,
        PresenceReport presence,
        List<RefusalRecord> refused,
        Optional<SourcePasswords.Stored> password) {
    PreparedRelease {
        Objects.requireNonNull(nzb, "nzb");
        files = List.copyOf(files);
        refused = List.copyOf(refused);
        Objects.requireNonNull(password, "password");
    }

    /**
     * A file of the release: name unique within it, size -1 when it could not be learned.
     *
     * @param volumes for a file inside archive volumes, the NZB positions of the volumes its
     *                map refers to; empty for a file of the NZB
     * @param holes   the ranges of a file of the NZB that its list holds no article for
     * @param crcToVerify for a file inside encrypted archives, the CRC-32 its decrypted bytes are
     *                still to be checked against in the background
     */
    record PreparedFile(
            int index,
            String name,
            long size,
            String mapText,
            boolean media,
            List<Integer> volumes,
            List<ArticleSpan> holes,
            java.util.OptionalLong crcToVerify) {
        PreparedFile {
            volumes = List.copyOf(volumes);
            holes = List.copyOf(holes);
            Objects.requireNonNull(crcToVerify, "crcToVerify");
        }

        /** A file with no CRC to verify. */
        PreparedFile(
                int index,
                String name,
                long size,
                String mapText,
                boolean media,
                List<Integer> volumes,
                List<ArticleSpan> holes) {
            this(index, name, size, mapText, media, volumes, holes, java.util.OptionalLong.empty());
        }

        /** A file without holes. */
        PreparedFile(int index, String name, long size, String mapText, boolean media, List<Integer> volumes) {
            this(index, name, size, mapText, media, volumes, List.of());
        }
    }
}
