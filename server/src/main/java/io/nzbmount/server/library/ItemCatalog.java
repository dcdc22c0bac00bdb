package io.nzbmount.server.library;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.Refusals;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.Sources;
import io.nzbmount.server.store.StoreException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The library as readers see it: items, their media files, and the resolution of a path
 * {@code /dav/library/<item>/<file>} to the source file that serves it. Every answer is read in one
 * transaction, so it is consistent. Thread-safe.
 */
public final class ItemCatalog {

    /** Parsed NZBs kept for {@link #nzbFile}: opening a file should not parse megabytes of XML each time. */
    private static final int PARSED_NZBS_KEPT = 8;

    private final Database db;
    private final Map<Long, Nzb> parsed = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Nzb> eldest) {
            return size() > PARSED_NZBS_KEPT;
        }
    };

    public ItemCatalog(Database db) {
        this.db = db;
    }

    /** Every item, ordered by name. */
    public List<ItemView> items() throws StoreException {
        return db.transaction(c -> {
            List<ItemView> views = new ArrayList<>();
            for (ItemRecord item : Items.all(c)) {
                view(c, item).ifPresent(views::add);
            }
            return views;
        });
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
                return Optional.of(new MountedFile(v.item().id(), v.item().name(), v.item().created(),
                        v.primary().sha256(), f));
            }
        }
        return Optional.empty();
    }

    /** A file of any source (a standby's too), whether shown or not. */
    public Optional<FileRecord> sourceFile(long sourceId, int index) throws StoreException {
        return db.transaction(c -> Files.byIndex(c, sourceId, index));
    }

    /**
     * The NZB file behind a source file (its segments, for the reader), parsed from the stored
     * NZB. The last few parsed NZBs are kept.
     */
    public Optional<NzbFile> nzbFile(long sourceId, int index) throws StoreException {
        Nzb nzb;
        synchronized (parsed) {
            nzb = parsed.get(sourceId);
        }
        if (nzb == null) {
            Optional<byte[]> bytes = db.transaction(c -> Sources.nzb(c, sourceId));
            if (bytes.isEmpty()) return Optional.empty();
            try {
                nzb = NzbParser.parse(new ByteArrayInputStream(bytes.get()));
            } catch (IOException e) {
                throw new StoreException("the stored NZB of source " + sourceId + " no longer parses: "
                        + e.getMessage(), e);
            }
            synchronized (parsed) {
                parsed.put(sourceId, nzb);
            }
        }
        return index >= 0 && index < nzb.files().size() ? Optional.of(nzb.files().get(index)) : Optional.empty();
    }

    /** Deletes an item with its sources, files and events; false when there was none. */
    public boolean delete(long id) throws StoreException {
        List<Long> gone = new ArrayList<>();
        boolean deleted = db.transaction(c -> {
            for (SourceRecord s : Sources.ofItem(c, id)) gone.add(s.id());
            return Items.delete(c, id);
        });
        synchronized (parsed) {
            gone.forEach(parsed::remove);
        }
        return deleted;
    }

    /**
     * The view of an item on a connection inside the caller's transaction; empty when the item has
     * no primary (it cannot, once its import committed).
     */
    static Optional<ItemView> view(Connection c, ItemRecord item) throws SQLException {
        if (item.primarySource().isEmpty()) return Optional.empty();
        long primaryId = item.primarySource().getAsLong();
        SourceRecord primary = null;
        List<SourceRecord> standby = new ArrayList<>();
        List<SourceRecord> others = new ArrayList<>();
        for (SourceRecord s : Sources.ofItem(c, item.id())) {
            if (s.id() == primaryId) primary = s;
            else if (s.role() == SourceRole.STANDBY && ItemView.inPool(s.state())) standby.add(s);
            else others.add(s);
        }
        if (primary == null) return Optional.empty();
        List<LibraryFileView> files = new ArrayList<>();
        for (FileRecord f : Files.ofSource(c, primaryId)) {
            if (f.media() && f.size() >= 0) {
                files.add(new LibraryFileView(primaryId, f.index(), f.name(), f.size(), f.layout(),
                        DavPaths.file(item.name(), f.name()), f.volumes()));
            }
        }
        return Optional.of(new ItemView(item, primary, files, standby, others, Refusals.ofSource(c, primaryId)));
    }
}
