package io.nzbmount.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.library.Counterparts;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.observe.StreamRegistry;
import io.nzbmount.server.observe.StreamView;
import io.nzbmount.server.standby.StandbyStatus;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.Events;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.server.Request;

/**
 * {@code GET /api/items/{id}/coverage}: per media file of the item, for each source the ranges it
 * is known to lack and the sampled ranges proved equal to the primary, and for each open stream
 * where it is and which source served which part (documented in docs/api.md). Reads the store and
 * the live streams; fetches nothing from Usenet. Thread-safe.
 *
 * <p>Per-sample results are not stored, so proved ranges are derived: a verified standby matched
 * every sample of its plan (the plan of its pair with the primary, aligned to both sides' articles
 * as the sweep aligns it), a standby being proved has compared the first {@code samplesDone}.
 * Plans depend only on stored maps, so they are kept once computed, keyed by what they are made of.
 */
public final class CoverageEndpoint {

    private static final int MAX_PLANS = 512;
    private static final List<String> SWITCH_KINDS = List.of(EventKind.CUTOVER.wire(), EventKind.ROUTED.wire());

    private final Database db;
    private final ItemCatalog catalog;
    private final SegmentMaps maps;
    private final StandbyStatus standby;
    private final StreamRegistry streams;
    private final EventLog events;
    private final Map<PlanKey, List<Sample>> plans = new ConcurrentHashMap<>();

    public CoverageEndpoint(
            Database db,
            ItemCatalog catalog,
            SegmentMaps maps,
            StandbyStatus standby,
            StreamRegistry streams,
            EventLog events) {
        this.db = db;
        this.catalog = catalog;
        this.maps = maps;
        this.standby = standby;
        this.streams = streams;
        this.events = events;
    }

    Reply get(Request request, String idText) throws StoreException {
        if (!request.getMethod().equals("GET")) throw ApiException.methodNotAllowed(request.getMethod(), "GET");
        long id = Query.number("item id", idText, 1);
        ItemView item = catalog.item(id).orElseThrow(() -> ApiException.unknownItem(id));
        Map<Long, StandbyProgress> progress = standby.ofItem(id);
        Map<Long, List<Hole>> holes = db.transaction(c -> HoleTable.bySourceOfItem(c, id));
        Map<Long, List<Hole>> rebuiltHoles = db.transaction(c -> HoleTable.repairedBySourceOfItem(c, id));
        List<SourceRecord> sources = new ArrayList<>();
        sources.add(item.primary());
        sources.addAll(item.standby());
        sources.addAll(item.others());
        List<FileRecord> itemFiles = db.transaction(c -> Files.ofItem(c, id));
        Map<Long, List<FileRecord>> filesOf = new HashMap<>();
        for (SourceRecord s : sources) filesOf.put(s.id(), db.transaction(c -> Files.ofSource(c, s.id())));
        List<StreamView> open =
                streams.streams().stream().filter(v -> v.start().itemId() == id).toList();
        Map<String, List<Coverage.Switch>> switches = switches(id, open);

        List<Map<String, Object>> files = new ArrayList<>();
        // A sweep compares the files in this order: a count of done samples runs across them.
        Map<Long, Integer> samplesBefore = new HashMap<>();
        for (LibraryFileView f : item.files()) {
            Map<String, Object> file = new LinkedHashMap<>();
            file.put("name", f.name());
            file.put("size", f.size());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (SourceRecord s : sources) {
                Optional<FileRecord> own = s.id() == f.sourceId()
                        ? filesOf.get(s.id()).stream()
                                .filter(r -> r.index() == f.index())
                                .findFirst()
                        : Counterparts.of(itemFiles, f.name(), filesOf.get(s.id()));
                List<Coverage.Range> missing = new ArrayList<>();
                for (Hole h : holes.getOrDefault(s.id(), List.of())) {
                    if (own.isPresent() && h.fileIndex() == own.get().index()) {
                        missing.add(new Coverage.Range(h.start(), h.end()));
                    }
                }
                List<Coverage.Range> rebuilt = new ArrayList<>();
                for (Hole h : rebuiltHoles.getOrDefault(s.id(), List.of())) {
                    if (own.isPresent() && h.fileIndex() == own.get().index()) {
                        rebuilt.add(new Coverage.Range(h.start(), h.end()));
                    }
                }
                List<Coverage.Range> proved = List.of();
                StandbyProgress p = progress.get(s.id());
                if (s.role() == SourceRole.STANDBY && own.isPresent() && p != null) {
                    List<Sample> plan = plan(f, s, own.get());
                    proved = proved(plan, p, samplesBefore.getOrDefault(s.id(), 0));
                    samplesBefore.merge(s.id(), plan.size(), Integer::sum);
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("id", s.id());
                row.put("release", s.releaseName());
                row.put("role", s.role().word());
                row.put("state", WireWords.of(s.state()));
                row.put("missing", pairs(Coverage.merged(missing, f.size())));
                row.put("proved", pairs(Coverage.merged(proved, f.size())));
                // Holes of the source whose bytes a PAR2 repair rebuilt: served from the repair store.
                row.put("rebuilt", pairs(Coverage.merged(rebuilt, f.size())));
                rows.add(row);
            }
            file.put("sources", rows);
            addStreams(file, f, open, switches);
            files.add(file);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("files", files);
        return Reply.json(200, body);
    }

    /** The sampled ranges of a standby proved equal, given its progress; {@code before} samples of earlier files. */
    private static List<Coverage.Range> proved(List<Sample> plan, StandbyProgress p, int before) {
        int count;
        if (p.state() == StandbyState.VERIFIED) {
            count = plan.size();
        } else if (p.state() == StandbyState.PROVING) {
            count = Math.max(0, Math.min(plan.size(), p.samplesDone() - before));
        } else {
            count = 0;
        }
        List<Coverage.Range> out = new ArrayList<>(count);
        for (Sample s : plan.subList(0, count)) out.add(new Coverage.Range(s.offset(), s.offset() + s.length()));
        return out;
    }

    /**
     * A plan is a function of the file's size and both files' maps, and those of the NZBs (by hash),
     * positions, stored maps and volumes: that is its key, which no other pair of files can share.
     */
    private record PlanKey(
            long size,
            String primarySha256,
            int primaryIndex,
            String primaryMapText,
            List<Integer> primaryVolumes,
            String standbySha256,
            int standbyIndex,
            String standbyMapText,
            List<Integer> standbyVolumes) {}

    /** The samples a sweep compares for this file of the primary and the standby's file. */
    private List<Sample> plan(LibraryFileView primary, SourceRecord standby, FileRecord other) throws StoreException {
        PlanKey key = new PlanKey(
                primary.size(),
                primary.sourceSha256(),
                primary.index(),
                primary.mapText(),
                primary.volumes(),
                standby.sha256(),
                other.index(),
                other.mapText(),
                other.volumes());
        List<Sample> known = plans.get(key);
        if (known != null) return known;
        List<Sample> samples = SamplePlan.forSize(primary.size());
        if (!samples.isEmpty()) {
            List<SegmentMap> both = new ArrayList<>(2);
            mapOf(primary).ifPresent(both::add);
            if (other.size() >= 0 && !other.mapText().isEmpty()) mapOf(other).ifPresent(both::add);
            // A standby sized only by its proof has no stored map: its samples are shown on the primary's grid.
            if (!both.isEmpty()) {
                samples = SamplePlan.alignToArticles(samples, primary.size(), both.toArray(SegmentMap[]::new));
            }
        }
        if (plans.size() >= MAX_PLANS) plans.clear();
        plans.put(key, samples);
        return samples;
    }

    private Optional<SegmentMap> mapOf(LibraryFileView f) throws StoreException {
        try {
            return maps.restore(f);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private Optional<SegmentMap> mapOf(FileRecord f) throws StoreException {
        try {
            return maps.restore(f);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static void addStreams(
            Map<String, Object> file,
            LibraryFileView f,
            List<StreamView> open,
            Map<String, List<Coverage.Switch>> switches) {
        List<Map<String, Object>> playback = new ArrayList<>();
        List<Map<String, Object>> served = new ArrayList<>();
        for (StreamView v : open) {
            if (!v.start().file().equals(f.name())) continue;
            long startSource = Long.parseLong(v.start().sourceId());
            List<Coverage.Switch> own = switches.getOrDefault(v.id(), List.of());
            Map<String, Object> at = new LinkedHashMap<>();
            at.put("stream", v.id());
            at.put("offset", v.offset());
            at.put("source", Coverage.current(startSource, own));
            playback.add(at);
            for (Coverage.Served part : Coverage.served(v.id(), v.start().offset(), startSource, own, v.offset())) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("stream", part.stream());
                m.put("start", part.start());
                m.put("end", part.end());
                m.put("source", part.source());
                served.add(m);
            }
        }
        file.put("playback", playback);
        file.put("served", served);
    }

    /** The source switches of each open stream of the item, from the timeline, oldest first. */
    private Map<String, List<Coverage.Switch>> switches(long itemId, List<StreamView> open) throws StoreException {
        Map<String, List<Coverage.Switch>> out = new HashMap<>();
        if (open.isEmpty()) return out;
        // Stream ids restart with the server: only events since the oldest open stream began are theirs.
        Instant since =
                open.stream().map(StreamView::started).min(Instant::compareTo).orElseThrow();
        Map<String, StreamView> byId = new HashMap<>();
        for (StreamView v : open) byId.put(v.id(), v);
        long after = 0;
        while (true) {
            List<EventRecord> page =
                    events.find(new EventQuery(after, Optional.of(since), OptionalLong.of(itemId), Events.MAX_LIMIT));
            for (EventRecord e : page) {
                if (!SWITCH_KINDS.contains(e.kind()) || e.stream().isEmpty()) continue;
                StreamView v = byId.get(e.stream().get());
                if (v == null || e.at().isBefore(v.started())) continue;
                Optional<Coverage.Switch> s = switchOf(e.detail());
                s.ifPresent(sw ->
                        out.computeIfAbsent(v.id(), k -> new ArrayList<>()).add(sw));
            }
            if (page.size() < Events.MAX_LIMIT) return out;
            after = page.get(page.size() - 1).id();
        }
    }

    private static Optional<Coverage.Switch> switchOf(String detail) {
        try {
            JsonNode d = ApiJson.MAPPER.readTree(detail);
            JsonNode offset = d.get("offset");
            JsonNode to = d.get("to");
            if (offset == null || to == null) return Optional.empty();
            long target = to.asLong(-1);
            return target < 0 ? Optional.empty() : Optional.of(new Coverage.Switch(offset.asLong(), target));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static List<List<Long>> pairs(List<Coverage.Range> ranges) {
        return ranges.stream().map(Coverage.Range::pair).toList();
    }
}
