package io.nzbmount.server.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar redrawn in place on a terminal, at most a few times a second. Silent
 * when the output is not a terminal, so logs and pipes only see the final summary lines.
 * Not thread-safe: one thread reports progress.
 */
final class ProgressBar {
    private static final long REDRAW_NANOS = 200_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream out;
    private final boolean enabled;
    private final String label;
    private final long total;
    private final long startNanos;
    private long lastDraw;

    ProgressBar(PrintStream out, boolean enabled, String label, long total, long startNanos) {
        this.out = out;
        this.enabled = enabled;
        this.label = label;
        this.total = total;
        this.startNanos = startNanos;
        this.lastDraw = startNanos - REDRAW_NANOS;
    }

    void update(long done, long nowNanos) {
        if (!enabled || nowNanos - lastDraw < REDRAW_NANOS) return;
        lastDraw = nowNanos;
        out.print("\r" + render(done, nowNanos));
        out.flush();
    }

    void finish() {
        if (enabled) {
            out.print("\r" + " ".repeat(WIDTH + label.length() + 40) + "\r");
            out.flush();
        }
    }

    String render(long done, long nowNanos) {
        double fraction = total <= 0 ? 1 : Math.min(1, (double) done / total);
        int filled = (int) Math.round(fraction * WIDTH);
        double seconds = Math.max(1e-9, (nowNanos - startNanos) / 1e9);
        return String.format(
                Locale.ROOT,
                "%s [%s%s] %3.0f%% %8.1f MB/s",
                label,
                "#".repeat(filled),
                "-".repeat(WIDTH - filled),
                fraction * 100,
                done / seconds / 1e6);
    }

    /** True when standard output is an interactive terminal. */
    @SuppressWarnings("SystemConsoleNull") // JDK 21 answers with null; JDK 22+ with isTerminal below
    static boolean stdoutIsTerminal() {
        java.io.Console console = System.console();
        if (console == null) return false;
        try {
            // Console.isTerminal() exists from Java 22 on; before that a console means a terminal.
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException notJava22) {
            return true;
        }
    }
}
