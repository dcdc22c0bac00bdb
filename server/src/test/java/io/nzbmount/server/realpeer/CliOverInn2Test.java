package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.server.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code fetch} and {@code check} commands as a user runs them, with a config file that points
 * at inn2: a download is the original file byte for byte and says how fast it went; articles
 * withdrawn from the server are reported missing and make both commands exit 1.
 */
@Tag("realpeer")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class CliOverInn2Test {
    private static final Pattern RATE_LINE =
            Pattern.compile("(?m)^(\\S+): (\\d+) bytes in ([0-9.]+) s, ([0-9.]+) MB/s$");

    @TempDir(factory = TargetTempDir.class)
    Path work;

    @BeforeEach
    void realPeersAreThere() {
        RealPeer.requireOrSkip();
    }

    @Test
    void fetchOfThe300MiBFileWritesTheOriginalAndReportsMegabytesPerSecond() throws Exception {
        RealPeer.Posted posted = Releases.large();
        Path out = work.resolve("out");
        Run run = cli("fetch", posted.nzb().toString(), "-o", out.toString(), "--config", config().toString());
        System.out.print(run.out());
        assertEquals(0, run.exit(), run::both);

        Path downloaded = out.resolve(posted.file().getFileName().toString());
        Originals.assertSameFile(posted.file(), downloaded, "fetched file");
        Matcher line = RATE_LINE.matcher(run.out());
        assertTrue(line.find(), () -> "no 'NAME: N bytes in S s, R MB/s' line in: " + run.out());
        assertEquals(downloaded.getFileName().toString(), line.group(1));
        assertEquals(Releases.LARGE_SIZE, Long.parseLong(line.group(2)));
        assertTrue(Double.parseDouble(line.group(4)) > 0, line.group());
        assertTrue(run.out().contains("total: 1 files, " + Releases.LARGE_SIZE + " bytes in "), run.out());
    }

    @Test
    void checkReportsArticlesCancelledOnTheServerAsMissingAndFetchFails() throws Exception {
        // Eleven articles of our own: cancelling them cannot harm another test.
        Path file = RealPeer.randomFile(10L * RealPeer.PART_SIZE + 4321, 1111);
        Path nzb = RealPeer.postFile(file);
        NzbFile parsed = Releases.onlyFile(nzb);
        assertEquals(11, parsed.segments().size());
        RealPeer.cancelArticle(parsed.segments().get(2).messageId());
        RealPeer.cancelArticle(parsed.segments().get(9).messageId());

        Run check = cli("check", nzb.toString(), "--config", config().toString());
        assertEquals(1, check.exit(), check::both);
        assertTrue(check.out().contains(file.getFileName() + ": 2 of 11 articles missing"), check::both);
        assertTrue(check.out().contains("total: 2 of 11 articles missing"), check::both);

        Path out = work.resolve("broken");
        Run fetch = cli("fetch", nzb.toString(), "-o", out.toString(), "--config", config().toString());
        assertEquals(1, fetch.exit(), fetch::both);
        assertTrue(fetch.out().contains(file.getFileName() + ": FAILED"), fetch::both);
        // A file that could not be read whole leaves nothing behind: no short file under its name.
        Path target = out.resolve(file.getFileName().toString());
        assertFalse(Files.exists(target), "a short file under the real name");
        assertFalse(Files.exists(target.resolveSibling(target.getFileName() + ".part")), "a partial file left behind");
    }

    @Test
    void checkOfACompleteFileExitsZero() throws Exception {
        RealPeer.Posted posted = Releases.medium();
        Run check = cli("check", posted.nzb().toString(), "--config", config().toString());
        assertEquals(0, check.exit(), check::both);
        int articles = Releases.articles(Releases.MEDIUM_SIZE);
        assertTrue(
                check.out().contains(posted.file().getFileName() + ": 0 of " + articles + " articles missing"),
                check::both);
        assertTrue(check.out().contains("total: 0 of " + articles + " articles missing"), check::both);
    }

    private Path config() throws Exception {
        Path yaml = work.resolve("nzbmount.yaml");
        if (!Files.exists(yaml)) {
            Files.writeString(yaml, """
                    providers:
                      - name: inn2
                        host: %s
                        port: %d
                        connections: 8
                    reader:
                      readAheadArticles: 8
                      retryBackoffMillis: [200, 500]
                    """.formatted(RealPeer.HOST, RealPeer.PORT));
        }
        return yaml;
    }

    private static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = new Cli(o, e, Map.of()).run(args);
        }
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Run(int exit, String out, String err) {
        String both() {
            return "exit " + exit + "\nstdout:\n" + out + "stderr:\n" + err;
        }
    }
}
