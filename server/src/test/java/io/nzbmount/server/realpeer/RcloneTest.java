package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * rclone's WebDAV backend (vendor "other", as for any plain WebDAV server) against the server
 * with the 64 MiB file from inn2: listings show the item and the file with its exact size, and
 * {@code cat} at many offsets and whole gives the original bytes. rclone is configured through
 * environment variables only, with HOME and its config path inside the test's directory.
 */
@Tag("realpeer")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RcloneTest {
    private static final String ITEM = "Random Data 64MiB";
    private static final long SIZE = Releases.MEDIUM_SIZE;
    private static final Pattern LSL_LINE = Pattern.compile("^\\s*(\\d+) \\S+ \\S+ (.+)$");

    @TempDir(factory = TargetTempDir.class)
    static Path work;

    private static LibraryServer server;
    private static RealPeer.Posted posted;
    private static String remotePath;
    private static Map<String, String> env;

    @BeforeAll
    static void importTheFile() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("rclone");
        posted = Releases.medium();
        server = LibraryServer.onInn2(work.resolve("data"));
        LibraryServer.MountedFile file = server.importSingleFile(posted.nzb(), ITEM);
        remotePath = "nzb:library/" + file.item() + "/" + file.name();
        Path home = Files.createDirectories(work.resolve("home"));
        env = Map.of(
                "HOME", home.toString(),
                "XDG_CONFIG_HOME", home.resolve(".config").toString(),
                "XDG_CACHE_HOME", home.resolve(".cache").toString(),
                "RCLONE_CONFIG", home.resolve("rclone.conf").toString(),
                "RCLONE_CONFIG_NZB_TYPE", "webdav",
                "RCLONE_CONFIG_NZB_URL", server.davRoot().toString(),
                "RCLONE_CONFIG_NZB_VENDOR", "other");
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Test
    void listingShowsTheItemAndTheFileWithItsExactSize() throws Exception {
        String name = posted.file().getFileName().toString();
        List<String> lsf = rclone("lsf", "-R", "nzb:library").out().lines().toList();
        assertTrue(lsf.contains(ITEM + "/"), () -> "lsf: " + lsf);
        assertTrue(lsf.contains(ITEM + "/" + name), () -> "lsf: " + lsf);

        List<String> lsl = rclone("lsl", "nzb:library").out().lines().toList();
        assertEquals(1, lsl.size(), () -> "lsl: " + lsl);
        Matcher line = LSL_LINE.matcher(lsl.get(0));
        assertTrue(line.matches(), lsl.get(0));
        assertEquals(SIZE, Long.parseLong(line.group(1)));
        assertEquals(ITEM + "/" + name, line.group(2));
    }

    @Test
    void catAtManyOffsetsGivesTheOriginalBytes() throws Exception {
        int part = RealPeer.PART_SIZE;
        List<long[]> reads = new ArrayList<>(List.of(
                new long[] {0, 1},
                new long[] {0, 4096},
                new long[] {part - 100, 200},
                new long[] {SIZE - 1, 1},
                new long[] {SIZE - 1000, 1000},
                new long[] {10L * part, part},
                new long[] {20L * part - 1, 2L * part + 2}));
        SplittableRandom random = new SplittableRandom(77);
        while (reads.size() < 32) {
            long offset = random.nextLong(SIZE - 1);
            reads.add(new long[] {offset, Math.min(SIZE - offset, 1 + random.nextInt(3 * part))});
        }
        for (long[] r : reads) {
            byte[] got = rclone("cat", "--offset", Long.toString(r[0]), "--count", Long.toString(r[1]), remotePath)
                    .stdout();
            Originals.assertSameBytes(posted.file(), r[0], got, "rclone cat --offset " + r[0] + " --count " + r[1]);
        }
        byte[] tail = rclone("cat", "--offset", "-100000", remotePath).stdout();
        Originals.assertSameBytes(posted.file(), SIZE - 100_000, tail, "rclone cat --offset -100000");
    }

    @Test
    void catOfTheWholeFileIsTheOriginal() throws Exception {
        Path out = work.resolve("whole.bin");
        Tool.command("rclone", "cat", remotePath).env(env).stdoutTo(out).run().assertSuccess();
        Originals.assertSameFile(posted.file(), out, "rclone cat");
        Files.delete(out);
    }

    private static Tool.Result rclone(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("rclone"));
        command.addAll(List.of(args));
        return Tool.command(command).env(env).run().assertSuccess();
    }
}
