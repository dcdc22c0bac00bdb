package io.nzbmount.server.dav;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The tree under {@code /dav/}: a root holding {@code library/} (the {@link Library}) and, when
 * uploads are accepted, the empty {@code nzbs/} folder that PUTs go into. Thread safe.
 */
public final class DavTree {

    /** Path prefix of the tree, without the trailing slash. */
    public static final String PREFIX = "/dav";
    /** Name of the library folder below {@link #PREFIX}. */
    public static final String LIBRARY = "library";
    /** Name of the upload folder below {@link #PREFIX}. */
    public static final String NZBS = "nzbs";

    private final Library library;
    private final boolean uploads;
    private final Instant started;

    /**
     * @param uploads whether {@code nzbs/} exists (an upload sink is configured)
     * @param started time shown for the folders the tree makes itself
     */
    public DavTree(Library library, boolean uploads, Instant started) {
        this.library = library;
        this.uploads = uploads;
        this.started = started;
    }

    /**
     * The segments of a decoded request path below {@code /dav}, or empty when the path is not
     * under {@code /dav} or holds a "." or ".." segment. Empty segments (double or trailing
     * slashes) are dropped.
     */
    public static Optional<List<String>> segments(String decodedPath) {
        if (decodedPath == null || !decodedPath.startsWith(PREFIX)
                || (decodedPath.length() > PREFIX.length() && decodedPath.charAt(PREFIX.length()) != '/')) {
            return Optional.empty();
        }
        List<String> segments = new ArrayList<>();
        for (String segment : decodedPath.substring(PREFIX.length()).split("/")) {
            if (segment.equals(".") || segment.equals("..")) {
                return Optional.empty();
            }
            if (!segment.isEmpty()) {
                segments.add(segment);
            }
        }
        return Optional.of(List.copyOf(segments));
    }

    /** Whether the segments name the upload folder or a file directly in it. */
    public boolean isInUploads(List<String> segments) {
        return uploads && !segments.isEmpty() && segments.get(0).equals(NZBS) && segments.size() <= 2;
    }

    /** The node at the segments below {@code /dav}, or empty when there is none. */
    public Optional<LibraryNode> resolve(List<String> segments) {
        if (segments.isEmpty()) {
            return Optional.of(root());
        }
        String top = segments.get(0);
        if (top.equals(LIBRARY)) {
            if (segments.size() == 1) {
                return Optional.of(libraryRoot());
            }
            return library.resolve(segments.subList(1, segments.size()));
        }
        if (uploads && top.equals(NZBS) && segments.size() == 1) {
            return Optional.of(uploadFolder());
        }
        return Optional.empty();
    }

    private LibraryFolder root() {
        return new Folder("dav", started, () -> {
            List<LibraryNode> children = new ArrayList<>();
            children.add(libraryRoot());
            if (uploads) {
                children.add(uploadFolder());
            }
            return children;
        });
    }

    private LibraryFolder libraryRoot() {
        return library.resolve(List.of())
                .filter(node -> node instanceof LibraryFolder)
                .map(node -> (LibraryFolder) node)
                .<LibraryFolder>map(folder -> new Renamed(LIBRARY, folder))
                .orElseGet(() -> new Folder(LIBRARY, started, List::of));
    }

    private LibraryFolder uploadFolder() {
        return new Folder(NZBS, started, List::of);
    }

    /**
     * The library's root under its path name. Its date and children are asked of the library
     * only when wanted: a request for a path below the root resolves the root without listing it.
     */
    private record Renamed(String name, LibraryFolder folder) implements LibraryFolder {
        @Override
        public Instant lastModified() {
            return folder.lastModified();
        }

        @Override
        public Instant created() {
            return folder.created();
        }

        @Override
        public List<LibraryNode> children() {
            return folder.children();
        }
    }

    /** A folder the tree makes itself. */
    private record Folder(String name, Instant lastModified, Supplier<List<LibraryNode>> listing)
            implements LibraryFolder {
        @Override
        public List<LibraryNode> children() {
            return listing.get();
        }
    }
}
