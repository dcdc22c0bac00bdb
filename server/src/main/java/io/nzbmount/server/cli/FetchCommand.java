package io.nzbmount.server.cli;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * {@code nzbmount fetch}: downloads every file of an NZB through readers (each article's CRC
 * checked on the way), several articles of a file at once, and reports bytes, seconds and MB/s per
 * file and in total.
 */
final class FetchCommand {

    private final Usenet usenet;
    private final PrintStream out;
    private final boolean progress;
    private final int lanes;

    /** @param lanes how many articles of a file are read at once ({@link FetchLanes}) */
    FetchCommand(Usenet usenet, PrintStream out, boolean progress, int lanes) {
        this.usenet = usenet;
        this.out = out;
        this.progress = progress;
        this.lanes = lanes;
    }

    /** @return the exit code: 0 when every file arrived whole, 1 when any could not be read */
    int run(Nzb nzb, Path outputDir) throws IOException {
        Files.createDirectories(outputDir);
        long totalBytes = 0;
        long start = System.nanoTime();
        int failed = 0;
        for (NzbFile file : nzb.files()) {
            try {
                totalBytes += fetch(file, outputDir.resolve(file.name()));
            } catch (ReadFailure e) {
                failed++;
                out.println(file.name() + ": FAILED: " + Failures.describe(e));
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println(String.format(
                Locale.ROOT,
                "total: %d files, %d bytes in %.2f s, %.1f MB/s%s",
                nzb.files().size() - failed,
                totalBytes,
                seconds,
                totalBytes / seconds / 1e6,
                failed == 0 ? "" : ", " + failed + " failed"));
        return failed == 0 ? 0 : 1;
    }

    /**
     * Downloads one file into {@code target}, several articles at once ({@link FetchLanes}). The
     * bytes go to {@code target.part} first and are renamed only when the whole file arrived, so
     * a failed download never leaves a short file under the real name.
     */
    private long fetch(NzbFile file, Path target) throws IOException {
        long start = System.nanoTime();
        SegmentMap map = usenet.map(file, Priority.FOREGROUND);
        ProgressBar bar = new ProgressBar(out, progress, file.name(), map.size(), start);
        Path part = target.resolveSibling(target.getFileName() + ".part");
        boolean complete = false;
        try (FileChannel channel = FileChannel.open(
                part, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            new FetchLanes(usenet, lanes).download(map, channel, done -> bar.update(done, System.nanoTime()));
            complete = true;
        } finally {
            bar.finish();
            if (!complete) Files.deleteIfExists(part);
        }
        long offset = map.size();
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println(String.format(
                Locale.ROOT,
                "%s: %d bytes in %.2f s, %.1f MB/s",
                file.name(),
                offset,
                seconds,
                offset / seconds / 1e6));
        return offset;
    }
}
