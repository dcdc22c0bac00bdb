package io.nzbmount.server.repair;

/** The repairs' lines of {@code /metrics} (Prometheus text 0.0.4). Stateless. */
public final class RepairMetrics {
    private RepairMetrics() {}

    /** The counters of {@code repairs} now. */
    public static String text(RepairJobs repairs) {
        StringBuilder out = new StringBuilder();
        metric(
                out,
                "nzbmount_repair_bytes_read_total",
                "counter",
                "Bytes read from the providers for PAR2 repairs since start.",
                repairs.bytesRead());
        metric(
                out,
                "nzbmount_repair_slices_rebuilt_total",
                "counter",
                "Input slices rebuilt from PAR2 recovery data and checked since start.",
                repairs.slicesRebuilt());
        metric(out, "nzbmount_repair_store_bytes", "gauge", "Bytes the repair store holds.", repairs.storeBytes());
        return out.toString();
    }

    private static void metric(StringBuilder out, String name, String type, String help, long value) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        out.append(name).append(' ').append(value).append('\n');
    }
}
