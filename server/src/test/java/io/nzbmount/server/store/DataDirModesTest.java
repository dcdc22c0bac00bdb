package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data directory and the database files hold every secret, so no other local account may read
 * them: made 0700 and 0600 under the usual umask 022 (set in a child JVM, since a JVM cannot change
 * its own), and a warning at start when existing ones are looser.
 */
class DataDirModesTest {

    @TempDir
    Path tmp;

    @Test
    void aNewDataDirectoryAndItsDatabaseFilesAreTheOwnersAlone() throws Exception {
        Path dir = tmp.resolve("parent/data");
        Process holder = holderUnderUmask022(dir, tmp.resolve("stderr.txt"));
        try {
            assertEquals("rwx------", mode(dir));
            for (String name : List.of("nzbmount.db", "nzbmount.db-wal", "nzbmount.db-shm", "nzbmount.lock")) {
                assertEquals("rw-------", mode(dir.resolve(name)), name);
            }
            assertEquals("rwxr-xr-x", mode(tmp.resolve("parent")), "a parent made on the way keeps the umask's mode");
        } finally {
            stop(holder);
        }
    }

    @Test
    void looserExistingFilesAreKeptAndWarnedAbout() throws Exception {
        Path dir = tmp.resolve("old-data");
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.createFile(
                dir.resolve("nzbmount.db"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
        Path stderr = tmp.resolve("stderr.txt");
        stop(holderUnderUmask022(dir, stderr));
        String log = Files.readString(stderr);
        assertTrue(
                log.contains("other accounts may read it") && log.contains("chmod 700") && log.contains("chmod 600"),
                log);
        assertEquals("rw-r--r--", mode(dir.resolve("nzbmount.db")), "the owner's choice stays");
        assertFalse(log.contains("nzbmount.lock"), log);
    }

    /** {@link LockHolderMain} on {@code dir} in a child JVM run under umask 022, once it holds the database. */
    private static Process holderUnderUmask022(Path dir, Path stderr) throws IOException {
        Process p = new ProcessBuilder(
                        "sh",
                        "-c",
                        "umask 022 && exec \"$@\"",
                        "sh",
                        ProcessHandle.current().info().command().orElseThrow(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        LockHolderMain.class.getName(),
                        dir.toString())
                .redirectError(stderr.toFile())
                .start();
        String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        if (!"locked".equals(line)) {
            p.destroyForcibly();
            throw new AssertionError("the child did not open the database: " + Files.readString(stderr));
        }
        return p;
    }

    private static void stop(Process p) throws Exception {
        p.getOutputStream().close();
        if (!p.waitFor(60, TimeUnit.SECONDS)) p.destroyForcibly();
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
