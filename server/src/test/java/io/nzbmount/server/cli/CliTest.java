package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fetch and check commands end to end against the embedded NNTP server. */
class CliTest {
    @TempDir
    Path dir;

    private EmbeddedNntpServer server;
    private byte[] film;
    private byte[] subtitles;
    private PostedFile filmPost;
    private Path nzb;
    private Path config;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void postContent() throws IOException {
        server = EmbeddedNntpServer.start();
        film = random(3 * 100_000 + 123, 1);
        subtitles = random(4_000, 2);
        filmPost = server.post("Some.Film.2020.mkv", film, 100_000);
        PostedFile subPost = server.post("Some.Film.2020.srt", subtitles, 100_000);
        nzb = dir.resolve("film.nzb");
        Files.writeString(nzb, NzbWriter.write(List.of(filmPost, subPost)));
        config = dir.resolve("nzbmount.yaml");
        Files.writeString(config, """
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    connections: 4
                reader:
                  retryBackoffMillis: [1, 1]
                """.formatted(server.host(), server.port()));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private int run(String... args) {
        return new Cli(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of())
                .run(args);
    }

    @Test
    void fetchWritesEveryFileByteForByte() throws IOException {
        Path target = dir.resolve("out");
        assertEquals(
                0,
                run("fetch", nzb.toString(), "-o", target.toString(), "--config", config.toString()),
                err.toString());
        assertArrayEquals(film, Files.readAllBytes(target.resolve("Some.Film.2020.mkv")));
        assertArrayEquals(subtitles, Files.readAllBytes(target.resolve("Some.Film.2020.srt")));
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("Some.Film.2020.mkv: " + film.length + " bytes in "), report);
        assertTrue(report.contains("total: 2 files, " + (film.length + subtitles.length) + " bytes in "), report);
        assertTrue(report.contains("MB/s"), report);
    }

    @Test
    void fetchOfAFileWithAMissingArticleFailsThatFileAndExitsOne() {
        server.removeArticle(filmPost.messageIds().get(2));
        assertEquals(
                1, run("fetch", nzb.toString(), "-o", dir.resolve("out").toString(), "--config", config.toString()));
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("Some.Film.2020.mkv: FAILED: article missing on every provider"), report);
        assertTrue(report.contains("1 failed"), report);
        assertFalse(Files.exists(dir.resolve("out/Some.Film.2020.mkv")), "no short file under the real name");
        assertFalse(Files.exists(dir.resolve("out/Some.Film.2020.mkv.part")), "no partial file left behind");
        assertTrue(Files.exists(dir.resolve("out/Some.Film.2020.srt")), "the other file still arrived");
    }

    @Test
    void fetchReadsAFileOfManyArticlesInLanesByteForByte() throws IOException {
        byte[] large = random(11 * 20_000 + 7, 3);
        PostedFile post = server.post("Large.Film.mkv", large, 20_000);
        Path largeNzb = dir.resolve("large.nzb");
        Files.writeString(largeNzb, NzbWriter.write(List.of(post)));
        Path target = dir.resolve("out");
        assertEquals(
                0,
                run("fetch", largeNzb.toString(), "-o", target.toString(), "--config", config.toString()),
                err.toString());
        assertArrayEquals(large, Files.readAllBytes(target.resolve("Large.Film.mkv")));
        assertEquals(
                12 + 1, server.counters().bodyCommands(), "each article once, and the first once more for the map");
        assertEquals(
                4, server.counters().accepted(), "the 4 connections opened ahead, none broken by a cancelled fetch");
    }

    @Test
    void fetchReportsTheFirstMissingArticleWhenSeveralLanesFail() {
        byte[] large = random(11 * 20_000 + 7, 4);
        PostedFile post = server.post("Large.Film.mkv", large, 20_000);
        server.removeArticle(post.messageIds().get(1));
        server.removeArticle(post.messageIds().get(10));
        Path largeNzb = dir.resolve("large.nzb");
        try {
            Files.writeString(largeNzb, NzbWriter.write(List.of(post)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals(
                1,
                run("fetch", largeNzb.toString(), "-o", dir.resolve("out").toString(), "--config", config.toString()));
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(
                report.contains("Large.Film.mkv: FAILED: article missing on every provider (<"
                        + bare(post.messageIds().get(1)) + ">)"),
                report);
        assertFalse(Files.exists(dir.resolve("out/Large.Film.mkv.part")), "no partial file left behind");
    }

    private static String bare(String messageId) {
        return messageId.startsWith("<") ? messageId.substring(1, messageId.length() - 1) : messageId;
    }

    @Test
    void checkCountsMissingArticlesPerFileAndExitsOne() {
        assertEquals(0, run("check", nzb.toString(), "--config", config.toString()), err.toString());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("total: 0 of 5 articles missing"), out.toString());
        out.reset();
        server.removeArticle(filmPost.messageIds().get(0));
        server.removeArticle(filmPost.messageIds().get(3));
        assertEquals(1, run("check", nzb.toString(), "--config", config.toString()));
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("Some.Film.2020.mkv: 2 of 4 articles missing"), report);
        assertTrue(report.contains("Some.Film.2020.srt: 0 of 1 articles missing"), report);
        assertTrue(report.contains("total: 2 of 5 articles missing"), report);
    }

    @Test
    void badConfigIsOneLineAndExitCodeTwo() throws IOException {
        Files.writeString(config, "providers:\n  - name: x\n    host: h\n    port: 70000\n");
        assertEquals(2, run("check", nzb.toString(), "--config", config.toString()));
        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("nzbmount: config: ") && message.contains("providers[0].port"), message);
    }

    @Test
    void malformedNzbIsOneLineAndExitCodeTwo() throws IOException {
        Files.writeString(nzb, "<nzb><file subject=\"x\">");
        assertEquals(2, run("fetch", nzb.toString(), "--config", config.toString()));
        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("nzbmount: " + nzb + ": line "), message);
    }

    @Test
    void missingNzbFileSaysSo() {
        assertEquals(2, run("check", dir.resolve("nope.nzb").toString(), "--config", config.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("nope.nzb: no such file"), err.toString());
    }

    @Test
    void noProvidersConfiguredIsAClearError() throws IOException {
        Files.writeString(config, "server:\n  port: 8080\n");
        assertEquals(2, run("check", nzb.toString(), "--config", config.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no providers configured"), err.toString());
    }

    @Test
    void servingBeyondLoopbackWithoutCredentialsRefusesToStart() throws IOException {
        Files.writeString(config, """
                server:
                  bind: 0.0.0.0
                  port: 0
                  dataDir: %s
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                """.formatted(dir.resolve("data"), server.host(), server.port()));
        assertEquals(2, run("serve", "--config", config.toString()));
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("nzbmount: ") && message.contains("0.0.0.0"), message);
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
