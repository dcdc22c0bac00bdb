package io.nzbmount.server.stream;

import io.nzbmount.server.dav.ContentReader;
import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryFile;
import io.nzbmount.server.dav.LibraryFolder;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.MountedFile;
import io.nzbmount.server.store.ItemSummaries;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The WebDAV library: one folder per item, holding the item's media files under the names they
 * got when the item was created, whichever source serves them now.
 * Reads go through {@link StreamOpener}. Thread-safe; every call reads the catalog afresh, so
 * imports and deletions show at once.
 */
public final class StreamingLibrary implements Library {
    private final ItemCatalog catalog;
    private final StreamOpener opener;

    public StreamingLibrary(ItemCatalog catalog, StreamOpener opener) {
        this.catalog = catalog;
        this.opener = opener;
    }

    @Override
    public Optional<LibraryNode> resolve(List<String> segments) {
        try {
            return switch (segments.size()) {
                case 0 -> Optional.of(root());
                case 1 -> catalog.itemByName(segments.get(0)).map(this::folder);
                case 2 -> catalog.resolve(segments.get(0), segments.get(1)).map(this::file);
                default -> Optional.empty();
            };
        } catch (StoreException e) {
            throw unreadable(e);
        }
    }

    private LibraryNode root() {
        return new Root();
    }

    private LibraryNode folder(ItemView item) {
        return new Folder(item.item().name(), item.item().created(), files(item));
    }

    private List<LibraryNode> files(ItemView item) {
        List<LibraryNode> files = new ArrayList<>();
        for (LibraryFileView f : item.files()) {
            files.add(file(new MountedFile(
                    item.item().id(), item.item().name(), item.item().created(), f.sourceSha256(), f)));
        }
        return List.copyOf(files);
    }

    private List<LibraryNode> files(long itemId) {
        try {
            return catalog.item(itemId).map(this::files).orElse(List.of());
        } catch (StoreException e) {
            throw unreadable(e);
        }
    }

    private static HttpProblem.Unavailable unreadable(StoreException e) {
        return new HttpProblem.Unavailable("the library database cannot be read: " + e.getMessage());
    }

    private LibraryNode file(MountedFile mounted) {
        return new File(mounted, opener);
    }

    private record Folder(String name, Instant lastModified, List<LibraryNode> children) implements LibraryFolder {}

    /**
     * The library root. Its listing is one query, made the first time this node is asked for its
     * children or its date and kept for the node's life (one request): resolving the root, which
     * every request below it does, costs nothing.
     */
    private final class Root implements LibraryFolder {
        private List<LibraryNode> children;
        private Instant newest;

        @Override
        public String name() {
            return "library";
        }

        @Override
        public synchronized Instant lastModified() {
            list();
            return newest;
        }

        @Override
        public synchronized List<LibraryNode> children() {
            list();
            return children;
        }

        private void list() {
            if (children != null) return;
            List<ItemSummaries.Folder> folders;
            try {
                folders = catalog.folders();
            } catch (StoreException e) {
                throw unreadable(e);
            }
            List<LibraryNode> list = new ArrayList<>(folders.size());
            Instant latest = Instant.EPOCH;
            for (ItemSummaries.Folder f : folders) {
                list.add(new ItemFolder(f));
                if (f.created().isAfter(latest)) latest = f.created();
            }
            children = List.copyOf(list);
            newest = latest;
        }
    }

    /** An item's folder as the root lists it: its files are read only when they are asked for. */
    private final class ItemFolder implements LibraryFolder {
        private final ItemSummaries.Folder item;

        ItemFolder(ItemSummaries.Folder item) {
            this.item = item;
        }

        @Override
        public String name() {
            return item.name();
        }

        @Override
        public Instant lastModified() {
            return item.created();
        }

        @Override
        public List<LibraryNode> children() {
            return files(item.id());
        }
    }

    /**
     * A file's identity belongs to the item, not to the source serving it: every source of an
     * item is proved to hold the same bytes, so a change of source keeps the ETag.
     */
    private record File(MountedFile mounted, StreamOpener opener) implements LibraryFile {
        @Override
        public String name() {
            return mounted.file().name();
        }

        @Override
        public Instant lastModified() {
            return mounted.itemCreated();
        }

        @Override
        public long size() {
            return mounted.file().size();
        }

        @Override
        public String etagBasis() {
            return mounted.itemId() + "/" + mounted.itemCreated().toEpochMilli() + "/"
                    + mounted.file().name();
        }

        @Override
        public ContentReader open(long offset) throws IOException {
            return opener.open(mounted, offset, size(), "");
        }

        @Override
        public ContentReader open(long offset, String client) throws IOException {
            return opener.open(mounted, offset, size(), client);
        }

        @Override
        public ContentReader open(long offset, long end, String client) throws IOException {
            return opener.open(mounted, offset, end, client);
        }
    }
}
