package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One NZBMount per data directory: the second is refused at start, with one clear line. */
class DataDirLockTest {
    private static final long SELF = ProcessHandle.current().pid();

    @TempDir
    Path dir;

    @Test
    void secondOpenInTheSameJvmIsRefusedAndTheFirstKeepsWorking() throws Exception {
        try (Database first = Database.open(dir)) {
            StoreException e = assertThrows(StoreException.class, () -> Database.open(dir));
            assertInUseMessage(e, SELF);
            first.transaction(c -> {
                try (Statement s = c.createStatement()) {
                    return s.executeUpdate("INSERT INTO settings(key, value) VALUES ('k', 'v')");
                }
            });
            assertEquals("v", first.transaction(c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT value FROM settings")) {
                    return rs.next() ? rs.getString(1) : null;
                }
            }));
            assertThrows(StoreException.class, () -> Database.open(dir), "the refusal must not release the lock");
        }
    }

    @Test
    void sameDirectoryReachedByAnotherPathIsRefused(@TempDir Path elsewhere) throws Exception {
        Path link = Files.createSymbolicLink(elsewhere.resolve("link"), dir);
        try (Database first = Database.open(dir)) {
            assertInUseMessage(assertThrows(StoreException.class, () -> Database.open(link)), SELF);
            assertInUseMessage(assertThrows(StoreException.class, () -> Database.open(dir.resolve("."))), SELF);
        }
    }

    @Test
    void dataDirCanBeOpenedAgainAfterClose() throws Exception {
        Database.open(dir).close();
        try (Database again = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), again.schemaVersion());
        }
    }

    @Test
    void lockFileLeftBehindWithNobodyHoldingItDoesNotBlock() throws Exception {
        Files.writeString(dir.resolve(DataDirLock.FILE_NAME), "999999999\n");
        try (Database db = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
        }
        assertEquals(
                SELF + "",
                Files.readString(dir.resolve(DataDirLock.FILE_NAME)).strip(),
                "the holder writes its own pid over the stale one");
    }

    @Test
    void failedOpenReleasesTheDataDirectory() throws Exception {
        try (Database db = Database.open(dir)) {
            db.transaction(c -> {
                try (Statement s = c.createStatement()) {
                    return s.execute("PRAGMA user_version=99");
                }
            });
        }
        StoreException future = assertThrows(StoreException.class, () -> Database.open(dir));
        assertTrue(future.getMessage().contains("schema version 99"), future.getMessage());
        try (DataDirLock lock = DataDirLock.acquire(dir)) {
            assertInUseMessage(assertThrows(StoreException.class, () -> DataDirLock.acquire(dir)), SELF);
        }
    }

    @Test
    void ofManyOpensAtOnceExactlyOneWins() throws Exception {
        int threads = 8;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<DataDirLock>> attempts = new ArrayList<>();
        try {
            Callable<DataDirLock> attempt = () -> {
                go.await();
                try {
                    return DataDirLock.acquire(dir);
                } catch (StoreException e) {
                    assertInUseMessage(e, SELF);
                    return null;
                }
            };
            for (int i = 0; i < threads; i++) attempts.add(pool.submit(attempt));
            go.countDown();
            List<DataDirLock> won = new ArrayList<>();
            for (Future<DataDirLock> f : attempts) {
                DataDirLock lock = f.get(10, TimeUnit.SECONDS);
                if (lock != null) won.add(lock);
            }
            for (DataDirLock lock : won) lock.close();
            assertEquals(1, won.size());
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void secondProcessIsRefusedWhileTheFirstRunsAndAllowedOnceItIsKilled() throws Exception {
        Path stderr = Files.createTempFile("lock-holder", ".err");
        Process holder = startHolder(ProcessBuilder.Redirect.to(stderr.toFile()));
        try {
            awaitLine(holder, "locked", stderr);
            StoreException e = assertThrows(StoreException.class, () -> Database.open(dir));
            assertInUseMessage(e, holder.pid());

            holder.destroyForcibly();
            assertTrue(holder.waitFor(10, TimeUnit.SECONDS));
            assertTrue(Files.exists(dir.resolve(DataDirLock.FILE_NAME)), "the killed holder leaves its lock file");
            try (Database db = Database.open(dir)) {
                assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
            }
        } finally {
            holder.destroyForcibly();
            holder.waitFor(10, TimeUnit.SECONDS);
            Files.deleteIfExists(stderr);
        }
    }

    @Test
    void refusalInTheSameJvmDoesNotFreeTheDirectoryForOtherProcesses() throws Exception {
        try (Database first = Database.open(dir)) {
            assertThrows(StoreException.class, () -> Database.open(dir));
            Process other = startHolder(ProcessBuilder.Redirect.PIPE);
            try {
                assertTrue(other.waitFor(20, TimeUnit.SECONDS), "the other process got the lock and holds it");
                String err = new String(other.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(err.contains("is in use by another NZBMount (pid " + SELF + ","), err);
                assertEquals("", new String(other.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } finally {
                other.destroyForcibly();
                other.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** {@link LockHolderMain} on {@link #dir}, in a child JVM like this one. */
    private Process startHolder(ProcessBuilder.Redirect stderr) throws IOException {
        return new ProcessBuilder(
                        ProcessHandle.current().info().command().orElseThrow(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        LockHolderMain.class.getName(),
                        dir.toString())
                .redirectError(stderr)
                .start();
    }

    private void assertInUseMessage(StoreException e, long ownerPid) throws IOException {
        Path real = dir.toRealPath();
        assertEquals(
                "data directory " + real + " is in use by another NZBMount (pid " + ownerPid + ", lock file "
                        + real.resolve("nzbmount.lock") + "); stop it or choose another server.dataDir",
                e.getMessage());
    }

    /** Waits for the child to print {@code expected}, without blocking on its pipe past the deadline. */
    private static void awaitLine(Process process, String expected, Path stderr) throws Exception {
        InputStream out = process.getInputStream();
        StringBuilder line = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            while (out.available() > 0) {
                int b = out.read();
                if (b == '\n') {
                    assertEquals(expected, line.toString().strip(), Files.readString(stderr));
                    return;
                }
                line.append((char) b);
            }
            if (!process.isAlive()) fail("the lock holder ended: " + Files.readString(stderr, StandardCharsets.UTF_8));
            Thread.sleep(20);
        }
        fail("the lock holder did not take the lock in time: " + Files.readString(stderr));
    }
}
