package io.nzbmount.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the sections of one configuration into {@link Settings}: the keys, their defaults and
 * their rules live here. Every key of a section present in the file must be asked for (that is
 * what makes the others "unknown").
 */
final class SettingsReader {

    static final int MAX_RETRIES = 10;
    static final long MAX_BACKOFF_MILLIS = 600_000;
    static final int MAX_TIMEOUT_SECONDS = 3600;
    static final int MIN_DEADLINE_MILLIS = 100;
    static final int MAX_DEADLINE_MILLIS = 3_600_000;
    static final int MAX_SUBMIT_DELAY_SECONDS = 86_400;
    static final int MAX_READ_AHEAD_ARTICLES = 64;
    static final int MAX_PIPELINE_DEPTH = 8;

    private SettingsReader() {}

    static Settings read(Section root) {
        ServerSettings server = server(root.section("server"));
        Section authSection = root.section("auth");
        Optional<Credentials> auth = credentials(authSection, true);
        InitialApiKey.read(authSection);
        authSection.finish();
        List<ProviderSettings> providers = new ArrayList<>();
        for (Section p : root.list("providers")) providers.add(provider(p));
        uniqueNames(
                root,
                "providers",
                providers.stream().map(ProviderSettings::name).toList());
        List<IndexerSettings> indexers = new ArrayList<>();
        for (Section i : root.list("indexers")) indexers.add(indexer(i));
        uniqueNames(
                root, "indexers", indexers.stream().map(IndexerSettings::name).toList());
        FallbackSettings fallback = fallback(root.section("fallback"));
        ReaderSettings reader = reader(root.section("reader"));
        DownloadSettings downloads = DownloadsReader.read(root.section("downloads"));
        HealthSettings health = HealthReader.read(root.section("health"));
        RcloneSettings rclone = RcloneReader.read(root.section("rclone"));
        Section repairSection = root.section("repair");
        RepairSettings repair = new RepairSettings(
                repairSection.integer("storeMiB", RepairSettings.DEFAULT_STORE_MIB, 0, Integer.MAX_VALUE));
        repairSection.finish();
        root.finish();
        return new Settings(server, auth, providers, indexers, fallback, reader, downloads, health, rclone, repair);
    }

    private static ServerSettings server(Section s) {
        String bind = host(s, "bind").orElse(ServerSettings.DEFAULT_BIND);
        int port = s.integer("port", ServerSettings.DEFAULT_PORT, 0, 65535);
        Path dataDir = ServerSettings.DEFAULT_DATA_DIR;
        Optional<Section.Value> dir = s.value("dataDir");
        if (dir.isPresent() && !dir.get().text().isBlank()) {
            try {
                dataDir = Path.of(dir.get().text().strip());
            } catch (InvalidPathException e) {
                s.problem("dataDir", "not a valid path: " + e.getReason(), dir.get());
            }
        }
        List<String> allowedHosts = new ArrayList<>();
        List<Section.Value> hosts = s.textList("allowedHosts");
        for (int i = 0; i < hosts.size(); i++) {
            String name = hosts.get(i).text().toLowerCase(Locale.ROOT);
            String bare = name.startsWith("*.") ? name.substring(2) : name;
            if (!bare.matches("[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?")) {
                s.problem(
                        "allowedHosts[" + i + "]",
                        "must be a host name like nas.lan or *.example.lan (no scheme," + " port or path), got "
                                + Section.quote(hosts.get(i).text()),
                        hosts.get(i));
            } else {
                allowedHosts.add(name);
            }
        }
        s.finish();
        return new ServerSettings(bind, port, dataDir, allowedHosts);
    }

    /** Username and password, both or neither; {@code basic}: the name must suit HTTP Basic. */
    static Optional<Credentials> credentials(Section s, boolean basic) {
        Optional<String> username = s.text("username");
        Optional<String> password = s.secret("password");
        if (basic && username.isPresent() && username.get().contains(":")) {
            s.problem("username", "must not contain ':' (HTTP Basic uses it as the separator)", null);
        }
        Optional<Credentials> result = Optional.empty();
        if (s.reported("username") || s.reported("password")) {
            return result;
        } else if (username.isPresent() && password.isPresent()) {
            result = Optional.of(new Credentials(username.get(), password.get()));
        } else if (username.isPresent()) {
            s.problem(null, "username and password go together; password is missing", null);
        } else if (password.isPresent()) {
            s.problem(null, "username and password go together; username is missing", null);
        }
        return result;
    }

    private static ProviderSettings provider(Section s) {
        Optional<String> host = host(s, "host");
        if (host.isEmpty() && !s.reported("host")) s.problem("host", "required", null);
        String name = s.text("name").orElse(host.orElse(""));
        boolean tls = s.bool("tls", false);
        int port = s.integer(
                "port", tls ? ProviderSettings.DEFAULT_TLS_PORT : ProviderSettings.DEFAULT_PLAIN_PORT, 1, 65535);
        Optional<Credentials> credentials = credentials(s, false);
        int connections =
                s.integer("connections", ProviderSettings.DEFAULT_CONNECTIONS, 1, ProviderSettings.MAX_CONNECTIONS);
        int priority = s.integer("priority", ProviderSettings.DEFAULT_PRIORITY, Integer.MIN_VALUE, Integer.MAX_VALUE);
        Optional<Path> trust = trustCertificate(s);
        s.finish();
        return new ProviderSettings(name, host.orElse(""), port, tls, credentials, connections, priority, trust);
    }

    /** A PEM file that holds at least one certificate, or empty when unset. */
    private static Optional<Path> trustCertificate(Section s) {
        Optional<Section.Value> v = s.value("trustCertificate");
        String text = v.map(x -> x.text().strip()).orElse("");
        if (text.isEmpty()) return Optional.empty();
        Path file;
        try {
            file = Path.of(text);
        } catch (InvalidPathException e) {
            s.problem("trustCertificate", "not a valid path: " + e.getReason(), v.get());
            return Optional.empty();
        }
        try {
            PemCertificates.read(file);
        } catch (PemCertificates.Unusable e) {
            s.problem("trustCertificate", e.getMessage(), v.get());
            return Optional.empty();
        }
        return Optional.of(file);
    }

    private static IndexerSettings indexer(Section s) {
        Optional<String> name = s.text("name");
        URI url = url(s);
        Optional<String> apiKey = s.secret("apiKey");
        if (apiKey.isEmpty() && !s.reported("apiKey")) s.problem("apiKey", "required", null);
        s.finish();
        String label = name.orElse(url == null || url.getHost() == null ? "" : url.getHost());
        return new IndexerSettings(label, url == null ? URI.create("http://invalid/") : url, apiKey.orElse(""));
    }

    /** An http(s) URL with a host. Never echoed back: it may carry a key someone pasted in. */
    private static URI url(Section s) {
        Optional<Section.Value> raw = s.value("url");
        if (raw.isEmpty() || raw.get().text().isBlank()) {
            s.problem("url", "required", null);
            return null;
        }
        URI uri;
        try {
            uri = new URI(raw.get().text().strip());
        } catch (URISyntaxException e) {
            s.problem("url", "not a valid URL (" + e.getReason() + ")", raw.get());
            return null;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            s.problem("url", "must be an http:// or https:// URL", raw.get());
            return null;
        }
        if (uri.getHost() == null) {
            s.problem("url", "has no host name", raw.get());
            return null;
        }
        if (uri.getRawUserInfo() != null) {
            s.problem("url", "must not contain a user name or password", raw.get());
            return null;
        }
        String query = uri.getRawQuery() == null ? "" : uri.getRawQuery().toLowerCase(Locale.ROOT);
        if (query.contains("apikey=")) {
            s.problem("url", "must not carry the API key; put it in apiKey", raw.get());
            return null;
        }
        return uri;
    }

    private static FallbackSettings fallback(Section s) {
        boolean enabled = s.bool("enabled", true);
        int maxStandby = s.integer("maxStandby", FallbackSettings.MAX_STANDBY, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (maxStandby > FallbackSettings.MAX_STANDBY) {
            s.problem(
                    "maxStandby",
                    "at most " + FallbackSettings.MAX_STANDBY + ", got " + maxStandby
                            + " (the standby pool has a hard ceiling of " + FallbackSettings.MAX_STANDBY + ")",
                    s.value("maxStandby").orElse(null));
            maxStandby = FallbackSettings.MAX_STANDBY;
        } else if (maxStandby < 0) {
            s.problem(
                    "maxStandby",
                    "at least 0, got " + maxStandby,
                    s.value("maxStandby").orElse(null));
            maxStandby = FallbackSettings.MAX_STANDBY;
        }
        int delay = s.integer(
                "submitDelaySeconds", FallbackSettings.DEFAULT_SUBMIT_DELAY_SECONDS, 0, MAX_SUBMIT_DELAY_SECONDS);
        s.finish();
        return new FallbackSettings(enabled, maxStandby, delay);
    }

    private static ReaderSettings reader(Section s) {
        int readAhead =
                s.integer("readAheadArticles", ReaderSettings.DEFAULT_READ_AHEAD_ARTICLES, 1, MAX_READ_AHEAD_ARTICLES);
        s.value("socketTimeoutSeconds")
                .ifPresent(v -> s.problem(
                        "socketTimeoutSeconds",
                        "replaced by firstByteTimeoutMillis and betweenBytesTimeoutMillis (see docs/configuration.md, reader)",
                        v));
        int connectTimeout = s.integer(
                "connectTimeoutSeconds", ReaderSettings.DEFAULT_CONNECT_TIMEOUT_SECONDS, 1, MAX_TIMEOUT_SECONDS);
        int firstByte = s.integer(
                "firstByteTimeoutMillis",
                ReaderSettings.DEFAULT_FIRST_BYTE_TIMEOUT_MILLIS,
                MIN_DEADLINE_MILLIS,
                MAX_DEADLINE_MILLIS);
        int betweenBytes = s.integer(
                "betweenBytesTimeoutMillis",
                ReaderSettings.DEFAULT_BETWEEN_BYTES_TIMEOUT_MILLIS,
                MIN_DEADLINE_MILLIS,
                MAX_DEADLINE_MILLIS);
        int budget = s.integer(
                "fetchBudgetMillis",
                ReaderSettings.DEFAULT_FETCH_BUDGET_MILLIS,
                MIN_DEADLINE_MILLIS,
                MAX_DEADLINE_MILLIS);
        if (budget < firstByte) {
            s.problem(
                    "fetchBudgetMillis",
                    "must be at least firstByteTimeoutMillis (" + firstByte + "), got " + budget,
                    s.value("fetchBudgetMillis").orElse(null));
        }
        List<Long> backoff = s.wholeList(
                "retryBackoffMillis", ReaderSettings.DEFAULT_RETRY_BACKOFF_MILLIS, 0, MAX_BACKOFF_MILLIS, MAX_RETRIES);
        int depth = s.integer("pipelineDepth", ReaderSettings.DEFAULT_PIPELINE_DEPTH, 1, MAX_PIPELINE_DEPTH);
        s.finish();
        return new ReaderSettings(
                readAhead, connectTimeout, firstByte, betweenBytes, Math.max(budget, firstByte), backoff, depth);
    }

    /** A host name or address: no spaces and no scheme (people paste URLs here). */
    private static Optional<String> host(Section s, String key) {
        Optional<String> host = s.text(key);
        if (host.isPresent()
                && (host.get().contains("://")
                        || host.get().chars().anyMatch(Character::isWhitespace)
                        || host.get().contains("/"))) {
            s.problem(
                    key,
                    "must be a host name or address without scheme or path, got " + Section.quote(host.get()),
                    s.value(key).orElse(null));
            return Optional.empty();
        }
        return host;
    }

    private static void uniqueNames(Section root, String list, List<String> names) {
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (name.isEmpty()) continue;
            Integer earlier = first.putIfAbsent(name, i);
            if (earlier != null) {
                root.problem(
                        list + "[" + i + "].name",
                        "'" + name + "' is already the name of " + list + "[" + earlier + "]; names must be unique",
                        null);
            }
        }
    }
}
