package io.nzbmount.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * All settings of one run: loaded and validated once at start-up by {@link ConfigLoader}, then
 * shared read-only (immutable, thread-safe). {@link #toString()} and {@link #masked()} never show
 * passwords or API keys.
 *
 * @param server    the HTTP server
 * @param auth      the login for the web UI, the API and WebDAV; empty: no login
 * @param providers the Usenet providers, in configured order
 * @param indexers  the Newznab indexers, in configured order
 * @param fallback  automatic cutover to standby releases
 * @param reader    reading from providers
 * @param downloads the download client for Sonarr and Radarr
 * @param health    the background health check of every release's articles
 * @param rclone    the rclone remote control asked to refresh the library's listing
 * @param repair    PAR2 repair of releases with holes
 */
public record Settings(
        ServerSettings server,
        Optional<Credentials> auth,
        List<ProviderSettings> providers,
        List<IndexerSettings> indexers,
        FallbackSettings fallback,
        ReaderSettings reader,
        DownloadSettings downloads,
        HealthSettings health,
        RcloneSettings rclone,
        RepairSettings repair) {

    /** What stands in for a secret in {@link #masked()} and in every {@code toString()}. */
    public static final String MASK = "****";

    public Settings {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(auth, "auth");
        providers = List.copyOf(providers);
        indexers = List.copyOf(indexers);
        Objects.requireNonNull(fallback, "fallback");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(downloads, "downloads");
        Objects.requireNonNull(health, "health");
        Objects.requireNonNull(rclone, "rclone");
        Objects.requireNonNull(repair, "repair");
    }

    /** Settings with the {@linkplain HealthSettings#defaults() default} health check and no rclone remote control. */
    public Settings(
            ServerSettings server,
            Optional<Credentials> auth,
            List<ProviderSettings> providers,
            List<IndexerSettings> indexers,
            FallbackSettings fallback,
            ReaderSettings reader,
            DownloadSettings downloads) {
        this(
                server,
                auth,
                providers,
                indexers,
                fallback,
                reader,
                downloads,
                HealthSettings.defaults(),
                RcloneSettings.defaults(),
                RepairSettings.defaults());
    }

    /** Settings without an rclone remote control. */
    public Settings(
            ServerSettings server,
            Optional<Credentials> auth,
            List<ProviderSettings> providers,
            List<IndexerSettings> indexers,
            FallbackSettings fallback,
            ReaderSettings reader,
            DownloadSettings downloads,
            HealthSettings health) {
        this(
                server,
                auth,
                providers,
                indexers,
                fallback,
                reader,
                downloads,
                health,
                RcloneSettings.defaults(),
                RepairSettings.defaults());
    }

    /** Settings with the default health check. */
    public Settings(
            ServerSettings server,
            Optional<Credentials> auth,
            List<ProviderSettings> providers,
            List<IndexerSettings> indexers,
            FallbackSettings fallback,
            ReaderSettings reader,
            DownloadSettings downloads,
            RcloneSettings rclone) {
        this(
                server,
                auth,
                providers,
                indexers,
                fallback,
                reader,
                downloads,
                HealthSettings.defaults(),
                rclone,
                RepairSettings.defaults());
    }

    /** Settings with the default repair store. */
    public Settings(
            ServerSettings server,
            Optional<Credentials> auth,
            List<ProviderSettings> providers,
            List<IndexerSettings> indexers,
            FallbackSettings fallback,
            ReaderSettings reader,
            DownloadSettings downloads,
            HealthSettings health,
            RcloneSettings rclone) {
        this(server, auth, providers, indexers, fallback, reader, downloads, health, rclone, RepairSettings.defaults());
    }

    /** Settings with the default health check and no rclone remote control. */
    public Settings(
            ServerSettings server,
            Optional<Credentials> auth,
            List<ProviderSettings> providers,
            List<IndexerSettings> indexers,
            FallbackSettings fallback,
            ReaderSettings reader,
            DownloadSettings downloads,
            RepairSettings repair) {
        this(
                server,
                auth,
                providers,
                indexers,
                fallback,
                reader,
                downloads,
                HealthSettings.defaults(),
                RcloneSettings.defaults(),
                repair);
    }

    /** Settings with the {@linkplain DownloadSettings#defaults() default} download client. */
    public Settings(
            ServerSettings server,
            Optional<Credentials> auth,
            List<ProviderSettings> providers,
            List<IndexerSettings> indexers,
            FallbackSettings fallback,
            ReaderSettings reader) {
        this(server, auth, providers, indexers, fallback, reader, DownloadSettings.defaults());
    }

    /** The settings of an empty configuration. */
    public static Settings defaults() {
        return new Settings(
                ServerSettings.defaults(),
                Optional.empty(),
                List.of(),
                List.of(),
                FallbackSettings.defaults(),
                ReaderSettings.defaults(),
                DownloadSettings.defaults(),
                RcloneSettings.defaults());
    }

    /**
     * The settings as nested maps and lists of strings, numbers and booleans (ready for a JSON
     * writer), keyed like the YAML file, with every secret that is set replaced by
     * {@value #MASK}. Unset optional values are null. A new, modifiable structure on each call.
     */
    public Map<String, Object> masked() {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("bind", server.bind());
        s.put("port", server.port());
        s.put("dataDir", server.dataDir().toString());
        s.put("allowedHosts", new ArrayList<Object>(server.allowedHosts()));
        root.put("server", s);
        root.put("auth", auth.map(Settings::maskedCredentials).orElse(null));
        List<Object> ps = new ArrayList<>();
        for (ProviderSettings p : providers) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("host", p.host());
            m.put("port", p.port());
            m.put("tls", p.tls());
            m.put("username", p.credentials().map(Credentials::username).orElse(null));
            m.put("password", p.credentials().map(c -> MASK).orElse(null));
            m.put("connections", p.connections());
            m.put("priority", p.priority());
            m.put("trustCertificate", p.trustCertificate().map(Path::toString).orElse(null));
            ps.add(m);
        }
        root.put("providers", ps);
        List<Object> is = new ArrayList<>();
        for (IndexerSettings i : indexers) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", i.name());
            m.put("url", i.url().toString());
            m.put("apiKey", MASK);
            is.add(m);
        }
        root.put("indexers", is);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("enabled", fallback.enabled());
        f.put("maxStandby", fallback.maxStandby());
        f.put("submitDelaySeconds", fallback.submitDelaySeconds());
        root.put("fallback", f);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("readAheadArticles", reader.readAheadArticles());
        r.put("connectTimeoutSeconds", reader.connectTimeoutSeconds());
        r.put("firstByteTimeoutMillis", reader.firstByteTimeoutMillis());
        r.put("betweenBytesTimeoutMillis", reader.betweenBytesTimeoutMillis());
        r.put("fetchBudgetMillis", reader.fetchBudgetMillis());
        r.put("retryBackoffMillis", new ArrayList<Object>(reader.retryBackoffMillis()));
        r.put("pipelineDepth", reader.pipelineDepth());
        root.put("reader", r);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("completeDir", downloads.completeDir().map(Path::toString).orElse(null));
        d.put("layout", downloads.layout().word());
        d.put("mountPath", downloads.mountPath().map(Path::toString).orElse(null));
        d.put("categories", new ArrayList<Object>(downloads.categories()));
        d.put("publicUrl", downloads.publicUrl().map(Object::toString).orElse(null));
        d.put("strmLinks", downloads.strmLinks().word());
        d.put("streamLinkHours", downloads.streamLinkHours());
        d.put(
                "allowedNzbHosts",
                new ArrayList<Object>(downloads.allowedNzbHosts().stream()
                        .map(HostPort::toString)
                        .toList()));
        root.put("downloads", d);
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("enabled", health.enabled());
        h.put("sampleEveryHours", health.sampleEveryHours());
        h.put("sampleArticles", health.sampleArticles());
        h.put("fullEveryHours", health.fullEveryHours());
        h.put("recheckArticlesPerSecond", health.recheckArticlesPerSecond());
        h.put("connections", health.connections());
        h.put("pipelineDepth", health.pipelineDepth());
        root.put("health", h);
        Map<String, Object> rc = new LinkedHashMap<>();
        rc.put("rcUrl", rclone.rcUrl().map(Object::toString).orElse(null));
        rc.put("username", rclone.login().map(Credentials::username).orElse(null));
        rc.put("password", rclone.login().map(c -> MASK).orElse(null));
        rc.put("remoteRoot", rclone.remoteRoot());
        root.put("rclone", rc);
        Map<String, Object> repairs = new LinkedHashMap<>();
        repairs.put("storeMiB", repair.storeMiB());
        root.put("repair", repairs);
        return root;
    }

    private static Map<String, Object> maskedCredentials(Credentials c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("username", c.username());
        m.put("password", MASK);
        return m;
    }
}
