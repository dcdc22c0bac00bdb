package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.Slice;
import io.nzbmount.server.archive.ArchiveScan;
import io.nzbmount.server.archive.ArchiveSet;
import io.nzbmount.server.archive.Member;
import io.nzbmount.server.archive.Par2File;
import io.nzbmount.server.archive.Passwords;
import io.nzbmount.server.archive.Piece;
import io.nzbmount.server.archive.Refusal;
import io.nzbmount.server.archive.Sealing;
import io.nzbmount.server.library.naming.FileKinds;
import io.nzbmount.server.library.naming.MediaRules;
import io.nzbmount.server.store.RefusalRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The archives of a release, as the library serves them: the files inside that can be served
 * (stored, unencrypted, all volumes there) with where their bytes sit, the release files that are
 * archive volumes, and what was refused with why. Immutable.
 *
 * @param files    the servable files inside archives
 * @param archived the NZB positions of the files that are archive volumes (never served as they are)
 * @param refused  refused archives, and refused files inside archives that are not extras
 * @param password the password that opened the encrypted archives, when one did (a secret)
 */
record ArchiveContent(
        List<InnerFile> files, Set<Integer> archived, List<RefusalRecord> refused, Optional<String> password) {
    ArchiveContent {
        files = List.copyOf(files);
        archived = Set.copyOf(archived);
        refused = List.copyOf(refused);
        java.util.Objects.requireNonNull(password, "password");
    }

    ArchiveContent(List<InnerFile> files, Set<Integer> archived, List<RefusalRecord> refused) {
        this(files, archived, refused, Optional.empty());
    }

    @Override
    public String toString() {
        return "ArchiveContent[files=" + files + ", archived=" + archived + ", refused=" + refused + "]";
    }

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ArchiveContent.class);

    static final ArchiveContent NONE = new ArchiveContent(List.of(), Set.of(), List.of());

    /**
     * A file inside an archive.
     *
     * @param name    its name (the last segment of its path inside the archive)
     * @param archive the archive's name, for messages
     * @param size    its size in bytes, at least 1
     * @param volumes the NZB positions of the volumes that hold its bytes, in volume order
     * @param slices  its bytes in order, as ranges of those volumes (by position in {@code volumes});
     *                for an encrypted file, its run of whole ciphertext blocks
     * @param sealing how the run decrypts to its bytes, for a file in an encrypted archive
     * @param crcToVerify the CRC-32 its archive records, when its decrypted bytes are still to be
     *                checked against it ({@link Member#crcToVerify()})
     */
    record InnerFile(
            String name,
            String archive,
            long size,
            List<Integer> volumes,
            List<Slice> slices,
            Optional<Sealing> sealing,
            java.util.OptionalLong crcToVerify) {
        InnerFile {
            volumes = List.copyOf(volumes);
            slices = List.copyOf(slices);
            java.util.Objects.requireNonNull(sealing, "sealing");
            java.util.Objects.requireNonNull(crcToVerify, "crcToVerify");
        }

        InnerFile(
                String name,
                String archive,
                long size,
                List<Integer> volumes,
                List<Slice> slices,
                Optional<Sealing> sealing) {
            this(name, archive, size, volumes, slices, sealing, java.util.OptionalLong.empty());
        }

        InnerFile(String name, String archive, long size, List<Integer> volumes, List<Slice> slices) {
            this(name, archive, size, volumes, slices, Optional.empty());
        }
    }

    /**
     * Finds the archives among the files that may be volumes: those named as volumes and those
     * whose names say nothing. Reads their first article (cached for everyone); only when one of
     * them starts with an archive signature are the archive headers read.
     *
     * @param skip files known not to be volumes (par2 files)
     * @param par2 the release's par2 file descriptions, which check the archives' volumes
     * @throws IOException when bytes the archive headers need cannot be read
     */
    static ArchiveContent find(ReleaseVolumes volumes, Set<Integer> skip, List<Par2File> par2, ArchiveReader formats)
            throws IOException {
        return find(volumes, skip, par2, formats, Passwords.none());
    }

    /** {@link #find(ReleaseVolumes, Set, List, ArchiveReader)} with the passwords the release offers. */
    static ArchiveContent find(
            ReleaseVolumes volumes, Set<Integer> skip, List<Par2File> par2, ArchiveReader formats, Passwords passwords)
            throws IOException {
        List<Integer> candidates = new ArrayList<>();
        Set<Integer> headless = new HashSet<>();
        List<Integer> unread = new ArrayList<>();
        Set<String> unreadNames = new HashSet<>();
        boolean signature = false;
        for (int i = 0; i < volumes.count(); i++) {
            String name = volumes.name(i);
            if (skip.contains(i) || !(FileKinds.isArchiveVolume(name) || FileKinds.looksObfuscated(name))) continue;
            try {
                signature |= FileKinds.startsArchive(volumes.head(i));
                candidates.add(i);
            } catch (ReadFailure e) {
                // A volume whose head cannot be read is as good as missing: the scan says so.
                if (!e.permanent()) throw e;
                unread.add(i);
                unreadNames.add(volumes.file(i).name());
                if (startsArchive(volumes, i) || describedAsMissingVolume(volumes, i, par2)) headless.add(i);
            }
        }
        if (!signature && headless.isEmpty()) return NONE;
        ArchiveContent found = candidates.isEmpty()
                ? NONE
                : of(formats.scan(volumes.only(candidates, unreadNames), par2, passwords), candidates);
        headless.addAll(postedAgainAsVolumes(volumes, unread, found.archived()));
        if (headless.isEmpty()) return found;
        // Articles smaller than the head leave its first bytes readable when a later one is gone:
        // a file that starts as an archive, or that par2 says is a volume, is one the scan lacks,
        // never a file to serve as it is.
        Set<Integer> archived = new HashSet<>(found.archived());
        archived.addAll(headless);
        return new ArchiveContent(found.files(), archived, found.refused(), found.password());
    }

    /**
     * The unread files that the NZB names as it names a file the scan found to be an archive
     * volume: a part posted again whose copy cannot be read. Whether the set was served or refused,
     * such a file is that part, never a loose file to serve.
     */
    private static Set<Integer> postedAgainAsVolumes(
            ReleaseVolumes volumes, List<Integer> unread, Set<Integer> archived) {
        Set<String> volumeNames = new HashSet<>();
        for (int v : archived) volumeNames.add(volumes.file(v).name());
        Set<Integer> again = new HashSet<>();
        for (int i : unread) if (volumeNames.contains(volumes.file(i).name())) again.add(i);
        return again;
    }

    /**
     * Whether par2 describes an archive volume of the file's size that no file of the release is
     * named after: the file is that volume when its head cannot be hashed to prove it. A later part
     * of a split 7z starts with data, so no signature can say what it is.
     */
    private static boolean describedAsMissingVolume(ReleaseVolumes volumes, int i, List<Par2File> par2)
            throws IOException {
        long size;
        try {
            size = volumes.sized(i).size();
        } catch (ReadFailure e) {
            if (!e.permanent()) throw e;
            return false;
        }
        Set<String> named = new HashSet<>();
        for (int k = 0; k < volumes.count(); k++) named.add(volumes.name(k));
        for (Par2File f : par2) {
            if (f.size() == size && FileKinds.isArchiveVolume(f.name()) && !named.contains(f.name())) return true;
        }
        return false;
    }

    /** Whether the file's first bytes are an archive signature; false when they cannot be read for good. */
    private static boolean startsArchive(ReleaseVolumes volumes, int i) throws IOException {
        try {
            return FileKinds.startsArchive(volumes.first(i, 8));
        } catch (ReadFailure e) {
            if (!e.permanent()) throw e;
            return false;
        }
    }

    /** Turns a scan of the files at {@code positions} (NZB positions, in the scan's order) into content. */
    static ArchiveContent of(ArchiveScan scan, List<Integer> positions) {
        List<InnerFile> files = new ArrayList<>();
        Set<Integer> archived = new HashSet<>();
        for (int v : scan.archived()) archived.add(positions.get(v));
        List<RefusalRecord> refused = new ArrayList<>();
        for (ArchiveSet set : scan.sets()) {
            LOG.info(
                    "archive {} ({} volumes): order {}{}",
                    set.name(),
                    set.volumes().size(),
                    set.order().name().toLowerCase(Locale.ROOT),
                    set.refusal().map(r -> ", refused: " + r.message()).orElse(""));
            for (int v : set.volumes()) archived.add(positions.get(v));
            set.refusal().ifPresent(r -> refused.add(record(set.name(), r)));
            if (set.refusal().isPresent()) continue;
            for (Member m : set.members()) {
                if (m.refusal().isPresent()) {
                    if (!MediaRules.isExtraByName(m.name()))
                        refused.add(record(m.name(), m.refusal().get()));
                } else if (m.size() > 0) {
                    files.add(inner(set, m, positions));
                }
            }
        }
        return new ArchiveContent(files, archived, refused, scan.password());
    }

    private static InnerFile inner(ArchiveSet set, Member m, List<Integer> positions) {
        // Only the volumes the member runs through go with it, in volume order.
        Set<Integer> touched = new HashSet<>();
        for (Piece p : m.pieces()) touched.add(p.file());
        Map<Integer, Integer> used = new HashMap<>();
        List<Integer> volumes = new ArrayList<>();
        for (int v : set.volumes()) {
            if (touched.contains(v) && !used.containsKey(v)) {
                used.put(v, volumes.size());
                volumes.add(positions.get(v));
            }
        }
        for (int v : touched) {
            if (!used.containsKey(v)) {
                used.put(v, volumes.size());
                volumes.add(positions.get(v));
            }
        }
        List<Slice> slices = m.pieces().stream()
                .map(p -> new Slice(used.get(p.file()), p.offset(), p.length()))
                .toList();
        String path = m.name().replace('\\', '/');
        return new InnerFile(
                path.substring(path.lastIndexOf('/') + 1),
                set.name(),
                m.size(),
                volumes,
                slices,
                m.sealing(),
                m.crcToVerify() ? java.util.OptionalLong.of(m.crc()) : java.util.OptionalLong.empty());
    }

    private static RefusalRecord record(String name, Refusal r) {
        return new RefusalRecord(
                name, r.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'), r.message());
    }
}
