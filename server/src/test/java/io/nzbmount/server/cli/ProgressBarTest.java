package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

    @Test
    void rendersFractionAndRateFromLiteralTimes() {
        ProgressBar bar = new ProgressBar(System.out, true, "film.mkv", 1_000_000, 0);
        assertEquals(
                "film.mkv [###############---------------]  50%      0.5 MB/s", bar.render(500_000, 1_000_000_000L));
        assertEquals(
                "film.mkv [##############################] 100%      0.5 MB/s", bar.render(1_000_000, 2_000_000_000L));
    }

    @Test
    void drawsAtMostFiveTimesASecond() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(out, true, StandardCharsets.UTF_8), true, "f", 100, 0);
        for (long t = 0; t < 1_000_000_000L; t += 10_000_000L) bar.update(t / 10_000_000L, t);
        long draws = out.toString(StandardCharsets.UTF_8)
                .chars()
                .filter(c -> c == '\r')
                .count();
        assertEquals(5, draws);
    }

    @Test
    void silentWhenNotATerminal() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(out, true, StandardCharsets.UTF_8), false, "f", 100, 0);
        bar.update(50, 1_000_000_000L);
        bar.finish();
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
