package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.server.archive.Par2File;
import io.nzbmount.server.library.naming.FileKinds;
import io.nzbmount.server.library.naming.Names;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Gives the files of a release whose names say nothing ({@link FileKinds#looksObfuscated}) their
 * real names: from the file descriptions of every par2 set of the release (a file is recognised
 * by the MD5 of its first 16 KiB and its size, see {@link Par2Sets}), else from the name in its
 * yEnc headers, else the subject's name stays. Files with telling names are left alone and cost
 * nothing.
 *
 * <p>Cost: each nameless file is sized and its first article read (both are needed later anyway:
 * it may be an archive volume); the smallest par2 file of each set is read whole (usually one
 * article each), also when the volumes have telling names (their descriptions check the archive).
 */
final class ReleaseNaming {
    /** The par2 16 KiB hash covers this much of each file. */
    static final int HASHED = 16 * 1024;

    private ReleaseNaming() {}

    /**
     * What naming learned: the par2 files of the release and every file description their sets
     * give (read only when some file needs a name or may be an archive volume).
     */
    record Par2Found(Set<Integer> files, List<Par2File> descriptions) {
        Par2Found {
            files = Set.copyOf(files);
            descriptions = List.copyOf(descriptions);
        }
    }

    /**
     * Renames the nameless files of {@code volumes} in place.
     *
     * @throws IOException when a nameless file cannot be sized or its first article read now (a
     *     file whose first article is gone for good keeps its name)
     */
    static Par2Found name(ReleaseVolumes volumes, ArchiveReader formats) throws IOException {
        Set<Integer> par2 = new HashSet<>();
        Set<Integer> nameless = new HashSet<>();
        boolean volumesNamed = false;
        for (int i = 0; i < volumes.count(); i++) {
            if (FileKinds.isPar2Name(volumes.name(i))) par2.add(i);
            else if (FileKinds.looksObfuscated(volumes.name(i))) nameless.add(i);
            else volumesNamed |= FileKinds.isArchiveVolume(volumes.name(i));
        }
        if (nameless.isEmpty() && !(volumesNamed && !par2.isEmpty())) return new Par2Found(par2, List.of());
        Set<Integer> unreadable = new HashSet<>();
        for (int i : nameless) {
            try {
                if (formats.isPar2(volumes.head(i))) par2.add(i);
            } catch (ReadFailure e) {
                if (!e.permanent()) throw e;
                // Its first article is gone: it keeps the subject's name, and sizing it later says the rest.
                unreadable.add(i);
            }
        }
        nameless.removeAll(par2);
        nameless.removeAll(unreadable);
        List<Par2File> descriptions = Par2Sets.read(volumes, formats, par2);
        Map<Integer, String> real = Par2Sets.match(volumes, nameless, descriptions);
        for (int i : nameless) {
            Optional<String> name = Optional.ofNullable(real.get(i));
            if (name.isEmpty()) name = volumes.sized(i).postedName().filter(n -> !FileKinds.looksObfuscated(n));
            name.map(ReleaseNaming::lastSegment).flatMap(Names::safeSegment).ifPresent(n -> volumes.rename(i, n));
        }
        return new Par2Found(par2, descriptions);
    }

    /** The hex MD5 of the first 16 KiB of a file of {@code size} bytes starting with {@code head}. */
    static String hash16k(byte[] head, long size) {
        int n = (int) Math.min(HASHED, size);
        if (head.length < n) return "";
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(Arrays.copyOf(head, n)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }

    private static String lastSegment(String path) {
        String s = path.replace('\\', '/');
        return s.substring(s.lastIndexOf('/') + 1);
    }
}
