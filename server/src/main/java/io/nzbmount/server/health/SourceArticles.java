package io.nzbmount.server.health;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.ImportHoles;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The articles of one source, every file of its NZB (media, archive volumes, par2 and the rest),
 * and where a missing one leaves a hole: the range of its file that its article holds, for each
 * plain file stored with a segment map (see {@link ImportHoles} for which maps place an article),
 * and for each file inside archive volumes the part of the film (or other member) that the
 * volume's article holds, in the member's offsets, where reads and proofs look for holes. Read
 * once per check; not thread-safe.
 */
final class SourceArticles {
    private final long sourceId;
    private final List<NzbFile> files;

    private SourceArticles(long sourceId, List<NzbFile> files) {
        this.sourceId = sourceId;
        this.files = files;
    }

    /** The source's NZB files, in NZB order; none when the source is gone. */
    static SourceArticles of(ItemCatalog catalog, long sourceId) throws StoreException {
        List<NzbFile> files = new ArrayList<>();
        for (int i = 0; ; i++) {
            Optional<NzbFile> f = catalog.nzbFile(sourceId, i);
            if (f.isEmpty()) break;
            files.add(f.get());
        }
        return new SourceArticles(sourceId, files);
    }

    /** Every article of every file, in NZB order. */
    List<NzbSegment> segments() {
        List<NzbSegment> all = new ArrayList<>();
        for (NzbFile f : files) all.addAll(f.segments());
        return all;
    }

    /** The holes {@code missing} leaves in the files stored with a segment map, by file and start. */
    List<Hole> holes(ItemCatalog catalog, SegmentMaps maps, Set<String> missing) throws StoreException {
        List<Hole> holes = new ArrayList<>();
        if (missing.isEmpty()) return holes;
        for (int i = 0; i < files.size(); i++) {
            Optional<FileRecord> stored = catalog.sourceFile(sourceId, i);
            if (stored.isEmpty() || stored.get().mapText().isEmpty()) continue;
            Optional<SegmentMap> map = restore(maps, stored.get());
            if (map.isPresent())
                holes.addAll(ImportHoles.of(i, map.get(), files.get(i).segments(), missing));
        }
        for (FileRecord f : catalog.sourceFiles(sourceId)) {
            if (!f.archived() || f.mapText().isEmpty()) continue;
            Optional<SegmentMap> map = restore(maps, f);
            if (map.isPresent()) holes.addAll(inFile(f.index(), map.get(), missing));
        }
        return holes;
    }

    /**
     * The holes the missing volume articles leave in a file inside archive volumes, in that file's
     * offsets: for each part of such an article that lies in the file, what a reader that found the
     * article gone treats as the hole ({@link SegmentMap#lackedWithout}, which for an encrypted file
     * also takes the block after it), as a stream's read records it.
     */
    static List<Hole> inFile(int fileIndex, SegmentMap map, Set<String> missing) {
        List<Hole> holes = new ArrayList<>();
        for (ArticleSpan s : map.spansOf(missing)) {
            ArticleSpan lacked = map.lackedWithout(s.start());
            Hole h = new Hole(fileIndex, lacked.start(), Math.max(lacked.end(), s.end()));
            if (holes.isEmpty() || !holes.getLast().equals(h)) holes.add(h);
        }
        return holes;
    }

    private static Optional<SegmentMap> restore(SegmentMaps maps, FileRecord file) throws StoreException {
        try {
            return maps.restore(file);
        } catch (IllegalArgumentException e) {
            // A stored map that no longer fits its NZB files places nothing.
            return Optional.empty();
        }
    }
}
