package io.nzbmount.server.realpeer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * A real film for the player-facing tests: 24 s of H.264 video (640x360, 25 fps, a keyframe every
 * second) and AAC audio in Matroska, about 5 MB, made by ffmpeg from its test sources and posted
 * to inn2 by nyuu once per test JVM. The file is kept under {@code target/realpeer/} and made
 * again only when it is missing. Thread-safe.
 */
public final class PostedVideo {
    /** A release-like name, as a film would carry. */
    public static final String FILE_NAME = "Test.Pattern.2024.360p.x264.mkv";
    /** Its length in seconds. */
    public static final int SECONDS = 24;
    /** Frames per second; every 25th frame is a keyframe. */
    public static final int FPS = 25;

    private static final Path DIR = Path.of("target", "realpeer", "video");
    private static RealPeer.Posted posted;

    private PostedVideo() {}

    /**
     * The video and its nyuu NZB. Callers check first that ffmpeg is there
     * ({@link Tool#requireOrSkip}) and that the real peers are ({@link RealPeer#requireOrSkip()}).
     */
    public static synchronized RealPeer.Posted get() throws IOException, InterruptedException {
        if (posted == null) {
            Path file = generate();
            posted = new RealPeer.Posted(file, RealPeer.postFile(file));
        }
        return posted;
    }

    private static Path generate() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(DIR).toAbsolutePath();
        Path file = dir.resolve(FILE_NAME);
        if (Files.isRegularFile(file) && Files.size(file) > 0) return file;
        Path partial = dir.resolve(FILE_NAME + ".part.mkv");
        Tool.command(
                        "ffmpeg",
                        "-hide_banner",
                        "-nostdin",
                        "-loglevel",
                        "error",
                        "-y",
                        "-f",
                        "lavfi",
                        "-i",
                        "testsrc2=size=640x360:rate=" + FPS,
                        "-f",
                        "lavfi",
                        "-i",
                        "sine=frequency=440:sample_rate=48000",
                        "-t",
                        Integer.toString(SECONDS),
                        "-map",
                        "0:v",
                        "-map",
                        "1:a",
                        "-c:v",
                        "libx264",
                        "-preset",
                        "veryfast",
                        "-pix_fmt",
                        "yuv420p",
                        "-g",
                        Integer.toString(FPS),
                        "-keyint_min",
                        Integer.toString(FPS),
                        "-sc_threshold",
                        "0",
                        "-b:v",
                        "1500k",
                        "-c:a",
                        "aac",
                        "-b:a",
                        "96k",
                        "-threads",
                        "2",
                        partial.toString())
                .timeout(Duration.ofSeconds(120))
                .run()
                .assertSuccess();
        return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
