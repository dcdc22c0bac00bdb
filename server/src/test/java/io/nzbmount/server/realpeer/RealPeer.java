package io.nzbmount.server.realpeer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The real peers of the {@code realpeer} tests: Debian's inn2 on loopback and the nyuu poster,
 * both installed and started by {@code .ci/run} ({@code .ci/install-deps.sh}, {@code .ci/inn2.sh}).
 *
 * <p>Where they are comes from the environment that {@code .ci/inn2.sh env} prints, with the
 * same defaults: {@code NZBMOUNT_TEST_NNTP_HOST} (127.0.0.1), {@code NZBMOUNT_TEST_NNTP_PORT}
 * (1190, login optional), {@code NZBMOUNT_TEST_NNTP_AUTH_PORT} (1191, login required),
 * {@code NZBMOUNT_TEST_NNTP_USER}/{@code _PASS} (nzbtest/nzbtest-secret),
 * {@code NZBMOUNT_TEST_NNTP_GROUP} (alt.binaries.test) and {@code NZBMOUNT_TEST_NYUU} (the nyuu
 * executable).
 *
 * <p>Tests call {@link #requireOrSkip()} first and carry {@code @Tag("realpeer")}. All methods
 * are thread-safe. Files are written under {@code target/realpeer/} of the module under test.
 */
public final class RealPeer {
    /** Host of the inn2 test server. */
    public static final String HOST = env("NZBMOUNT_TEST_NNTP_HOST", "127.0.0.1");
    /** Port where reading needs no login; AUTHINFO with {@link #USER} works too. */
    public static final int PORT = Integer.parseInt(env("NZBMOUNT_TEST_NNTP_PORT", "1190"));
    /** Port that answers 480 until AUTHINFO succeeds, like a commercial provider. */
    public static final int AUTH_PORT = Integer.parseInt(env("NZBMOUNT_TEST_NNTP_AUTH_PORT", "1191"));
    /** The test user, accepted on both ports. */
    public static final String USER = env("NZBMOUNT_TEST_NNTP_USER", "nzbtest");
    /** The test user's password. */
    public static final String PASSWORD = env("NZBMOUNT_TEST_NNTP_PASS", "nzbtest-secret");
    /** The newsgroup that test content is posted to. */
    public static final String GROUP = env("NZBMOUNT_TEST_NNTP_GROUP", "alt.binaries.test");
    /** The nyuu executable. */
    public static final Path NYUU = Path.of(env("NZBMOUNT_TEST_NYUU", "/opt/nzbmount-ci/nyuu/node_modules/.bin/nyuu"));

    /** nyuu's {@code -a 700K}: every part but the last decodes to this many bytes. */
    public static final int PART_SIZE = 716_800;

    private static final Path WORK_DIR = Path.of("target", "realpeer");
    private static final long POST_TIMEOUT_SECONDS = 600;
    private static final Map<String, Posted> SHARED = new ConcurrentHashMap<>();

    private RealPeer() {}

    /**
     * A file and the NZB that nyuu wrote when it posted it.
     *
     * @param file the original content
     * @param nzb the NZB with the real message ids on the test server
     */
    public record Posted(Path file, Path nzb) {}

    /** True when inn2 greets with 200 on both ports and nyuu is installed. */
    public static boolean available() {
        return whatIsMissing() == null;
    }

    /**
     * Skips the calling test (a JUnit assumption) when the real peers are not there, as on a
     * developer machine that never ran {@code .ci/run}; fails it instead when the environment
     * variable {@code CI} is set, so that CI can never pass by skipping.
     */
    public static void requireOrSkip() {
        String missing = whatIsMissing();
        if (missing == null) {
            return;
        }
        String message = "real peers not available: " + missing + " (run .ci/install-deps.sh and .ci/inn2.sh start)";
        if (onCi()) {
            Assertions.fail(message + "; CI is set, so this is a failure, not a skip");
        }
        Assumptions.abort(message);
    }

    /**
     * Posts a file to the test server with nyuu ({@code -a 700K}, four connections, logged in
     * on the auth port) and returns the NZB it wrote. Every call posts anew: the message ids
     * are fresh, so the caller may cancel these articles without harming any other test.
     */
    public static Path postFile(Path file) throws IOException, InterruptedException {
        return postFile(file, List.of());
    }

    /** {@link #postFile(Path)} with more nyuu options ({@code -M password=PW} puts a meta in the NZB). */
    public static Path postFile(Path file, List<String> options) throws IOException, InterruptedException {
        Path nzbDir = Files.createDirectories(WORK_DIR.resolve("nzb"));
        Path nzb = Files.createTempFile(nzbDir, file.getFileName() + "-", ".nzb");
        Path log = nzbDir.resolve(nzb.getFileName() + ".log");
        List<String> command = new java.util.ArrayList<>(List.of(
                NYUU.toString(),
                "-h",
                HOST,
                "-P",
                Integer.toString(AUTH_PORT),
                "-u",
                USER,
                "-p",
                PASSWORD,
                "-n",
                "4",
                "-g",
                GROUP,
                "-a",
                "700K",
                // nyuu's default chunked posting crashes with "Timer already set" under load.
                "--post-chunk-size",
                "0",
                "-f",
                "NZBMount test <test@nzbmount.test>",
                "-q",
                "-O",
                "-o",
                nzb.toString()));
        command.addAll(options);
        command.add(file.toString());
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!process.waitFor(POST_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("nyuu did not finish posting " + file + " in " + POST_TIMEOUT_SECONDS + " s");
        }
        if (process.exitValue() != 0 || Files.size(nzb) == 0) {
            throw new IOException("nyuu failed (exit " + process.exitValue() + ") posting " + file + ": "
                    + Files.readString(log, StandardCharsets.UTF_8).strip());
        }
        return nzb;
    }

    /**
     * A random file of the given size posted once per test JVM and shared by every test that
     * asks for the same size and seed. Never cancel its articles: post a file of your own with
     * {@link #postFile} for that.
     */
    public static Posted postedRandomFile(long size, long seed) {
        return SHARED.computeIfAbsent(size + "-" + seed, key -> {
            try {
                Path file = randomFile(size, seed);
                return new Posted(file, postFile(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while posting", e);
            }
        });
    }

    /**
     * Withdraws an article with a cancel control message posted over NNTP (the server takes
     * cancels without Cancel-Lock), so that BODY answers 430: a real missing article.
     *
     * @param messageId with or without angle brackets
     * @throws IllegalStateException when the article was not there before or is still there after
     */
    public static void cancelArticle(String messageId) throws IOException {
        String id = messageId.startsWith("<") ? messageId : "<" + messageId + ">";
        try (RawNntpSession nntp = RawNntpSession.open(HOST, AUTH_PORT)) {
            expect(nntp.login(USER, PASSWORD), "281", "login");
            expect(nntp.command("STAT " + id), "223", "STAT before cancel");
            expect(nntp.command("POST"), "340", "POST");
            nntp.send("From: NZBMount test <test@nzbmount.test>\r\n"
                    + "Newsgroups: " + GROUP + "\r\n"
                    + "Subject: cmsg cancel " + id + "\r\n"
                    + "Control: cancel " + id + "\r\n"
                    + "\r\n"
                    + "Withdrawn by a test to make a missing article.\r\n"
                    + ".\r\n");
            expect(nntp.readLine(), "240", "posting the cancel");
            expect(nntp.command("STAT " + id), "430", "STAT after cancel");
        }
    }

    /**
     * A file of {@code size} pseudo-random bytes, the same for the same seed, under
     * {@code target/realpeer/}. Made once and reused while it has the right size.
     */
    public static Path randomFile(long size, long seed) throws IOException {
        Path dir = Files.createDirectories(WORK_DIR);
        Path file = dir.resolve("random-" + size + "-" + seed + ".bin");
        if (Files.isRegularFile(file) && Files.size(file) == size) {
            return file;
        }
        Path partial = Files.createTempFile(dir, file.getFileName().toString(), ".part");
        SplittableRandom random = new SplittableRandom(seed);
        byte[] chunk = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(partial)) {
            for (long left = size; left > 0; left -= chunk.length) {
                random.nextBytes(chunk);
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
        }
        return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** True when the environment variable {@code CI} is set to anything but empty, false or 0. */
    public static boolean onCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false") && !ci.equals("0");
    }

    private static String whatIsMissing() {
        for (int port : new int[] {PORT, AUTH_PORT}) {
            try (RawNntpSession nntp = RawNntpSession.open(HOST, port)) {
                if (!nntp.greeting().startsWith("200")) {
                    return "inn2 at " + HOST + ":" + port + " greets with '" + nntp.greeting() + "'";
                }
            } catch (IOException e) {
                return "no inn2 at " + HOST + ":" + port + " (" + e + ")";
            }
        }
        if (!Files.isExecutable(NYUU)) {
            return "no nyuu at " + NYUU + " (set NZBMOUNT_TEST_NYUU)";
        }
        return null;
    }

    private static void expect(String reply, String code, String step) {
        if (!reply.startsWith(code)) {
            throw new IllegalStateException(step + ": expected " + code + ", server said '" + reply + "'");
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
