package io.nzbmount.server.observe;

import io.nzbmount.nntp.ProviderHealth;
import io.nzbmount.server.observe.StreamRegistry.Counters;

/**
 * Writes a {@link HealthReport} in the Prometheus text exposition format 0.0.4: for every metric
 * a {@code # HELP} and a {@code # TYPE} line, then its samples; names start with
 * {@code nzbmount_}; label values are escaped. Pure and stateless.
 */
public final class PrometheusText {

    /** The content type of the format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private PrometheusText() {}

    public static String render(HealthReport r) {
        StringBuilder out = new StringBuilder(2048);
        Counters c = r.counters();
        metric(out, "nzbmount_streams_active", "gauge", "Streams (GET responses) being served now.", c.activeStreams());
        metric(
                out,
                "nzbmount_streams_retrying",
                "gauge",
                "Streams waiting to read again after a failed read.",
                c.retrying());
        metric(out, "nzbmount_validations_running", "gauge", "Standby proofs running now.", c.proofsRunning());
        metric(
                out,
                "nzbmount_streams_on_standby",
                "gauge",
                "Streams served from a standby source after a cutover.",
                c.standbyActive());
        metric(out, "nzbmount_streams_opened_total", "counter", "Streams opened since start.", c.streamsOpened());
        metric(out, "nzbmount_cutovers_total", "counter", "Cutovers to another source since start.", c.cutoversTotal());
        metric(
                out,
                "nzbmount_bytes_served_total",
                "counter",
                "Bytes sent to clients by streams since start.",
                c.bytesServed());
        metric(
                out,
                "nzbmount_uptime_seconds",
                "gauge",
                "Seconds since the server started.",
                r.uptime().toSeconds());
        header(out, "nzbmount_build_info", "gauge", "The server's version, as a label; the value is always 1.");
        out.append("nzbmount_build_info{version=\"").append(label(r.version())).append("\"} 1\n");

        memory(out, r.memory());

        header(out, "nzbmount_provider_connections", "gauge", "Connections to a provider by state.");
        for (ProviderHealth p : r.providers()) {
            sample(out, "nzbmount_provider_connections", p.name(), "leased", p.leased());
            sample(out, "nzbmount_provider_connections", p.name(), "idle", p.idle());
        }
        header(out, "nzbmount_provider_cooling_down", "gauge", "1 while a provider is skipped after refusing us.");
        for (ProviderHealth p : r.providers())
            sample(out, "nzbmount_provider_cooling_down", p.name(), null, p.coolingDown() ? 1 : 0);
        header(
                out,
                "nzbmount_provider_failures_total",
                "counter",
                "Fetch attempts that failed for a provider's or the network's reasons since start.");
        for (ProviderHealth p : r.providers())
            sample(out, "nzbmount_provider_failures_total", p.name(), null, p.failures());
        header(
                out,
                "nzbmount_provider_stalls_total",
                "counter",
                "Reads of a provider that timed out (no first byte, or a silence inside an article) since start.");
        for (ProviderHealth p : r.providers())
            sample(out, "nzbmount_provider_stalls_total", p.name(), null, p.stalls());
        header(out, "nzbmount_provider_articles_total", "counter", "Articles a provider served since start.");
        for (ProviderHealth p : r.providers())
            sample(out, "nzbmount_provider_articles_total", p.name(), null, p.fetched());
        header(
                out,
                "nzbmount_provider_hedged_total",
                "counter",
                "Articles asked again elsewhere because this provider was late with them, since start.");
        for (ProviderHealth p : r.providers())
            sample(out, "nzbmount_provider_hedged_total", p.name(), null, p.hedged());
        return out.toString();
    }

    /** Appends a counter with its help and type lines. */
    public static void counter(StringBuilder out, String name, String help, long value) {
        metric(out, name, "counter", help, value);
    }

    private static void memory(StringBuilder out, ProcessMemory m) {
        metric(
                out,
                "nzbmount_process_resident_memory_bytes",
                "gauge",
                "Resident set size of the server process (VmRSS); -1 where unknown.",
                m.rssBytes());
        header(out, "nzbmount_jvm_heap_bytes", "gauge", "Java heap in use and committed, and its limit (-1: none).");
        out.append("nzbmount_jvm_heap_bytes{area=\"used\"} ")
                .append(m.heapUsedBytes())
                .append('\n');
        out.append("nzbmount_jvm_heap_bytes{area=\"committed\"} ")
                .append(m.heapCommittedBytes())
                .append('\n');
        out.append("nzbmount_jvm_heap_bytes{area=\"max\"} ")
                .append(m.heapMaxBytes())
                .append('\n');
        header(out, "nzbmount_jvm_buffer_pool_bytes", "gauge", "Memory held by the JDK's direct and mapped buffers.");
        out.append("nzbmount_jvm_buffer_pool_bytes{pool=\"direct\"} ")
                .append(m.directBytes())
                .append('\n');
        out.append("nzbmount_jvm_buffer_pool_bytes{pool=\"mapped\"} ")
                .append(m.mappedBytes())
                .append('\n');
        metric(
                out,
                "nzbmount_process_threads",
                "gauge",
                "Operating-system threads of the server process.",
                m.threads());
        metric(
                out,
                "nzbmount_process_open_fds",
                "gauge",
                "Open file descriptors (sockets, files) of the server process.",
                m.openDescriptors());
    }

    private static void metric(StringBuilder out, String name, String type, String help, long value) {
        header(out, name, type, help);
        out.append(name).append(' ').append(value).append('\n');
    }

    private static void header(StringBuilder out, String name, String type, String help) {
        out.append("# HELP ")
                .append(name)
                .append(' ')
                .append(help.replace("\\", "\\\\").replace("\n", "\\n"))
                .append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void sample(StringBuilder out, String name, String provider, String state, long value) {
        out.append(name).append("{provider=\"").append(label(provider)).append('"');
        if (state != null) out.append(",state=\"").append(state).append('"');
        out.append("} ").append(value).append('\n');
    }

    /** A label value as the format wants it: backslash, double quote and line feed escaped. */
    static String label(String value) {
        StringBuilder b = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '\n' -> b.append("\\n");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
