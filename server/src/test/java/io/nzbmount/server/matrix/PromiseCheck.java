package io.nzbmount.server.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.policy.FailurePolicy;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Judges what one seed's server did against its {@link Oracle} and collects every breach of the
 * promise in words. Not thread-safe: one seed's thread uses it.
 */
final class PromiseCheck {
    /**
     * The longest a player may wait for a byte some source could serve: 8 s, after which a player
     * takes its stream for stalled (the failure rules' reference, seed 000).
     */
    static final long WAIT_BOUND_MILLIS = 8_000;
    /**
     * The longest a response may wait for a byte only a repair can rebuild: the failure rules wait
     * for a running repair as for providers that cannot be asked (40 s), plus slack for a loaded
     * machine; a response that waits longer ends short, which the oracle judges on its own.
     */
    static final long REPAIR_WAIT_BOUND_MILLIS = 45_000;

    private static final long SETTLE_MILLIS = 15_000;
    /** The longest the leak checks wait for the item's repairs to end before they look. */
    private static final long REPAIR_SETTLE_MILLIS = 120_000;

    private static final Pattern HREF = Pattern.compile("<[A-Za-z0-9]*:?href>([^<]*)</");

    private final MatrixRig rig;
    private final Scenario scenario;
    private final Oracle oracle;
    private final List<String> breaches = new ArrayList<>();
    private long longestWait;
    private long currentItem = -1;

    PromiseCheck(MatrixRig rig, Scenario scenario, Oracle oracle) {
        this.rig = rig;
        this.scenario = scenario;
        this.oracle = oracle;
    }

    SeedOutcome outcome(int cutovers) {
        return new SeedOutcome(scenario, breaches, longestWait, cutovers, List.of());
    }

    private void breach(String what) {
        breaches.add(what);
    }

    /**
     * An import or standby refused: with a JSON error, either a 4xx when the source lacks the first
     * or last article its NZB lists or has a 7z volume posted twice in different copies, or a 503 ("try again later") when a provider refuses connections and the
     * other lacks an article of the source, so whether the source has it cannot be told now.
     */
    void refusedImport(HttpResponse<String> r, int source) {
        String who = source == 0 ? "the primary" : "standby " + source;
        boolean json = r.body().contains("\"error\"");
        if (json && r.statusCode() == 503 && scenario.loginFault() && oracle.someArticleNotOnB(source)) return;
        if (r.statusCode() < 400 || r.statusCode() >= 500 || !json) {
            breach("adding " + who + " answered " + r.statusCode() + ": " + r.body());
            return;
        }
        if (oracle.mustBeTaken(source)) {
            breach("adding " + who + " was refused although it has the first and last article its NZB lists: "
                    + r.body());
        }
    }

    /** A source the import took: it must be one the import can take ({@link Oracle#importable}). */
    void accepted(int source) {
        if (!oracle.importable(source)) {
            breach("adding " + (source == 0 ? "the primary" : "standby " + source)
                    + " was accepted although a volume's head cannot be read, so its set lacks a volume");
        }
    }

    /**
     * The result of a standby's background proof while both providers answered 430 for every
     * article: no evidence about the standby, so never {@code dead} or {@code mismatch}.
     */
    void proofDuringOutage(int source, String result) {
        if ("dead".equals(result) || "mismatch".equals(result)) {
            breach("standby " + source + " was judged " + result
                    + " by a proof while both providers answered 430 for everything");
        }
    }

    /** One response against the original: right bytes always; whole when the promise says so; a typed cause otherwise. */
    void response(RawGet g, long start, long end, boolean readToEnd) throws Exception {
        String what = "GET of [" + start + ", " + end + ")";
        if (g.firstWrong >= 0) {
            breach(what + ": a wrong byte at offset " + g.firstWrong);
        }
        if (g.stuck) breach(what + ": neither continued nor ended for " + RawGet.STUCK_MILLIS / 1000 + " s");
        long waited = g.longestServableGapNanos / 1_000_000;
        longestWait = Math.max(longestWait, waited);
        long bound = oracle.onlyRebuilt(g.longestServableGapAt) ? REPAIR_WAIT_BOUND_MILLIS : WAIT_BOUND_MILLIS;
        if (waited > bound) {
            breach(what + ": waited " + waited + " ms for the byte at " + g.longestServableGapAt
                    + ", which a source that counts has");
        }
        boolean must = oracle.mustBeWhole(start, end);
        if (g.status != 200 && g.status != 206) {
            if (must) breach(what + ": answered " + g.status + " although the sources together hold every byte");
            return;
        }
        if (g.start != start || g.contentLength != end - start) {
            breach(what + ": served from " + g.start + " with Content-Length " + g.contentLength + "\n" + g.headers);
        }
        if (!readToEnd || g.whole()) return;
        long at = start + g.received;
        if (must) {
            breach(what + ": ended short at " + at + " although the sources together hold every byte");
        } else if (!oracle.anySourceHas(at)) {
            String reason = closeReason(at);
            if (!FailurePolicy.NO_STABLE_SOURCE.equals(reason)) {
                breach(what + ": ended at " + at + ", a byte no source has, with the cause " + reason);
            }
        }
    }

    /** The reason of the item's stream-closed event at {@code offset}, waiting briefly for it to be stored. */
    private String closeReason(long offset) throws Exception {
        JsonNode e = rig.awaitEvent(currentItem, "stream-closed", "offset", offset, 5_000);
        return e != null ? e.get("detail").get("reason").asText() : "(no stream-closed event at offset " + offset + ")";
    }

    /** The item whose events the checks read from now on. */
    void forItem(long item) {
        currentItem = item;
    }

    /** The item's file paths and the hrefs of a PROPFIND of its folder. */
    List<String> paths(long item) throws Exception {
        forItem(item);
        List<String> out = new ArrayList<>();
        JsonNode view = rig.item(item);
        for (JsonNode f : view.get("files"))
            out.add(f.get("path").asText() + " " + f.get("size").asLong());
        String first = view.get("files").get(0).get("path").asText();
        HttpResponse<String> p = rig.propfind(first.substring(0, first.lastIndexOf('/') + 1));
        if (p.statusCode() != 207) breach("PROPFIND of the item's folder answered " + p.statusCode());
        Matcher m = HREF.matcher(p.body());
        while (m.find()) out.add(m.group(1));
        return out;
    }

    /** The item's paths are the ones it had before, and each answers HEAD with its size. */
    void pathsUnchanged(long item, List<String> before) throws Exception {
        List<String> after = paths(item);
        if (!after.equals(before)) breach("the item's paths changed from " + before + " to " + after);
        for (JsonNode f : rig.item(item).get("files")) {
            HttpResponse<String> h = rig.head(f.get("path").asText());
            String length = h.headers().firstValue("Content-Length").orElse("none");
            if (h.statusCode() != 200
                    || !length.equals(String.valueOf(f.get("size").asLong()))) {
                breach("HEAD of " + f.get("path").asText() + " answered " + h.statusCode() + " with length " + length);
            }
        }
    }

    /** Every hole the server recorded for a source lies where that source really lacks the bytes. */
    void recordedHolesAreReal(long item, Map<Long, Integer> sourceIndex) throws Exception {
        for (JsonNode file : rig.coverage(item).get("files")) {
            for (JsonNode s : file.get("sources")) {
                Integer index = sourceIndex.get(s.get("id").asLong());
                if (index == null) continue;
                for (JsonNode range : s.get("missing")) {
                    long from = range.get(0).asLong();
                    long to = range.get(1).asLong();
                    if (!oracle.insideHoles(index, from, to)) {
                        breach("source " + index + " was recorded as lacking [" + from + ", " + to + "), which it has");
                    }
                }
            }
        }
    }

    /**
     * After a client that went away, the item carries no problem when its primary has every byte
     * (one that a repair must rebuild first may rightly say so while the repair runs).
     */
    void noProblemAfterAbort(long item) throws Exception {
        settle();
        JsonNode problem = rig.item(item).get("problem");
        if (oracle.gaps(0).isEmpty() && !oracle.repairable(0) && problem != null && !problem.isNull()) {
            breach("a client that went away left the problem " + problem + " on the item");
        }
    }

    void deleted(long item, int status) {
        if (status != 204) breach("DELETE of item " + item + " answered " + status);
    }

    void idsNotReused(long oldItem, long newItem, long oldSource, long newSource) {
        if (newItem == oldItem) breach("the new item got the deleted item's id " + oldItem);
        if (newSource == oldSource) breach("the new source got the deleted source's id " + oldSource);
        forItem(newItem);
    }

    /**
     * Once every response has ended: no stream open, and every provider connection back in its
     * pool but those the standby proofs still running may hold (one fetch per side each).
     */
    void nothingLeaks() throws Exception {
        if (!settle()) {
            breach("15 s after the last response: streams " + rig.streams().get("streams") + ", providers "
                    + rig.health().get("providers"));
        }
    }

    /**
     * Kodi's first response, left open and unread while the others were served: once its
     * read-ahead is done it holds no provider connection (those of running proofs aside).
     */
    void idleHoldsNoConnection() throws Exception {
        if (!settle(1)) {
            breach("a response left open and unread still holds provider connections 15 s later: "
                    + rig.health().get("providers"));
        }
    }

    private boolean settle() throws Exception {
        return settle(0);
    }

    private void awaitRepairs() throws Exception {
        if (currentItem < 0) return;
        long until = System.nanoTime() + REPAIR_SETTLE_MILLIS * 1_000_000;
        while (System.nanoTime() < until) {
            boolean busy = false;
            JsonNode repairs = rig.repairs(currentItem).get("repairs");
            if (repairs != null) {
                for (JsonNode r : repairs) {
                    String state = r.get("state").asText();
                    busy |= state.equals("queued") || state.equals("running");
                }
            }
            if (!busy) return;
            Thread.sleep(50);
        }
    }

    /**
     * Waits until at most {@code streams} streams are open and no connection is leased but the
     * proofs'. A repair of the item's sources reads its whole release at background priority,
     * holding connections as it should: the wait starts once no repair of the item is queued or
     * running (up to {@link #REPAIR_SETTLE_MILLIS}).
     */
    private boolean settle(int streams) throws Exception {
        awaitRepairs();
        long until = System.nanoTime() + SETTLE_MILLIS * 1_000_000;
        while (true) {
            JsonNode h = rig.health();
            int leased = 0;
            for (JsonNode p : h.get("providers")) leased += p.get("leased").asInt();
            boolean quiet = h.get("activeStreams").asInt() <= streams
                    && rig.streams().get("streams").size() <= streams
                    && leased <= 2 * h.get("validating").asInt();
            if (quiet) return true;
            if (System.nanoTime() > until) return false;
            Thread.sleep(20);
        }
    }
}
