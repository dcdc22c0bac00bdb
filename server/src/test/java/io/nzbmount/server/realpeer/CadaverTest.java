package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * cadaver, a command-line WebDAV client built on neon, driven through its standard input: it
 * lists the library's folders and the file with its size, and downloads the file byte for byte.
 * Its HOME is the test's directory, so no ~/.netrc or history of the machine is used.
 */
@Tag("realpeer")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CadaverTest {
    private static final String ITEM = "Random Data 64MiB";

    @TempDir(factory = TargetTempDir.class)
    static Path work;

    private static LibraryServer server;
    private static RealPeer.Posted posted;
    private static LibraryServer.MountedFile file;

    @BeforeAll
    static void importTheFile() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("cadaver");
        posted = Releases.medium();
        server = LibraryServer.onInn2(work.resolve("data"));
        file = server.importSingleFile(posted.nzb(), ITEM);
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Test
    void listingsShowTheItemFolderAndTheFileWithItsSize() throws Exception {
        String out = cadaver("ls library/\nls \"library/" + ITEM + "/\"\nquit\n");
        assertTrue(out.contains("Listing collection `/dav/library/': succeeded."), out);
        assertTrue(
                Pattern.compile("(?m)^Coll:\\s+" + Pattern.quote(ITEM) + "\\s+0\\s")
                        .matcher(out)
                        .find(),
                out);
        assertTrue(out.contains("Listing collection `/dav/library/" + ITEM + "/': succeeded."), out);
        assertTrue(
                Pattern.compile("(?m)^\\s+" + Pattern.quote(file.name()) + "\\s+" + Releases.MEDIUM_SIZE + "\\s")
                        .matcher(out)
                        .find(),
                out);
    }

    @Test
    void getDownloadsTheOriginalBytes() throws Exception {
        Path target = work.resolve("by-cadaver.bin");
        String out = cadaver("cd \"library/" + ITEM + "\"\nget \"" + file.name() + "\" \"" + target + "\"\nquit\n");
        assertTrue(out.contains("succeeded"), out);
        Originals.assertSameFile(posted.file(), target, "cadaver get");
        Files.delete(target);
    }

    private static String cadaver(String commands) throws Exception {
        Path home = Files.createDirectories(work.resolve("home"));
        Tool.Result run = Tool.command("cadaver", server.davRoot().toString())
                .env("HOME", home.toString())
                .stdin(commands)
                .run()
                .assertSuccess();
        return run.out() + run.stderr();
    }
}
