package io.nzbmount.server.sabnzbd;

import io.nzbmount.config.DownloadSettings.Layout;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.naming.Names;
import io.nzbmount.server.streamlink.StreamLinks;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/**
 * Makes and removes job folders, {@code <completeDir>/<category dir>/<job>}: what Sonarr and Radarr
 * import. Per media file of the item, a {@code .strm} file holding the file's WebDAV URL (or a signed
 * stream link to it, {@code downloads.strmLinks: signed}), or a
 * symbolic link to the file where {@code /dav/} is mounted ({@code mountPath/library/<item>/<file>}).
 * A folder appears whole or not at all (made under a hidden name, then renamed). Only what it made
 * is ever removed: links are removed, never followed. Thread safe.
 */
final class JobFolders {

    /**
     * How long a signed link in a {@code .strm} file is valid: a library's files are kept for years,
     * and deleting the data directory's stream link secret revokes them all at once.
     */
    static final Duration STRM_LINK_VALIDITY = Duration.ofDays(3650);

    private final Path completeDir;
    private final Layout layout;
    private final Optional<Path> mountPath;
    /** One folder made or removed at a time; not a monitor, as file I/O under one pins a virtual thread's carrier on JDK 21. */
    private final ReentrantLock lock = new ReentrantLock();

    private final Optional<StreamLinks> signed;

    /** @param completeDir absolute; made when missing */
    JobFolders(Path completeDir, Layout layout, Optional<Path> mountPath) {
        this(completeDir, layout, mountPath, Optional.empty());
    }

    /**
     * @param signed when present, a {@code .strm} file holds a signed stream link to its file
     *               ({@code /s/<token>/<file>}, valid for {@link #STRM_LINK_VALIDITY}) instead of its
     *               WebDAV URL
     */
    JobFolders(Path completeDir, Layout layout, Optional<Path> mountPath, Optional<StreamLinks> signed) {
        this.completeDir = completeDir.toAbsolutePath().normalize();
        this.layout = Objects.requireNonNull(layout, "layout");
        this.mountPath = Objects.requireNonNull(mountPath, "mountPath");
        this.signed = Objects.requireNonNull(signed, "signed");
        if (layout == Layout.SYMLINK && mountPath.isEmpty()) {
            throw new IllegalArgumentException("the symlink layout needs a mount path");
        }
    }

    Path completeDir() {
        return completeDir;
    }

    /** The folder of a category: its name under completeDir; completeDir itself for "*". */
    Path categoryDir(String category) {
        return category.equals("*") ? completeDir : completeDir.resolve(category);
    }

    /**
     * Makes the job's folder with one entry per media file of {@code item}, under a free name made
     * from {@code jobName} (" (2)", " (3)", ... when taken), and returns it.
     *
     * @param baseUri what a {@code .strm} URL starts with ({@code http://host:port/})
     */
    Path create(String category, String jobName, ItemView item, URI baseUri) throws IOException {
        lock.lock();
        try {
            return createLocked(category, jobName, item, baseUri);
        } finally {
            lock.unlock();
        }
    }

    private Path createLocked(String category, String jobName, ItemView item, URI baseUri) throws IOException {
        Path parent = categoryDir(category);
        Files.createDirectories(parent);
        String base = Names.safeSegment(jobName).orElse("Untitled");
        Path staging = Files.createTempDirectory(parent, ".nzbmount-job-");
        try {
            Set<String> taken = new HashSet<>();
            for (LibraryFileView f : item.files()) write(staging, item.item().id(), f, baseUri, taken);
            for (int n = 1; ; n++) {
                Path target = parent.resolve(n == 1 ? base : base + " (" + n + ")");
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) continue;
                try {
                    Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                    return target;
                } catch (FileAlreadyExistsException raced) {
                    // Taken between the check and the move: try the next name.
                }
            }
        } catch (IOException | RuntimeException e) {
            removeTree(staging);
            throw e;
        }
    }

    private void write(Path folder, long itemId, LibraryFileView f, URI baseUri, Set<String> taken) throws IOException {
        if (layout == Layout.STRM) {
            String name = Names.stem(f.name()) + ".strm";
            if (!taken.add(name)) name = f.name() + ".strm";
            taken.add(name);
            String url = signed.map(links -> baseUri.resolve(
                                    links.path(itemId, f.name(), links.now().plus(STRM_LINK_VALIDITY)))
                            .toString())
                    .orElseGet(() -> strmUrl(baseUri, f));
            Files.writeString(folder.resolve(name), url + "\n", StandardCharsets.UTF_8);
        } else {
            Files.createSymbolicLink(folder.resolve(f.name()), linkTarget(f));
        }
    }

    /** The URL a {@code .strm} file holds: the file's WebDAV path on the address the client used. */
    static String strmUrl(URI baseUri, LibraryFileView f) {
        return baseUri.resolve(f.davPath()).toString();
    }

    /** Where a symlink points: the file under the mount of {@code /dav/}. */
    Path linkTarget(LibraryFileView f) {
        String path = URI.create(f.davPath()).getPath();
        String underDav = path.substring(path.indexOf("/dav/") + "/dav/".length());
        Path target = mountPath.orElseThrow();
        for (String segment : underDav.split("/")) target = target.resolve(segment);
        return target;
    }

    /**
     * Removes a job folder and what is in it (links themselves, never their targets). Does nothing
     * for a path that is not a folder directly under a category folder of completeDir.
     */
    void remove(Path folder) throws IOException {
        Path f = folder.toAbsolutePath().normalize();
        if (!f.startsWith(completeDir) || f.equals(completeDir)) return;
        lock.lock();
        try {
            if (!Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) return;
            removeTree(f);
        } finally {
            lock.unlock();
        }
    }

    private static void removeTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) return;
        if (Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            List<Path> entries;
            try (Stream<Path> s = Files.list(root)) {
                entries = s.toList();
            }
            for (Path e : entries) removeTree(e);
        }
        Files.deleteIfExists(root);
    }
}
