package io.nzbmount.server.dav;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A read-only WebDAV tree mounted at a path prefix: the nodes below the prefix, and the depth from
 * which a PROPFIND may list everything below ({@code Depth: infinity}). The tree under {@code /dav/}
 * ({@link #DavTree(Library, boolean, Instant)}) is a root holding {@code library/} (the
 * {@link Library}) and, when uploads are accepted, the empty {@code nzbs/} folder that PUTs go into;
 * {@link #readOnly} mounts any other {@link Library} (the views of the library in other layouts).
 * Thread safe.
 */
public final class DavTree {

    /** Path prefix of the tree, without the trailing slash. */
    public static final String PREFIX = "/dav";
    /** Name of the library folder below {@link #PREFIX}. */
    public static final String LIBRARY = "library";
    /** Name of the upload folder below {@link #PREFIX}. */
    public static final String NZBS = "nzbs";

    /** A depth from which no PROPFIND lists everything below: {@code Depth: infinity} is read as 1. */
    static final int NEVER_DEEP = Integer.MAX_VALUE;

    private final String prefix;
    private final Library nodes;
    private final Library library;
    private final boolean uploads;
    private final Instant started;
    private final int deepFrom;

    /**
     * The tree under {@code /dav/}. {@code Depth: infinity} is read as 1 there: the library root
     * would list every item.
     *
     * @param uploads whether {@code nzbs/} exists (an upload sink is configured)
     * @param started time shown for the folders the tree makes itself
     */
    public DavTree(Library library, boolean uploads, Instant started) {
        this.prefix = PREFIX;
        this.library = library;
        this.uploads = uploads;
        this.started = started;
        this.nodes = this::resolveDav;
        this.deepFrom = NEVER_DEEP;
    }

    private DavTree(String prefix, Library nodes, int deepFrom) {
        this.prefix = prefix;
        this.nodes = nodes;
        this.library = nodes;
        this.uploads = false;
        this.started = Instant.EPOCH;
        this.deepFrom = deepFrom;
    }

    /**
     * A read-only tree of {@code nodes} at {@code prefix} ({@code /content}: no trailing slash).
     * A PROPFIND with {@code Depth: infinity} is answered at {@code deepFrom} segments and below;
     * above, where it would walk the whole library, it is refused (403) so that the client lists
     * level by level.
     */
    public static DavTree readOnly(String prefix, Library nodes, int deepFrom) {
        if (!prefix.startsWith("/") || prefix.endsWith("/"))
            throw new IllegalArgumentException("not a prefix: " + prefix);
        return new DavTree(prefix, nodes, deepFrom);
    }

    /** The path the tree is mounted at, without the trailing slash. */
    public String prefix() {
        return prefix;
    }

    /** The servlet-style path spec of the tree: its prefix and all below. */
    public String pathSpec() {
        return prefix + "/*";
    }

    /** Whether a PROPFIND with {@code Depth: infinity} is answered at these segments. */
    boolean deepListing(List<String> segments) {
        return segments.size() >= deepFrom;
    }

    /** Whether {@code Depth: infinity} is read as 1 everywhere in this tree (the {@code /dav} tree). */
    boolean neverDeep() {
        return deepFrom == NEVER_DEEP;
    }

    /**
     * The segments of a decoded request path below this tree's prefix, or empty when the path is
     * not under it or holds a "." or ".." segment. Empty segments (double or trailing slashes) are
     * dropped.
     */
    public Optional<List<String>> segments(String decodedPath) {
        return segments(prefix, decodedPath);
    }

    /** The segments of {@code decodedPath} below {@code prefix}; see {@link #segments(String)}. */
    private static Optional<List<String>> segments(String prefix, String decodedPath) {
        if (decodedPath == null
                || !decodedPath.startsWith(prefix)
                || (decodedPath.length() > prefix.length() && decodedPath.charAt(prefix.length()) != '/')) {
            return Optional.empty();
        }
        List<String> segments = new ArrayList<>();
        for (String segment : decodedPath.substring(prefix.length()).split("/")) {
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

    /** The node at the segments below the prefix, or empty when there is none. */
    public Optional<LibraryNode> resolve(List<String> segments) {
        return nodes.resolve(segments);
    }

    private Optional<LibraryNode> resolveDav(List<String> segments) {
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
