package io.nzbmount.server.streamlink;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;

/**
 * The secret stream links are signed with: 32 random bytes in {@value #FILE_NAME} in the data
 * directory (mode 0600), made on the first start and read on every later one, so links outlive a
 * restart. Deleting the file revokes every link handed out (a new secret is made on the next
 * start). The secret is never logged, shown or returned by the API.
 */
public final class StreamSecret {

    /** The file's name in the data directory. */
    public static final String FILE_NAME = "stream-link.secret";

    private static final int BYTES = 32;

    private StreamSecret() {}

    /**
     * The secret of {@code dataDir} (an existing directory), made now when there is none.
     *
     * @throws IOException when it cannot be read or written, or the file is not 32 bytes
     */
    public static byte[] load(Path dataDir, SecureRandom random) throws IOException {
        Path file = dataDir.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            byte[] fresh = new byte[BYTES];
            random.nextBytes(fresh);
            write(dataDir, file, fresh);
        }
        byte[] secret = Files.readAllBytes(file);
        if (secret.length != BYTES) {
            throw new IOException(file + " must hold " + BYTES + " bytes; delete it to make a new secret"
                    + " (stream links handed out so far stop working)");
        }
        return secret;
    }

    /** Writes under a temporary name (0600 from the start), then moves into place unless another start won. */
    private static void write(Path dir, Path file, byte[] secret) throws IOException {
        boolean posix = Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null;
        Path temp = posix
                ? Files.createTempFile(
                        dir,
                        ".stream-link-",
                        ".tmp",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                : Files.createTempFile(dir, ".stream-link-", ".tmp");
        try {
            Files.write(temp, secret);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file);
            }
        } catch (FileAlreadyExistsException raced) {
            // Another process made it first: its secret is the one.
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
