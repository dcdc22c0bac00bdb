package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real film, posted to inn2 and imported into a running server, played by ffmpeg's own HTTP
 * client the way a player does: probe it, seek into the middle, read every packet. Each answer is
 * compared with what the same command gives on the original file, and curl's download of it
 * with the original's SHA-256.
 */
@Tag("realpeer")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VideoOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir(factory = TargetTempDir.class)
    static Path work;

    private static LibraryServer server;
    private static RealPeer.Posted video;
    private static LibraryServer.MountedFile mounted;

    @BeforeAll
    static void importTheVideo() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("ffmpeg", "ffprobe", "curl");
        video = PostedVideo.get();
        server = LibraryServer.onInn2(work.resolve("data"));
        mounted = server.importSingleFile(video.nzb(), "Test Pattern (2024)");
        assertEquals(PostedVideo.FILE_NAME, mounted.name());
        assertEquals(Files.size(video.file()), mounted.size());
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Test
    void ffprobeOverHttpSeesTheDurationAndStreamsOfTheOriginal() throws Exception {
        JsonNode remote = probe(mounted.uri().toString());
        JsonNode local = probe(video.file().toString());
        assertEquals(local, remote, "ffprobe over HTTP and on the original file");
        double duration = remote.path("format").path("duration").asDouble();
        assertTrue(Math.abs(duration - PostedVideo.SECONDS) < 0.5, "duration " + duration);
        assertEquals(
                Files.size(video.file()), remote.path("format").path("size").asLong());
        List<String> codecs = remote.path("streams").findValuesAsText("codec_name");
        assertEquals(List.of("h264", "aac"), codecs);
    }

    @Test
    void ffmpegSeekingTo15SecondsOverHttpDecodesTheSameFrameAsTheOriginal() throws Exception {
        List<String> remote = frameAt15Seconds(mounted.uri().toString());
        List<String> local = frameAt15Seconds(video.file().toString());
        assertEquals(local, remote, "the decoded frame at 15 s: over HTTP and from the original");
        assertEquals(1, remote.size(), () -> "one frame: " + remote);
        String[] fields = remote.get(0).split(",\\s*");
        long pts = Long.parseLong(fields[2]);
        // Matroska keeps millisecond timestamps and ffmpeg starts this file at 1/25 s: allow a frame or two.
        assertTrue(Math.abs(pts - 15L * PostedVideo.FPS) <= 2, "pts of the frame at 15 s: " + remote.get(0));
        assertNotEquals(
                frameChecksums(video.file().toString(), List.of(), List.of("-frames:v", "1"))
                        .get(0)
                        .split(",\\s*")[5],
                fields[5],
                "the frame at 15 s differs from the first frame (the seek moved)");
    }

    @Test
    void ffmpegCopyingEveryPacketOverHttpGivesTheSameStreamHashes() throws Exception {
        String remote = streamHashes(mounted.uri().toString());
        String local = streamHashes(video.file().toString());
        assertEquals(local, remote, "SHA-256 of every stream's packets");
        assertTrue(remote.contains("0,v,SHA256=") && remote.contains("1,a,SHA256="), remote);
    }

    @Test
    void curlGetOfTheWholeVideoEqualsTheOriginal() throws Exception {
        Path body = work.resolve("video-by-curl.mkv");
        Path head = work.resolve("video-by-curl.head");
        Tool.command(
                        "curl",
                        "-sS",
                        "-D",
                        head.toString(),
                        "-o",
                        body.toString(),
                        mounted.uri().toString())
                .run()
                .assertSuccess();
        HttpHead response = HttpHead.parse(Files.readString(head));
        assertEquals(200, response.status());
        assertEquals(Files.size(video.file()), response.contentLength());
        assertEquals("video/x-matroska", response.require("Content-Type"));
        Originals.assertSameFile(video.file(), body, "curl GET of the video");
    }

    private static JsonNode probe(String input) throws Exception {
        Tool.Result probe = Tool.command(
                        "ffprobe",
                        "-v",
                        "error",
                        "-show_entries",
                        "format=duration,size:stream=index,codec_type,codec_name,width,height,"
                                + "sample_rate,channels,nb_frames,duration",
                        "-of",
                        "json",
                        input)
                .run()
                .assertSuccess();
        return JSON.readTree(probe.out());
    }

    private static List<String> frameAt15Seconds(String input) throws Exception {
        return frameChecksums(input, List.of("-ss", "15", "-copyts"), List.of("-frames:v", "1"));
    }

    /** ffmpeg's framemd5 lines (stream, dts, pts, duration, size, md5) of the decoded video. */
    private static List<String> frameChecksums(String input, List<String> inputOptions, List<String> outputOptions)
            throws Exception {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error"));
        command.addAll(inputOptions);
        command.addAll(List.of("-i", input, "-map", "0:v"));
        command.addAll(outputOptions);
        command.addAll(List.of("-f", "framemd5", "-"));
        return Tool.command(command)
                .run()
                .assertSuccess()
                .out()
                .lines()
                .filter(line -> !line.startsWith("#"))
                .toList();
    }

    private static String streamHashes(String input) throws Exception {
        return Tool.command(
                        "ffmpeg",
                        "-hide_banner",
                        "-nostdin",
                        "-loglevel",
                        "error",
                        "-i",
                        input,
                        "-map",
                        "0",
                        "-c",
                        "copy",
                        "-f",
                        "streamhash",
                        "-hash",
                        "sha256",
                        "-")
                .run()
                .assertSuccess()
                .out();
    }
}
