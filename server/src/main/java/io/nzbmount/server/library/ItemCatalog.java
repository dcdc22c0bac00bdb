package io.nzbmount.server.library;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.ItemSummaries;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.MemberCrcs;
import io.nzbmount.server.store.Refusals;
import io.nzbmount.server.store.SourcePasswords;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StoreException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/**
 * The library as readers see it: items, their media files, and the resolution of a path
 * {@code /dav/library/<item>/<file>} to the source file that serves it. An item's folder and file
 * names are fixed when it is created and never follow the source serving it: a path keeps naming
 * the same bytes through cutovers, a primary chosen by the user and restarts. Every answer is read in one
 * transaction, so it is consistent. Thread-safe.
 */
public final class ItemCatalog {

    /** Parsed NZBs kept for {@link #nzbFile}: opening a file should not parse megabytes of XML each time. */
    private static final int PARSED_NZBS_KEPT = 8;

    private final Database db;
    /**
     * By the NZB's SHA-256, never by source id: what a parsed NZB describes is the document, and a
     * key that is its hash cannot be mistaken for another release's, whatever ids do.
     */
    private final Map<String, Nzb> parsed = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Nzb> eldest) {
            return size() > PARSED_NZBS_KEPT;
        }
    };

    private final List<LongConsumer> deleteListeners = new CopyOnWriteArrayList<>();
    private final CondemnedFiles condemned;

    public ItemCatalog(Database db) {
        this.db = db;
        this.condemned = new CondemnedFiles(db);
    }

    /** The files inside encrypted archives that are never served again (see {@link CondemnedFiles}). */
    public CondemnedFiles condemned() {
        return condemned;
    }

    /**
     * Every item with its full view, ordered by name. A few queries an item: a listing wants
     * {@link #page} or {@link #folders}, one query for the whole library.
     */
    public List<ItemView> items() throws StoreException {
        return db.transaction(c -> {
            List<ItemView> views = new ArrayList<>();
            for (ItemRecord item : Items.all(c)) {
                view(c, item).ifPresent(views::add);
            }
            return views;
        });
    }

    /**
     * The items {@code filter} lets through as a list shows them, from {@code offset} (0 the
     * first), at most {@code limit}, ordered by name then id, with how many there are in all.
     */
    public ItemSummaries.Page page(ItemSummaries.Filter filter, int offset, int limit) throws StoreException {
        return db.transaction(c ->
                new ItemSummaries.Page(ItemSummaries.count(c, filter), ItemSummaries.page(c, filter, offset, limit)));
    }

    /** The folder of every item {@link #items()} lists, in the same order, read with one query. */
    public List<ItemSummaries.Folder> folders() throws StoreException {
        return db.transaction(ItemSummaries::folders);
    }

    public Optional<ItemView> item(long id) throws StoreException {
        return db.transaction(c -> {
            Optional<ItemRecord> item = Items.byId(c, id);
            return item.isPresent() ? view(c, item.get()) : Optional.empty();
        });
    }

    /** The item whose folder has this name (ASCII case ignored, as names are unique that way). */
    public Optional<ItemView> itemByName(String name) throws StoreException {
        return db.transaction(c -> {
            Optional<ItemRecord> item = Items.byName(c, name);
            return item.isPresent() ? view(c, item.get()) : Optional.empty();
        });
    }

    /** The media file at {@code /dav/library/<itemName>/<fileName>} (decoded segments), if any. */
    public Optional<MountedFile> resolve(String itemName, String fileName) throws StoreException {
        Optional<ItemView> view = itemByName(itemName);
        if (view.isEmpty()) return Optional.empty();
        ItemView v = view.get();
        for (LibraryFileView f : v.files()) {
            if (f.name().equals(fileName)) {
                return Optional.of(
                        new MountedFile(v.item().id(), v.item().name(), v.item().created(), f.sourceSha256(), f));
            }
        }
        return Optional.empty();
    }

    /** A file of any source (a standby's too), whether shown or not. */
    public Optional<FileRecord> sourceFile(long sourceId, int index) throws StoreException {
        return db.transaction(c -> Files.byIndex(c, sourceId, index));
    }

    /** Every stored file of a source (a standby's too), by index. */
    public List<FileRecord> sourceFiles(long sourceId) throws StoreException {
        return db.transaction(c -> Files.ofSource(c, sourceId));
    }

    /** The password that opened the source's encrypted archives (a secret: never show it). */
    public Optional<String> password(long sourceId) throws StoreException {
        return db.transaction(c -> SourcePasswords.ofSource(c, sourceId).map(SourcePasswords.Stored::password));
    }

    /**
     * The NZB file behind a source file (its segments, for the reader), parsed from the stored
     * NZB. The last few parsed NZBs are kept, by their hash.
     */
    public Optional<NzbFile> nzbFile(long sourceId, int index) throws StoreException {
        Optional<String> sha = db.transaction(c -> SourceTable.byId(c, sourceId).map(SourceRecord::sha256));
        return sha.isEmpty() ? Optional.empty() : parsed(sourceId, sha.get(), index);
    }

    /**
     * {@link #nzbFile(long, int)} of the source with this id only while it is still the release
     * with NZB hash {@code sha256}: empty when the source is gone or the id names another release.
     */
    public Optional<NzbFile> nzbFile(long sourceId, String sha256, int index) throws StoreException {
        boolean same = db.transaction(c -> SourceTable.byId(c, sourceId)
                .map(s -> s.sha256().equals(sha256))
                .orElse(false));
        return same ? parsed(sourceId, sha256, index) : Optional.empty();
    }

    private Optional<NzbFile> parsed(long sourceId, String sha256, int index) throws StoreException {
        Nzb nzb;
        synchronized (parsed) {
            nzb = parsed.get(sha256);
        }
        if (nzb == null) {
            // The hash is checked with the bytes, in one transaction: they are what the key claims.
            Optional<byte[]> bytes = db.transaction(c -> SourceTable.byId(c, sourceId)
                            .filter(s -> s.sha256().equals(sha256))
                            .isPresent()
                    ? SourceTable.nzb(c, sourceId)
                    : Optional.empty());
            if (bytes.isEmpty()) return Optional.empty();
            try {
                nzb = NzbParser.parse(new ByteArrayInputStream(bytes.get()));
            } catch (IOException e) {
                throw new StoreException(
                        "the stored NZB of source " + sourceId + " no longer parses: " + e.getMessage(), e);
            }
            synchronized (parsed) {
                parsed.put(sha256, nzb);
            }
        }
        return index >= 0 && index < nzb.files().size()
                ? Optional.of(nzb.files().get(index))
                : Optional.empty();
    }

    /**
     * Tells {@code listener} the id of every item deleted from now on, after the delete committed:
     * whatever is kept in memory about an item goes with it. Listeners must not throw.
     */
    public void onDelete(LongConsumer listener) {
        deleteListeners.add(listener);
    }

    /** Deletes an item with its sources, files and events; false when there was none. */
    public boolean delete(long id) throws StoreException {
        List<String> gone = new ArrayList<>();
        boolean deleted = db.transaction(c -> {
            for (SourceRecord s : SourceTable.ofItem(c, id)) gone.add(s.sha256());
            return Items.delete(c, id);
        });
        synchronized (parsed) {
            gone.forEach(parsed::remove);
        }
        if (deleted) deleteListeners.forEach(l -> l.accept(id));
        return deleted;
    }

    /**
     * The view of an item on a connection inside the caller's transaction; empty when the item has
     * no primary (it cannot, once its import committed).
     */
    public static Optional<ItemView> view(Connection c, ItemRecord item) throws SQLException {
        if (item.primarySource().isEmpty()) return Optional.empty();
        long primaryId = item.primarySource().getAsLong();
        SourceRecord primary = null;
        Map<Long, SourceRecord> byId = new HashMap<>();
        List<SourceRecord> standby = new ArrayList<>();
        List<SourceRecord> others = new ArrayList<>();
        for (SourceRecord s : SourceTable.ofItem(c, item.id())) {
            byId.put(s.id(), s);
            if (s.id() == primaryId) primary = s;
            else if (s.role() == SourceRole.STANDBY && ItemView.inPool(s.state())) standby.add(s);
            else others.add(s);
        }
        if (primary == null) return Optional.empty();
        List<FileRecord> own = Files.ofItem(c, item.id());
        List<FileRecord> served = Files.ofSource(c, primaryId);
        List<LibraryFileView> files = new ArrayList<>();
        for (FileRecord f : own) {
            // A primary proved against the item has a counterpart of every file; should it lack one,
            // the release the item was made from still serves it under its path.
            FileRecord from = Counterparts.of(own, f.name(), served)
                    .filter(r -> r.size() == f.size() && !r.mapText().isEmpty())
                    .orElse(f);
            SourceRecord source = from == f ? byId.get(f.sourceId()) : primary;
            files.add(new LibraryFileView(
                    from.sourceId(),
                    source.sha256(),
                    from.index(),
                    f.name(),
                    f.size(),
                    from.mapText(),
                    DavPaths.file(item.name(), f.name()),
                    from.volumes()));
        }
        Map<Long, MemberCrcs.State> crcs = new HashMap<>();
        for (long id : byId.keySet()) {
            // the worst state of a source's files: mismatch, unreadable, pending, verified
            MemberCrcs.ofSource(c, id).stream()
                    .map(MemberCrcs.Row::state)
                    .min(java.util.Comparator.comparingInt(st -> List.of(
                                    MemberCrcs.State.MISMATCH,
                                    MemberCrcs.State.UNREADABLE,
                                    MemberCrcs.State.PENDING,
                                    MemberCrcs.State.VERIFIED)
                            .indexOf(st)))
                    .ifPresent(st -> crcs.put(id, st));
        }
        return Optional.of(new ItemView(item, primary, files, standby, others, Refusals.ofSource(c, primaryId), crcs));
    }
}
