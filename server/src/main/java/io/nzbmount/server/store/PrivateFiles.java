package io.nzbmount.server.store;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Modes of the files that hold secrets: the data directory (0700) and the database with its WAL
 * and shared-memory files (0600). Provider passwords, indexer keys, the API key and the login
 * live in the database, so no other local account, container or backup job should read it. Made
 * with those modes when new (SQLite gives {@code -wal} and {@code -shm} its database file's);
 * existing ones are left as the owner set them, and {@link #looseness} says when they are looser.
 * On file systems without POSIX modes nothing is set. Stateless.
 */
final class PrivateFiles {

    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {}

    /** Creates {@code dir} (0700) and its missing parents (as the umask says) unless it exists. */
    static void directory(Path dir) throws IOException {
        if (Files.isDirectory(dir)) return;
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        try {
            if (posix(parent == null ? dir : parent)) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(DIRECTORY));
            } else {
                Files.createDirectory(dir);
            }
        } catch (FileAlreadyExistsException raced) {
            if (!Files.isDirectory(dir)) throw raced;
        }
    }

    /** Creates the empty file {@code file} (0600) unless it exists. */
    static void file(Path file) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) return;
        try {
            if (posix(file.toAbsolutePath().getParent())) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE));
            } else {
                Files.createFile(file);
            }
        } catch (FileAlreadyExistsException raced) {
            // Another process made it first: its mode is reported like any existing file's.
        }
    }

    /**
     * What is looser than it should be about {@code path} (its mode and the chmod that fixes it);
     * empty when it is private enough, missing, or has no POSIX mode.
     */
    static Optional<String> looseness(Path path, boolean directory) {
        try {
            if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS) || !posix(path)) return Optional.empty();
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
            Set<PosixFilePermission> others = EnumSet.copyOf(mode);
            others.removeAll(EnumSet.of(
                    PosixFilePermission.OWNER_READ,
                    PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE));
            if (others.isEmpty()) return Optional.empty();
            return Optional.of(path + " is " + PosixFilePermissions.toString(mode) + " (chmod "
                    + (directory ? "700" : "600") + " it)");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static boolean posix(Path path) {
        return path != null && Files.getFileAttributeView(path, PosixFileAttributeView.class) != null;
    }
}
