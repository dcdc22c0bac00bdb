package io.nzbmount.server.sweep;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.store.StoreException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The articles one sweep found missing or corrupt on every provider, on either side. They become
 * the sources' stored holes only when the proof verifies ({@link #store}): a verified proof means
 * the providers answered for the other samples, so a 430 there is the release's, not a provider
 * that lost everything. One sweep, one thread.
 */
final class HolesFound {
    private final HoleTable table;
    private final Set<Hole> primary = new LinkedHashSet<>();
    private final Set<Hole> standby = new LinkedHashSet<>();

    HolesFound(HoleTable table) {
        this.table = table;
    }

    void primary(int fileIndex, ArticleSpan span) {
        if (span.end() > span.start()) primary.add(new Hole(fileIndex, span.start(), span.end()));
    }

    void standby(int fileIndex, ArticleSpan span) {
        if (span.end() > span.start()) standby.add(new Hole(fileIndex, span.start(), span.end()));
    }

    /**
     * Holes known before the sweep that are stored nowhere yet (the articles each import's STAT
     * sample found missing): stored with the rest when the proof verifies.
     */
    void known(List<Hole> ofPrimary, List<Hole> ofStandby) {
        primary.addAll(ofPrimary);
        standby.addAll(ofStandby);
    }

    /** Stores what was found as holes of the two sources. */
    void store(long primaryId, long standbyId) throws StoreException {
        for (Hole h : primary) table.add(primaryId, h, "missing on every provider during a verified proof");
        for (Hole h : standby) table.add(standbyId, h, "missing on every provider during a verified proof");
    }

    /** What the sweep found, for the proof's reason; empty when nothing. */
    String describe() {
        if (primary.isEmpty() && standby.isEmpty()) return "";
        return "; holes found: " + standby.size() + " article(s) of the standby, " + primary.size() + " of the primary";
    }
}
