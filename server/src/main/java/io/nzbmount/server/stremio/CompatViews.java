package io.nzbmount.server.stremio;

import io.nzbmount.server.dav.DavTree;
import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryFolder;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.sabnzbd.DownloadClient;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The library in the layouts of nzbdav and altmount, read-only, for clients made for them
 * (AIOStreams): {@value #NZBDAV}{@code /<category>/<job>/<file>} (nzbdav's WebDAV root is the
 * server's root) and {@value #ALTMOUNT}{@code /complete/<category>/<job>/<file>}. Both show the
 * download client's completed jobs ({@link JobLibrary}) with the same files as {@code /dav/library/}.
 * {@code Depth: infinity} is answered from a job's folder down.
 */
public final class CompatViews {

    /** nzbdav's content folder. */
    public static final String NZBDAV = "/content";
    /** altmount's WebDAV root. */
    public static final String ALTMOUNT = "/webdav";
    /** The folder under altmount's root that holds the categories. */
    static final String COMPLETE = "complete";

    private CompatViews() {}

    /**
     * The two trees, to mount with {@link io.nzbmount.server.dav.DavHandlers#readOnly}.
     *
     * @param items the library under {@code /dav/library/}
     */
    public static List<DavTree> trees(DownloadClient client, ItemCatalog catalog, Library items, Instant started) {
        JobLibrary jobs = new JobLibrary(
                client::history,
                client.categories(),
                id -> catalog.item(id).map(ItemView::item).map(i -> i.name()),
                items,
                () -> started);
        return List.of(
                DavTree.readOnly(NZBDAV, jobs, 2), DavTree.readOnly(ALTMOUNT, under(COMPLETE, jobs, started), 3));
    }

    /** {@code inner} as the one folder {@code name} of a root. */
    private static Library under(String name, Library inner, Instant started) {
        return segments -> {
            if (segments.isEmpty()) {
                return Optional.of(new Root(started, List.of(renamed(name, inner))));
            }
            if (!segments.get(0).equals(name)) return Optional.empty();
            if (segments.size() == 1) return Optional.of(renamed(name, inner));
            return inner.resolve(segments.subList(1, segments.size()));
        };
    }

    private static LibraryNode renamed(String name, Library inner) {
        LibraryFolder root = (LibraryFolder) inner.resolve(List.of()).orElseThrow();
        return new Renamed(name, root);
    }

    private record Root(Instant lastModified, List<LibraryNode> children) implements LibraryFolder {
        @Override
        public String name() {
            return "webdav";
        }
    }

    private record Renamed(String name, LibraryFolder folder) implements LibraryFolder {
        @Override
        public Instant lastModified() {
            return folder.lastModified();
        }

        @Override
        public List<LibraryNode> children() {
            return folder.children();
        }
    }
}
