package io.nzbmount.server.library.watch;

import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.library.importing.NamePassword;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Imports {@code *.nzb} files dropped into {@code dataDir/watch}. A file is taken once it has not
 * changed for {@link #SETTLE} (so a copy still being written is left alone). Imported files (new or
 * already known) move to {@code watch/imported}; refused ones to {@code watch/failed} with a
 * {@code NAME.error.txt} beside them saying why. A refusal that may pass (providers unreachable, a
 * database error) leaves the file in place to be tried again after {@link #RETRY_AFTER}.
 *
 * <p>{@link #scanOnce()} does one round on the caller's thread; {@link #start()} runs rounds every
 * {@link #POLL} on one daemon thread until {@link #close()}. Rounds never overlap.
 */
public final class WatchFolder implements AutoCloseable {

    public static final Duration POLL = Duration.ofSeconds(3);
    public static final Duration SETTLE = Duration.ofSeconds(2);
    public static final Duration RETRY_AFTER = Duration.ofMinutes(1);

    private static final Logger LOG = LoggerFactory.getLogger(WatchFolder.class);

    private final Path watch;
    private final Path imported;
    private final Path failed;
    private final LibraryImporter importer;
    private final Clock clock;
    private final Map<Path, Instant> retryAt = new HashMap<>();
    private ScheduledExecutorService timer;

    public WatchFolder(Path dataDir, LibraryImporter importer, Clock clock) {
        this.watch = dataDir.resolve("watch");
        this.imported = watch.resolve("imported");
        this.failed = watch.resolve("failed");
        this.importer = importer;
        this.clock = clock;
    }

    /** The folder watched. */
    public Path folder() {
        return watch;
    }

    /** Creates the folders and starts polling. */
    public synchronized void start() throws IOException {
        if (timer != null) throw new IllegalStateException("already started");
        createFolders();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "watch-folder");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::scanQuietly, 0, POLL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * One round: imports every settled NZB in the folder.
     *
     * @return how many files were moved to imported or failed
     */
    public synchronized int scanOnce() throws IOException {
        createFolders();
        int moved = 0;
        for (Path file : candidates()) {
            if (handle(file)) moved++;
        }
        return moved;
    }

    private List<Path> candidates() throws IOException {
        Instant now = clock.instant();
        List<Path> ready = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(watch)) {
            for (Path p : dir) {
                if (!Files.isRegularFile(p)
                        || !p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".nzb")) {
                    continue;
                }
                Instant changed = Files.getLastModifiedTime(p).toInstant();
                Instant retry = retryAt.get(p);
                if (changed.plus(SETTLE).isAfter(now) || retry != null && retry.isAfter(now)) continue;
                ready.add(p);
            }
        }
        ready.sort(null);
        retryAt.keySet().retainAll(ready);
        return ready;
    }

    /** Imports one file; true when it was moved away. */
    private boolean handle(Path file) throws IOException {
        String name = file.getFileName().toString();
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(LibraryImporter.MAX_NZB_BYTES + 1);
        }
        try {
            importer.importFile(name, bytes);
            move(file, imported);
            retryAt.remove(file);
            return true;
        } catch (ImportException e) {
            if (e.reason().transientRefusal()) {
                retryLater(file, e.getMessage());
                return false;
            }
            Path moved = move(file, failed);
            Files.writeString(
                    failed.resolve(moved.getFileName() + ".error.txt"),
                    "Not imported: " + e.getMessage() + System.lineSeparator(),
                    StandardCharsets.UTF_8);
            retryAt.remove(file);
            return true;
        } catch (StoreException e) {
            retryLater(file, e.getMessage());
            return false;
        }
    }

    private void retryLater(Path file, String why) {
        // a {{password}} at the end of the file name is a secret: never logged
        LOG.warn(
                "watch folder: {} not imported now, trying again in {} s: {}",
                NamePassword.split(file.getFileName().toString()).name(),
                RETRY_AFTER.toSeconds(),
                why);
        retryAt.put(file, clock.instant().plus(RETRY_AFTER));
    }

    /** Moves {@code file} into {@code folder} under a name not yet taken there. */
    private static Path move(Path file, Path folder) throws IOException {
        String name = file.getFileName().toString();
        String stem = name.substring(0, name.length() - 4);
        String extension = name.substring(name.length() - 4);
        Path target = folder.resolve(name);
        for (int n = 2; Files.exists(target); n++) target = folder.resolve(stem + " (" + n + ")" + extension);
        return Files.move(file, target);
    }

    private void createFolders() throws IOException {
        Files.createDirectories(imported);
        Files.createDirectories(failed);
    }

    private void scanQuietly() {
        try {
            scanOnce();
        } catch (IOException | RuntimeException e) {
            LOG.warn("watch folder {} could not be scanned: {}", watch, e.toString());
        }
    }

    /** Stops polling; waits for a round in progress to finish. */
    @Override
    public void close() {
        ScheduledExecutorService t;
        synchronized (this) {
            t = timer;
            timer = null;
        }
        if (t == null) return;
        t.shutdownNow();
        try {
            t.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
