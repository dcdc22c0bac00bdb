package io.nzbmount.server.observe;

import io.nzbmount.config.Settings;
import io.nzbmount.server.events.EventJson;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.Events;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The diagnostics export: the settings with every secret masked ({@link Settings#masked()}), the
 * events of the last {@link #WINDOW}, health and the streams now. Something to attach to a bug
 * report. Thread-safe.
 */
public final class Diagnostics {

    /** How far back the export's events go. */
    public static final Duration WINDOW = Duration.ofMinutes(10);
    /** The most events one export holds; the newest are dropped past it (and the export says so). */
    static final int MAX_EVENTS = 20_000;

    private final Settings settings;
    private final EventLog events;
    private final Health health;
    private final StreamRegistry registry;
    private final Clock clock;

    public Diagnostics(Settings settings, EventLog events, Health health, StreamRegistry registry, Clock clock) {
        this.settings = Objects.requireNonNull(settings);
        this.events = Objects.requireNonNull(events);
        this.health = Objects.requireNonNull(health);
        this.registry = Objects.requireNonNull(registry);
        this.clock = Objects.requireNonNull(clock);
    }

    /**
     * An export.
     *
     * @param generated when it was made
     * @param content   the JSON-ready document
     */
    public record Export(Instant generated, Map<String, Object> content) {
        /** A file name for the download, e.g. {@code nzbmount-diagnostics-20250301-100000.json}. */
        public String fileName() {
            return "nzbmount-diagnostics-" + FILE_TIME.format(generated) + ".json";
        }
    }

    private static final DateTimeFormatter FILE_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /**
     * Makes an export now. A database that cannot be read leaves the events out and says why
     * ({@code eventsError}); the rest is still useful.
     */
    public Export export() {
        Instant now = clock.instant();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("generated", now.toString());
        m.put("settings", settings.masked());
        m.put("health", ObserveJson.health(health.report()));
        m.put("streams", registry.streams().stream().map(ObserveJson::stream).toList());
        m.put("eventsSince", now.minus(WINDOW).toString());
        try {
            List<EventRecord> recent = recentEvents(now.minus(WINDOW));
            m.put("events", recent.stream().map(EventJson::of).toList());
            m.put("eventsTruncated", recent.size() >= MAX_EVENTS);
        } catch (StoreException e) {
            m.put("events", List.of());
            m.put("eventsError", "the event timeline could not be read: " + e.getMessage());
        }
        return new Export(now, m);
    }

    private List<EventRecord> recentEvents(Instant since) throws StoreException {
        List<EventRecord> all = new ArrayList<>();
        long after = 0;
        while (all.size() < MAX_EVENTS) {
            int limit = Math.min(Events.MAX_LIMIT, MAX_EVENTS - all.size());
            List<EventRecord> page =
                    events.find(new EventQuery(after, Optional.of(since), OptionalLong.empty(), limit));
            all.addAll(page);
            if (page.size() < limit) break;
            after = page.get(page.size() - 1).id();
        }
        return all;
    }
}
