package io.nzbmount.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An exclusive hold on a data directory, so that one NZBMount at a time imports, proves standbys
 * and writes events into its database. The hold is an OS lock on {@code dataDir/nzbmount.lock}
 * (it dies with its process, so a lock file left by a killed server never blocks a new start),
 * plus a set of the directories this JVM holds, because OS file locks belong to the process.
 *
 * <p>The file holds the owner's pid, for the message only; the OS lock alone decides.
 *
 * <p>On Linux a process's lock on a file goes away when it closes <em>any</em> descriptor of
 * that file. So nothing else in this JVM may open the lock file while it is held, and a second
 * attempt in the same JVM is refused from the set before it opens the file.
 *
 * <p>Thread-safe; {@link #close} is idempotent.
 */
public final class DataDirLock implements AutoCloseable {
    static final String FILE_NAME = "nzbmount.lock";
    private static final Logger LOG = LoggerFactory.getLogger(DataDirLock.class);

    /** Real paths of the data directories held by this JVM. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path dir;
    /** Closing it releases the OS lock. */
    private final FileChannel channel;

    private final AtomicBoolean closed = new AtomicBoolean();

    private DataDirLock(Path dir, FileChannel channel) {
        this.dir = dir;
        this.channel = channel;
    }

    /**
     * Takes the lock on the existing directory {@code dataDir}. On a file system without file locks it logs a warning
     * and guards the directory within this JVM only.
     *
     * @throws StoreException when another NZBMount, in this process or another, holds it, or the
     *     lock file cannot be opened
     */
    public static DataDirLock acquire(Path dataDir) throws StoreException {
        Path dir;
        try {
            dir = dataDir.toRealPath();
        } catch (IOException e) {
            throw new StoreException("cannot use data directory " + dataDir + ": " + e.getMessage(), e);
        }
        Path file = dir.resolve(FILE_NAME);
        long self = ProcessHandle.current().pid();
        if (!HELD.add(dir)) throw inUse(dir, file, OptionalLong.of(self), null);
        FileChannel channel = null;
        boolean held = false;
        try {
            PrivateFiles.file(file);
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (IOException e) {
                // Some network and container file systems have no locks (ENOLCK): the server still
                // runs there, and the log says what is not guarded.
                LOG.warn(
                        "file locks do not work in {} ({}); a second NZBMount on this data directory would not be"
                                + " refused",
                        dir,
                        e.getMessage());
                held = true;
                return new DataDirLock(dir, channel);
            }
            if (lock == null) throw inUse(dir, file, ownerPid(channel), null);
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((self + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(false);
            held = true;
            return new DataDirLock(dir, channel);
        } catch (OverlappingFileLockException e) {
            // Only code outside this class, locking the same file, gets here.
            throw inUse(dir, file, OptionalLong.of(self), e);
        } catch (IOException e) {
            throw new StoreException(
                    "cannot lock data directory " + dir + " (lock file " + file + "): " + e.getMessage(), e);
        } finally {
            if (!held) {
                closeQuietly(channel);
                HELD.remove(dir);
            }
        }
    }

    /** Releases the lock; the file stays, as deleting it would race with a starting server. */
    @Override
    public void close() throws StoreException {
        if (!closed.compareAndSet(false, true)) return;
        try {
            channel.close();
        } catch (IOException e) {
            throw new StoreException("cannot release the lock on data directory " + dir + ": " + e.getMessage(), e);
        } finally {
            HELD.remove(dir);
        }
    }

    private static StoreException inUse(Path dir, Path file, OptionalLong owner, Throwable cause) {
        String who = owner.isPresent() ? "pid " + owner.getAsLong() + ", " : "";
        return new StoreException(
                "data directory " + dir + " is in use by another NZBMount (" + who + "lock file " + file
                        + "); stop it or choose another server.dataDir",
                cause);
    }

    /** The pid the holder wrote, if readable: on some systems a locked file cannot be read. */
    private static OptionalLong ownerPid(FileChannel channel) {
        try {
            ByteBuffer buffer = ByteBuffer.allocate(32);
            channel.read(buffer, 0);
            String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).strip();
            return OptionalLong.of(Long.parseLong(text));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing more can be done; the lock, if any, dies with the channel or the process.
        }
    }
}
