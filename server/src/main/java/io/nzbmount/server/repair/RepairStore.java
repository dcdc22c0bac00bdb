package io.nzbmount.server.repair;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The bytes repairs rebuilt, and nothing else: one file per rebuilt slice in
 * {@code <dataDir>/repair/}, named by the MD5 of its bytes (the key par2 itself gives the slice),
 * so the same slice rebuilt twice is stored once and a name can never point at other bytes.
 *
 * <p>The store keeps to a disk budget: a slice that would take it past the budget is refused
 * ({@link BudgetExceeded}), never stored in part; a repair makes room first by giving up the bytes
 * of the repair served least recently ({@link StoreRoom}). A slice is written to a temporary file and moved
 * into place whole, so a reader sees all of it or none; stored files never change, so reads need
 * no lock. Thread-safe.
 */
public final class RepairStore {
    private static final Pattern KEY = Pattern.compile("[0-9a-f]{32}");

    /** One write or clean-up at a time; a lock, not a monitor, as file I/O under a monitor pins a virtual thread's carrier on JDK 21. */
    private final java.util.concurrent.locks.ReentrantLock writes = new java.util.concurrent.locks.ReentrantLock();

    private final Path dir;
    private final long budget;
    private final AtomicLong used = new AtomicLong();

    /** Slices would take the store past its budget. */
    public static final class BudgetExceeded extends IOException {
        BudgetExceeded(String message) {
            super(message);
        }
    }

    /**
     * Opens the store in {@code dataDir/repair}, counting what it holds already.
     *
     * @param budget the most bytes the store may hold
     */
    public RepairStore(Path dataDir, long budget) throws IOException {
        if (budget < 0) throw new IllegalArgumentException("a disk budget is not negative: " + budget);
        this.dir = Files.createDirectories(dataDir.resolve("repair"));
        this.budget = budget;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = p.getFileName().toString();
                if (KEY.matcher(name).matches()) used.addAndGet(Files.size(p));
                else if (name.endsWith(".tmp")) Files.deleteIfExists(p);
            }
        }
    }

    /** Whether {@code bytes} more would still fit the budget. */
    public boolean fits(long bytes) {
        return used.get() + bytes <= budget;
    }

    /**
     * Stores a slice and returns its key (the MD5 of {@code slice} in hex). A slice stored already
     * costs nothing.
     *
     * @throws BudgetExceeded when it would take the store past its budget
     */
    public String put(byte[] slice) throws IOException {
        writes.lock();
        try {
            return putLocked(slice);
        } finally {
            writes.unlock();
        }
    }

    private String putLocked(byte[] slice) throws IOException {
        String key = keyOf(slice);
        Path target = dir.resolve(key);
        if (Files.exists(target)) return key;
        long after = used.addAndGet(slice.length);
        if (after > budget) {
            used.addAndGet(-slice.length);
            throw new BudgetExceeded("the repair store would hold " + after + " bytes, more than its budget of "
                    + budget + " (setting repair.storeMiB)");
        }
        Path temp = Files.createTempFile(dir, key, ".tmp");
        try {
            Files.write(temp, slice);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            used.addAndGet(-slice.length);
            Files.deleteIfExists(temp);
            throw e;
        }
        return key;
    }

    /**
     * Reads {@code length} bytes at {@code offset} of the stored slice {@code key} into
     * {@code dest} at {@code destOffset}.
     *
     * @throws NoSuchFileException when the slice is not stored
     */
    public void read(String key, long offset, byte[] dest, int destOffset, int length) throws IOException {
        if (!KEY.matcher(key).matches()) throw new IllegalArgumentException("not a slice key: " + key);
        try (FileChannel ch = FileChannel.open(dir.resolve(key), StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.wrap(dest, destOffset, length);
            long at = offset;
            while (buf.hasRemaining()) {
                int n = ch.read(buf, at);
                if (n < 0)
                    throw new IOException("stored slice " + key + " is shorter than " + (offset + length) + " bytes");
                at += n;
            }
        }
    }

    /** Whether the slice {@code key} is stored. */
    public boolean holds(String key) {
        return KEY.matcher(key).matches() && Files.exists(dir.resolve(key));
    }

    /** Deletes every stored slice whose key is not in {@code keep}; returns the bytes freed. */
    public long keepOnly(Set<String> keep) throws IOException {
        writes.lock();
        try {
            return keepOnlyLocked(keep);
        } finally {
            writes.unlock();
        }
    }

    private long keepOnlyLocked(Set<String> keep) throws IOException {
        long freed = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = p.getFileName().toString();
                if (!KEY.matcher(name).matches() || keep.contains(name)) continue;
                long size = Files.size(p);
                // A reader that opened it before keeps reading it: the file goes when it closes.
                if (Files.deleteIfExists(p)) {
                    used.addAndGet(-size);
                    freed += size;
                }
            }
        }
        return freed;
    }

    /** The bytes the store holds. */
    public long used() {
        return used.get();
    }

    /** The most bytes it may hold. */
    public long budget() {
        return budget;
    }

    static String keyOf(byte[] slice) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(slice));
        } catch (NoSuchAlgorithmException e) {
            throw new UncheckedIOException(new IOException("no MD5 in this Java runtime", e));
        }
    }
}
