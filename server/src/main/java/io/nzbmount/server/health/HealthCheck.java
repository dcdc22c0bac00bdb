package io.nzbmount.server.health;

import io.nzbmount.nntp.ArticleCensus;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.MissingArticles;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One health check of a source: STAT of its articles ({@link Usenet#census}, pipelined, background
 * priority), each article every provider lacks stored as missing and, where its file's segment map
 * places it, as a hole of the source ({@link HoleTable}), which the coverage bar, the reads and the
 * proofs use. Holes not known before are announced: a {@code holes-found} event, the counters and
 * {@link NewHoles}. Nothing is deleted, whatever is found.
 *
 * <p>A check that found no article of the source at all stores nothing: providers that answer 430
 * to everything (a wrong server, an expired account) say nothing about the release. The articles
 * found missing are asked about once more, together with a few found present ({@value #CONTROLS}
 * controls) in the same batches: only those still missing while every control is still there
 * are stored, so an outage that began during the check (every article 430 for a while) leaves no
 * hole. Unknown answers (timeouts, providers that could not be asked) are never holes. Thread-safe; one check
 * of a source at a time is the caller's affair.
 */
public final class HealthCheck implements SourceCheck {
    static final String REASON = "missing on every provider at a health check";
    /** The most holes one event lists; the count is always whole. */
    static final int EVENT_HOLES = 50;
    /** Articles found present that are asked again with the missing ones. */
    static final int CONTROLS = 4;

    private final Database db;
    private final ItemCatalog catalog;
    private final SegmentMaps maps;
    private final Census census;
    private final HoleTable holes;
    private final EventLog events;
    private final HealthCounters counters;
    private final NewHoles newHoles;

    /** @param census asks the providers ({@link Usenet#census} in service) */
    public HealthCheck(
            Database db,
            ItemCatalog catalog,
            SegmentMaps maps,
            Census census,
            HoleTable holes,
            EventLog events,
            HealthCounters counters,
            NewHoles newHoles) {
        this.db = db;
        this.catalog = catalog;
        this.maps = maps;
        this.census = census;
        this.holes = holes;
        this.events = events;
        this.counters = counters;
        this.newHoles = newHoles;
    }

    @Override
    public CheckResult run(long sourceId, CheckKind kind, int sample, long seed)
            throws StoreException, ReadCancelledException {
        Optional<SourceRecord> source = db.transaction(c -> SourceTable.byId(c, sourceId));
        if (source.isEmpty()) return new CheckResult(0, 0, 0, 0);
        SourceArticles articles = SourceArticles.of(catalog, sourceId);
        List<NzbSegment> all = articles.segments();
        List<NzbSegment> asked = sample > 0 ? SampleChoice.of(all, sample, seed) : all;
        ArticleCensus first = census.of(asked);
        counters.checked(first.checked());
        if (first.present() == 0 || first.missing().isEmpty()) {
            return new CheckResult(
                    first.checked(), first.missing().size(), first.unknown().size(), 0);
        }
        Set<String> missing = confirmed(asked, first);
        if (missing.isEmpty())
            return new CheckResult(first.checked(), 0, first.unknown().size(), 0);
        List<Hole> found = articles.holes(catalog, maps, missing);
        List<Hole> known = HoleTable.ofSource(db, sourceId);
        List<Hole> fresh = new ArrayList<>();
        for (Hole h : found) {
            if (known.stream()
                    .noneMatch(k -> k.fileIndex() == h.fileIndex() && k.start() <= h.start() && k.end() >= h.end())) {
                fresh.add(h);
            }
        }
        db.transaction(c -> {
            MissingArticles.insertAll(c, sourceId, missing);
            return null;
        });
        for (Hole h : found) holes.add(sourceId, h, REASON);
        if (!fresh.isEmpty()) {
            counters.holesFound(fresh.size());
            record(
                    source.get(),
                    kind,
                    first.checked(),
                    missing.size(),
                    first.unknown().size(),
                    fresh);
            newHoles.found(new FoundHoles(source.get().itemId(), sourceId, fresh, missing));
        }
        return new CheckResult(first.checked(), missing.size(), first.unknown().size(), fresh.size());
    }

    /**
     * The articles of {@code census} still missing when asked again with a few found present;
     * none when one of those is no longer found.
     */
    private Set<String> confirmed(List<NzbSegment> asked, ArticleCensus first) throws ReadCancelledException {
        List<NzbSegment> again = new ArrayList<>();
        List<NzbSegment> present = new ArrayList<>();
        for (NzbSegment s : asked) {
            if (first.missing().contains(s.messageId())) again.add(s);
            else if (!first.unknown().contains(s.messageId())) present.add(s);
        }
        Set<String> controls = new HashSet<>();
        for (int i = 0; i < CONTROLS && i < present.size(); i++) {
            NzbSegment control = present.get((int) ((long) i * present.size() / Math.min(CONTROLS, present.size())));
            controls.add(control.messageId());
            again.add(control);
        }
        ArticleCensus second = census.of(again);
        for (String id : controls) if (second.missing().contains(id)) return Set.of();
        Set<String> still = new HashSet<>(first.missing());
        still.retainAll(second.missing());
        return still;
    }

    private void record(SourceRecord source, CheckKind kind, int checked, int missing, int unknown, List<Hole> fresh)
            throws StoreException {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("source", source.id());
        detail.put("release", source.releaseName());
        detail.put("role", source.role().word());
        detail.put("check", kind.word());
        detail.put("articlesChecked", checked);
        detail.put("missingArticles", missing);
        detail.put("unknownArticles", unknown);
        detail.put("newHoles", fresh.size());
        List<Map<String, Object>> listed = new ArrayList<>();
        for (Hole h : fresh.subList(0, Math.min(fresh.size(), EVENT_HOLES))) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", h.fileIndex());
            m.put("start", h.start());
            m.put("end", h.end());
            listed.add(m);
        }
        detail.put("holes", listed);
        events.record(OptionalLong.of(source.itemId()), Optional.empty(), EventKind.HOLES_FOUND, detail);
    }
}
