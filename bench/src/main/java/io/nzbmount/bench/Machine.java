package io.nzbmount.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the machine was doing: load average and a process's memory, from /proc. */
final class Machine {
    private Machine() {}

    /** The 1-, 5- and 15-minute load averages as /proc/loadavg gives them. */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** A field of /proc/PID/status in KiB (VmRSS, VmHWM), or -1 when unreadable. */
    static long statusKib(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(
                            line.substring(field.length() + 1).replace("kB", "").trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    static String mib(long kib) {
        return String.format(Locale.ROOT, "%.1f MiB", kib / 1024.0);
    }

    static void header(String what) {
        System.out.println("# " + what);
        System.out.println("# java " + Runtime.version() + ", "
                + Runtime.getRuntime().availableProcessors() + " cpus, load average at start " + load());
    }
}
