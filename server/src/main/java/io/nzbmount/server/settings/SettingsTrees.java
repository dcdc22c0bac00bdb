package io.nzbmount.server.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nzbmount.config.Credentials;
import io.nzbmount.config.IndexerSettings;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.Settings;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link Settings} as JSON trees keyed like the YAML file: in full (secrets in clear, for the
 * stored overlay and for validation) and masked (for the API: no password or API key, a
 * {@code passwordSet} / {@code apiKeySet} flag and each list entry's {@code index} instead).
 * Stateless and thread-safe; every call returns a new tree the caller owns.
 */
final class SettingsTrees {

    static final ObjectMapper MAPPER = new ObjectMapper();

    /** The top-level sections the web UI edits; the others come from the file only. */
    static final List<String> EDITABLE = List.of("server", "auth", "providers", "indexers", "fallback");
    /** The keys of {@code server} the web UI edits ({@code dataDir} holds the database itself). */
    static final List<String> EDITABLE_SERVER_KEYS = List.of("bind", "port");

    private SettingsTrees() {}

    /** The whole configuration with secrets in clear: what the loader is given to validate. */
    static ObjectNode full(Settings s) {
        ObjectNode root = editable(s);
        ((ObjectNode) root.get("server")).put("dataDir", s.server().dataDir().toString());
        ArrayNode hosts = ((ObjectNode) root.get("server")).putArray("allowedHosts");
        s.server().allowedHosts().forEach(hosts::add);
        ObjectNode reader = root.putObject("reader");
        reader.put("readAheadArticles", s.reader().readAheadArticles());
        reader.put("connectTimeoutSeconds", s.reader().connectTimeoutSeconds());
        reader.put("firstByteTimeoutMillis", s.reader().firstByteTimeoutMillis());
        reader.put("betweenBytesTimeoutMillis", s.reader().betweenBytesTimeoutMillis());
        reader.put("fetchBudgetMillis", s.reader().fetchBudgetMillis());
        ArrayNode backoff = reader.putArray("retryBackoffMillis");
        s.reader().retryBackoffMillis().forEach(backoff::add);
        reader.put("pipelineDepth", s.reader().pipelineDepth());
        ObjectNode downloads = root.putObject("downloads");
        s.downloads().completeDir().ifPresent(d -> downloads.put("completeDir", d.toString()));
        downloads.put("layout", s.downloads().layout().word());
        s.downloads().mountPath().ifPresent(m -> downloads.put("mountPath", m.toString()));
        ArrayNode categories = downloads.putArray("categories");
        s.downloads().categories().forEach(categories::add);
        s.downloads().publicUrl().ifPresent(u -> downloads.put("publicUrl", u.toString()));
        downloads.put("strmLinks", s.downloads().strmLinks().word());
        downloads.put("streamLinkHours", s.downloads().streamLinkHours());
        ArrayNode nzbHosts = downloads.putArray("allowedNzbHosts");
        s.downloads().allowedNzbHosts().forEach(h -> nzbHosts.add(h.toString()));
        ObjectNode rclone = root.putObject("rclone");
        s.rclone().rcUrl().ifPresent(u -> rclone.put("rcUrl", u.toString()));
        s.rclone().login().ifPresent(c -> credentials(rclone, c));
        rclone.put("remoteRoot", s.rclone().remoteRoot());
        root.putObject("repair").put("storeMiB", s.repair().storeMiB());
        return root;
    }

    /** The sections of {@link #EDITABLE}, secrets in clear. */
    static ObjectNode editable(Settings s) {
        ObjectNode root = MAPPER.createObjectNode();
        ObjectNode server = root.putObject("server");
        server.put("bind", s.server().bind());
        server.put("port", s.server().port());
        if (s.auth().isPresent()) {
            credentials(root.putObject("auth"), s.auth().get());
        } else {
            root.putNull("auth");
        }
        ArrayNode providers = root.putArray("providers");
        for (ProviderSettings p : s.providers()) {
            ObjectNode n = provider(p);
            p.credentials().ifPresent(c -> credentials(n, c));
            providers.add(n);
        }
        ArrayNode indexers = root.putArray("indexers");
        for (IndexerSettings i : s.indexers()) {
            indexers.add(indexer(i).put("apiKey", i.apiKey()));
        }
        ObjectNode fallback = root.putObject("fallback");
        fallback.put("enabled", s.fallback().enabled());
        fallback.put("maxStandby", s.fallback().maxStandby());
        fallback.put("submitDelaySeconds", s.fallback().submitDelaySeconds());
        return root;
    }

    /**
     * The sections of {@link #EDITABLE} for the API: secrets replaced by {@code passwordSet} and
     * {@code apiKeySet}, list entries numbered by {@code index} (their position, which a later
     * request names to keep a secret it does not repeat).
     */
    static ObjectNode masked(Settings s) {
        ObjectNode root = editable(s);
        JsonNode auth = root.get("auth");
        if (auth instanceof ObjectNode a) mask(a, "password");
        int i = 0;
        for (JsonNode p : root.get("providers")) {
            ObjectNode n = (ObjectNode) p;
            if (!n.has("username")) n.putNull("username");
            mask(n, "password");
            n.put("index", i++);
        }
        i = 0;
        for (JsonNode x : root.get("indexers")) {
            ObjectNode n = (ObjectNode) x;
            mask(n, "apiKey");
            n.put("index", i++);
        }
        return root;
    }

    /**
     * The environment variables among {@code env} that set a key of {@code tree} (a masked tree),
     * by key path: {@code {"fallback.maxStandby": "NZBMOUNT_FALLBACK_MAXSTANDBY"}}. Secret keys
     * are named by their flag's key ({@code providers[0].password} for {@code passwordSet}).
     */
    static Map<String, String> environmentKeys(ObjectNode tree, Map<String, String> env) {
        Map<String, String> found = new TreeMap<>();
        collect(tree, "", env, found);
        // Without a login the tree has no auth keys to walk, but the environment may still set them.
        check("auth.username", env, found);
        check("auth.password", env, found);
        return found;
    }

    private static void collect(JsonNode node, String path, Map<String, String> env, Map<String, String> found) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String key = switch (e.getKey()) {
                    case "passwordSet" -> "password";
                    case "apiKeySet" -> "apiKey";
                    case "index" -> null;
                    default -> e.getKey();
                };
                if (key != null) collect(e.getValue(), path.isEmpty() ? key : path + "." + key, env, found);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) collect(node.get(i), path + "[" + i + "]", env, found);
        } else {
            check(path, env, found);
        }
    }

    private static void check(String path, Map<String, String> env, Map<String, String> found) {
        String name = envName(path);
        if (env.containsKey(name)) found.put(path, name);
    }

    /** The environment variable of a key path: {@code providers[0].host} is {@code NZBMOUNT_PROVIDERS_0_HOST}. */
    static String envName(String path) {
        return "NZBMOUNT_"
                + path.replace("[", "_").replace("]", "").replace('.', '_').toUpperCase(Locale.ROOT);
    }

    private static ObjectNode provider(ProviderSettings p) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("name", p.name());
        n.put("host", p.host());
        n.put("port", p.port());
        n.put("tls", p.tls());
        n.put("connections", p.connections());
        n.put("priority", p.priority());
        p.trustCertificate().ifPresent(f -> n.put("trustCertificate", f.toString()));
        return n;
    }

    private static ObjectNode indexer(IndexerSettings i) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("name", i.name());
        n.put("url", i.url().toString());
        return n;
    }

    private static void credentials(ObjectNode n, Credentials c) {
        n.put("username", c.username());
        n.put("password", c.password());
    }

    private static void mask(ObjectNode n, String secretKey) {
        boolean set = n.hasNonNull(secretKey) && !n.get(secretKey).asText().isEmpty();
        n.remove(secretKey);
        n.put(secretKey + "Set", set);
    }
}
