package io.nzbmount.server.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoFilmTest {

    @TempDir
    Path dir;

    @Test
    void twoGenerationsAreByteIdentical() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] first = sha.digest(DemoFilm.generate());
        byte[] second = sha.digest(DemoFilm.generate());
        assertArrayEquals(first, second);
    }

    @Test
    void theFilmIsAModestSizeForMemory() {
        int size = DemoFilm.generate().length;
        assertTrue(size > 10_000_000 && size < 40_000_000, "size " + size);
    }

    @Test
    void offsetOfSecondPointsAtThatSecondsFirstPicture() {
        byte[] film = DemoFilm.generate();
        for (int second : new int[] {0, 1, 60, DemoFilm.SECONDS - 1}) {
            int at = (int) DemoFilm.offsetOfSecond(second);
            assertEquals("00db", new String(film, at, 4, StandardCharsets.ISO_8859_1), "second " + second);
        }
    }

    @Test
    void picturesDifferFromFrameToFrame() {
        byte[] film = DemoFilm.generate();
        int picture = DemoFilm.WIDTH * DemoFilm.HEIGHT;
        int a = (int) DemoFilm.offsetOfSecond(10) + 8;
        int b = (int) DemoFilm.offsetOfSecond(11) + 8;
        assertTrue(!Arrays.equals(film, a, a + picture, film, b, b + picture), "the clock moves");
    }

    @Test
    void ffprobeReadsTheDurationAndBothStreams() throws Exception {
        Path file = dir.resolve("demo.avi");
        Files.write(file, DemoFilm.generate());
        MediaTools.Run probe = MediaTools.run(
                60,
                "ffprobe",
                "-v",
                "error",
                "-show_entries",
                "format=duration:stream=codec_type,codec_name,width,height,sample_rate",
                "-of",
                "compact",
                file.toString());
        assertEquals(0, probe.exit(), probe.output());
        assertTrue(probe.output().contains("codec_type=video") && probe.output().contains("width=160"), probe.output());
        assertTrue(
                probe.output().contains("codec_name=pcm_s16le")
                        && probe.output().contains("sample_rate=8000"),
                probe.output());
        assertTrue(probe.output().contains("duration=150.0"), probe.output());
    }

    @Test
    void ffmpegDecodesTheWholeFilmWithoutErrors() throws Exception {
        Path file = dir.resolve("demo.avi");
        Files.write(file, DemoFilm.generate());
        MediaTools.Run decode =
                MediaTools.run(120, "ffmpeg", "-v", "error", "-nostdin", "-i", file.toString(), "-f", "null", "-");
        assertEquals(0, decode.exit(), decode.output());
        assertEquals("", decode.output().strip(), "no decoding errors");
    }
}
