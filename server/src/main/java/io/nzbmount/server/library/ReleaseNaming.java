package io.nzbmount.server.library;

import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.server.archive.Par2File;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the files of a release whose names say nothing ({@link FileKinds#looksObfuscated}) their
 * real names: from the release's par2 file descriptions (a file is recognised by the MD5 of its
 * first 16 KiB), else from the name in its yEnc headers, else the subject's name stays. Files
 * with telling names are left alone and cost nothing.
 *
 * <p>Cost: each nameless file is sized and its first article read (both are needed later anyway:
 * it may be an archive volume); the smallest par2 file is read whole (usually one article).
 */
final class ReleaseNaming {
    private static final Logger LOG = LoggerFactory.getLogger(ReleaseNaming.class);

    /** The par2 16 KiB hash covers this much of each file. */
    static final int HASHED = 16 * 1024;

    private ReleaseNaming() {
    }

    /**
     * Renames the nameless files of {@code volumes} in place.
     *
     * @return the positions of the par2 files, found by name or by content
     * @throws IOException when a nameless file cannot be sized or its first article read now (a
     *     file whose first article is gone for good keeps its name)
     */
    static Set<Integer> name(ReleaseVolumes volumes, ArchiveReader formats) throws IOException {
        Set<Integer> par2 = new HashSet<>();
        Set<Integer> nameless = new HashSet<>();
        for (int i = 0; i < volumes.count(); i++) {
            if (FileKinds.isPar2Name(volumes.name(i))) par2.add(i);
            else if (FileKinds.looksObfuscated(volumes.name(i))) nameless.add(i);
        }
        if (nameless.isEmpty()) return par2;
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
        Map<String, String> byHash = descriptions(volumes, formats, par2);
        for (int i : nameless) {
            Optional<String> real = Optional.ofNullable(byHash.get(hash16k(volumes.head(i), volumes.sized(i).size())));
            if (real.isEmpty()) {
                real = volumes.sized(i).postedName().filter(n -> !FileKinds.looksObfuscated(n));
            }
            real.map(ReleaseNaming::lastSegment).flatMap(Names::safeSegment).ifPresent(n -> volumes.rename(i, n));
        }
        return par2;
    }

    /** The real names by hex MD5 of the first 16 KiB, from the smallest readable par2 file. */
    private static Map<String, String> descriptions(ReleaseVolumes volumes, ArchiveReader formats, Set<Integer> par2) {
        Map<String, String> byHash = new HashMap<>();
        List<Integer> bySize = par2.stream()
                .sorted((a, b) -> Long.compare(volumes.file(a).encodedBytes(), volumes.file(b).encodedBytes()))
                .toList();
        for (int i : bySize) {
            try {
                long size = volumes.sized(i).size();
                if (size > Integer.MAX_VALUE) continue;
                for (Par2File f : formats.par2Files(volumes.read(i, 0, (int) size))) {
                    byHash.putIfAbsent(HexFormat.of().formatHex(f.hash16k()), f.name());
                }
                if (!byHash.isEmpty()) return byHash;
            } catch (IOException e) {
                // Another par2 file of the set may still be readable; names are a comfort, not a need.
                LOG.debug("par2 file {} unreadable: {}", volumes.name(i), e.toString());
            }
        }
        return byHash;
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
