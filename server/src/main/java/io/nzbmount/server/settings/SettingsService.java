package io.nzbmount.server.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nzbmount.config.ConfigException;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.server.http.FetchTargets;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SettingsTable;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The settings in force, and saving them from the web UI.
 *
 * <p>Where a setting comes from, weakest first: the configuration file (with defaults), then the
 * settings saved from the web UI (an overlay document in the database's {@code settings} table,
 * under {@value #OVERLAY_KEY}), then the environment overrides ({@code NZBMOUNT_*}), which win
 * over both. The overlay holds the sections the UI edits ({@code server.bind}, {@code server.port},
 * {@code auth}, {@code providers}, {@code indexers}, {@code fallback}), each replacing the file's
 * whole section (lists whole, not entry by entry); {@code server.dataDir} and {@code reader} come
 * from the file only. Every combination is validated by {@link ConfigLoader}, with the same rules
 * and messages as the file.
 *
 * <p>What a save changes: every section is stored and applies at the next start
 * ({@link #restartRequired()} names what differs from what the server runs with), except the
 * sections declared live ({@link #appliesLive}): the registered {@link SettingsListener}s are told
 * of fallback and indexer changes, and a section whose listener applies it at once is declared
 * live by whoever registered that listener.
 *
 * <p>Thread-safe: saves are serialised; {@link #current()} may be read from any thread.
 */
public final class SettingsService {

    /** The sections whose changes {@link SettingsListener}s are told of. */
    public static final List<String> LIVE_CAPABLE = List.of("fallback", "indexers");

    /** The key of the overlay document in the {@code settings} table. */
    public static final String OVERLAY_KEY = "ui.settings";

    private static final Logger LOG = LoggerFactory.getLogger(SettingsService.class);
    private static final String SOURCE = "settings saved from the web UI";

    private final Database db;
    private final Settings base;
    private final Map<String, String> env;
    private final Settings started;
    private final List<String> ignoredSaved;
    private final List<SettingsListener> listeners = new CopyOnWriteArrayList<>();
    private final Set<String> live = new CopyOnWriteArraySet<>();
    private ObjectNode overlay;
    private volatile Settings current;

    private SettingsService(
            Database db,
            Settings base,
            Map<String, String> env,
            ObjectNode overlay,
            Settings started,
            List<String> ignoredSaved) {
        this.db = db;
        this.base = base;
        this.env = Map.copyOf(env);
        this.overlay = overlay;
        this.started = started;
        this.current = started;
        this.ignoredSaved = List.copyOf(ignoredSaved);
    }

    /**
     * Combines the settings of the file with those saved from the web UI. Saved settings that are
     * no longer valid (the file or the environment changed under them) are not used: the file's
     * settings apply, a warning is logged, {@link #ignoredSaved()} says why, and the saved
     * document stays until the next save replaces it.
     *
     * @param db   the database holding the saved settings
     * @param base the settings loaded from the file and the environment ({@link ConfigLoader#load})
     * @param env  the same environment {@code base} was loaded with
     * @throws StoreException when the database cannot be read
     */
    public static SettingsService open(Database db, Settings base, Map<String, String> env) throws StoreException {
        Optional<String> stored = db.transaction(c -> SettingsTable.get(c, OVERLAY_KEY));
        ObjectNode overlay = SettingsTrees.MAPPER.createObjectNode();
        List<String> ignored = new ArrayList<>();
        List<String> stale = List.of();
        Settings effective = base;
        if (stored.isPresent()) {
            try {
                JsonNode parsed = SettingsTrees.MAPPER.readTree(stored.get());
                if (!(parsed instanceof ObjectNode o)) throw new IllegalStateException("not a JSON object");
                overlay = o;
                stale = withoutHiddenSections(overlay);
                effective = combine(base, overlay, env);
            } catch (JsonProcessingException | IllegalStateException e) {
                ignored.add("the saved document cannot be read (" + e.getClass().getSimpleName() + ")");
            } catch (InvalidSettingsException e) {
                e.fields().forEach((k, v) -> ignored.add(k.isEmpty() ? v : k + ": " + v));
            }
            if (!ignored.isEmpty()) {
                LOG.warn("{} are not used, the configuration file's apply: {}", SOURCE, String.join("; ", ignored));
                overlay = SettingsTrees.MAPPER.createObjectNode();
                effective = base;
            }
            if (!stale.isEmpty()) {
                LOG.warn("{} hold sections the web UI does not edit, which are not used: {}", SOURCE, stale);
                for (String section : stale)
                    ignored.add(section + ": not a section of these settings; set it in the" + " configuration file");
            }
        }
        return new SettingsService(db, base, env, overlay, effective, ignored);
    }

    /**
     * Removes the sections the web UI does not show (saved before such sections were refused):
     * they would apply at each start unseen. Returns their names.
     */
    private static List<String> withoutHiddenSections(ObjectNode overlay) {
        List<String> hidden = new ArrayList<>();
        overlay.fieldNames().forEachRemaining(name -> {
            if (!SettingsTrees.EDITABLE.contains(name)) hidden.add(name);
        });
        overlay.remove(hidden);
        return hidden;
    }

    /** The settings now in force: file, saved settings and environment combined. */
    public Settings current() {
        return current;
    }

    /** The settings the server was started with. */
    public Settings started() {
        return started;
    }

    /** The environment the settings were loaded with. */
    Map<String, String> environment() {
        return env;
    }

    /**
     * The saved settings that differ from what the server runs with and apply at the next start:
     * any of {@code server.bind}, {@code server.port}, {@code auth}, {@code providers},
     * {@code indexers}, {@code fallback}; never a section that {@link #appliesLive applies live}.
     */
    public List<String> restartRequired() {
        Settings now = current;
        List<String> keys = new ArrayList<>();
        if (!now.server().bind().equals(started.server().bind())) keys.add("server.bind");
        if (now.server().port() != started.server().port()) keys.add("server.port");
        if (!now.auth().equals(started.auth())) keys.add("auth");
        if (!now.providers().equals(started.providers())) keys.add("providers");
        if (!now.indexers().equals(started.indexers())) keys.add("indexers");
        if (!now.fallback().equals(started.fallback())) keys.add("fallback");
        keys.removeAll(live);
        return keys;
    }

    /** The sections that apply without a restart, in the order {@link #LIVE_CAPABLE} names them. */
    public List<String> liveSections() {
        return LIVE_CAPABLE.stream().filter(live::contains).toList();
    }

    /**
     * Declares that a listener registered with {@link #addListener} applies {@code section} at
     * once, so a saved change to it needs no restart.
     *
     * @param section one of {@link #LIVE_CAPABLE}
     */
    public void appliesLive(String section) {
        if (!LIVE_CAPABLE.contains(section)) {
            throw new IllegalArgumentException("listeners are told of " + LIVE_CAPABLE + " only, not " + section);
        }
        live.add(section);
    }

    /** Why the saved settings were not used at start; empty when they were (or there were none). */
    public List<String> ignoredSaved() {
        return ignoredSaved;
    }

    /** Adds a listener for changes that apply without a restart. */
    public void addListener(SettingsListener listener) {
        listeners.add(listener);
    }

    public void removeListener(SettingsListener listener) {
        listeners.remove(listener);
    }

    /**
     * Validates and stores settings sent by a client ({@link SettingsRequest} describes the body),
     * then tells the listeners when the fallback or indexer settings changed. Sections left out of
     * the body keep their saved values. Nothing is stored when anything is invalid.
     *
     * @return the settings now in force
     * @throws InvalidSettingsException with every problem, by key path
     * @throws StoreException           when the database fails (nothing changed then)
     */
    public synchronized Settings save(JsonNode body) throws InvalidSettingsException, StoreException {
        Settings before = current;
        Map<String, String> moved = new LinkedHashMap<>();
        ObjectNode sections = SettingsRequest.sections(body, before, env, moved);
        ObjectNode next = overlay.deepCopy();
        for (Map.Entry<String, JsonNode> e : sections.properties()) {
            if (e.getKey().equals("server") && e.getValue().isObject() && next.get("server") instanceof ObjectNode s) {
                s.setAll((ObjectNode) e.getValue());
            } else {
                next.set(e.getKey(), e.getValue());
            }
        }
        Settings after;
        try {
            after = combine(base, next, env);
        } catch (InvalidSettingsException e) {
            throw moved.isEmpty() ? e : withMoved(e.fields(), moved);
        }
        if (!moved.isEmpty()) throw new InvalidSettingsException(moved);
        checkReachableOnlyWithLogin(after);
        String document = next.toString();
        db.transaction(c -> {
            SettingsTable.put(c, OVERLAY_KEY, document);
            return null;
        });
        overlay = next;
        current = after;
        SettingsChange change = new SettingsChange(before, after);
        if (change.fallbackChanged() || change.indexersChanged()) {
            for (SettingsListener l : listeners) {
                try {
                    l.settingsChanged(change);
                } catch (RuntimeException e) {
                    LOG.error("a settings listener failed; the settings are saved", e);
                }
            }
        }
        return after;
    }

    /**
     * The loader's problems and the secrets not kept: the loader's word on a secret left out (or on
     * its entry's login as a whole) gives way to the clearer "type it again".
     */
    private static InvalidSettingsException withMoved(Map<String, String> loader, Map<String, String> moved) {
        Map<String, String> all = new LinkedHashMap<>(loader);
        for (String key : moved.keySet()) {
            all.remove(key);
            all.remove(key.substring(0, key.lastIndexOf('.')));
        }
        all.putAll(moved);
        return new InvalidSettingsException(all);
    }

    /** The file's settings with the overlay's sections in their place, validated with the environment on top. */
    static Settings combine(Settings base, ObjectNode overlay, Map<String, String> env)
            throws InvalidSettingsException {
        ObjectNode tree = SettingsTrees.full(base);
        for (Map.Entry<String, JsonNode> e : overlay.properties()) {
            if (e.getKey().equals("server") && e.getValue() instanceof ObjectNode s) {
                ((ObjectNode) tree.get("server")).setAll(s.deepCopy());
            } else {
                tree.set(e.getKey(), e.getValue().deepCopy());
            }
        }
        try {
            return ConfigLoader.fromText(yaml(tree), SOURCE, env);
        } catch (ConfigException e) {
            throw new InvalidSettingsException(ProblemFields.of(e.problems()));
        }
    }

    /**
     * A tree as text for {@link ConfigLoader#fromText}: JSON is YAML, and with non-ASCII escaped
     * the YAML reader sees plain ASCII whatever the values hold.
     */
    static String yaml(JsonNode tree) {
        try {
            return SettingsTrees.MAPPER
                    .writer()
                    .with(JsonWriteFeature.ESCAPE_NON_ASCII)
                    .writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("settings tree cannot be written as JSON", e);
        }
    }

    /**
     * The web server refuses to start bound beyond loopback without a login; a save that would
     * make the next start fail that way is refused now, where the user can still fix it.
     */
    private static void checkReachableOnlyWithLogin(Settings s) throws InvalidSettingsException {
        if (s.auth().isPresent() || FetchTargets.loopbackOnly(s.server().bind())) return;
        throw new InvalidSettingsException(
                Map.of(
                        "server.bind",
                        "listening on " + s.server().bind()
                                + " lets anyone on the network in: set a login (auth username and password) first, or bind to 127.0.0.1"));
    }
}
