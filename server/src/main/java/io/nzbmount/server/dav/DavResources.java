package io.nzbmount.server.dav;

import io.milton.http.Auth;
import io.milton.http.Range;
import io.milton.http.Request;
import io.milton.http.ResourceFactory;
import io.milton.resource.CollectionResource;
import io.milton.resource.GetableResource;
import io.milton.resource.PropFindableResource;
import io.milton.resource.Resource;
import io.nzbmount.server.http.ContentTypes;
import io.nzbmount.server.http.EntityTags;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * Milton's view of the {@link DavTree}: read-only folders and files that answer PROPFIND. Access
 * control is done in front of Milton, so every resource authorises everything it is asked. File
 * bytes never go through Milton (GET and HEAD are answered by {@link FileGetHandler}).
 */
final class DavResources implements ResourceFactory {

    private final DavTree tree;

    DavResources(DavTree tree) {
        this.tree = tree;
    }

    @Override
    public Resource getResource(String host, String path) {
        return tree.segments(path)
                .flatMap(segments -> tree.resolve(segments).map(node -> wrap(node, segments)))
                .orElse(null);
    }

    static Resource wrap(LibraryNode node, List<String> segments) {
        return switch (node) {
            case LibraryFolder folder -> new FolderResource(folder, segments);
            case LibraryFile file -> new FileResource(file, segments);
        };
    }

    /** The ETag Milton shows as getetag: the same one GET sends. */
    static String etag(Resource resource) {
        return resource instanceof FileResource file
                ? EntityTags.strong(file.file.etagBasis(), file.file.size())
                : null;
    }

    private abstract static class NodeResource implements PropFindableResource {
        private final LibraryNode node;
        final List<String> segments;

        NodeResource(LibraryNode node, List<String> segments) {
            this.node = node;
            this.segments = segments;
        }

        @Override
        public String getName() {
            return node.name();
        }

        @Override
        public Object authenticate(String user, String password) {
            return user;
        }

        @Override
        public boolean authorise(Request request, Request.Method method, Auth auth) {
            return true;
        }

        @Override
        public String getRealm() {
            return "NZBMount";
        }

        @Override
        public Date getModifiedDate() {
            return Date.from(node.lastModified());
        }

        @Override
        public Date getCreateDate() {
            return Date.from(node.created());
        }

        @Override
        public String checkRedirect(Request request) {
            return null;
        }
    }

    private static final class FolderResource extends NodeResource implements CollectionResource {
        private final LibraryFolder folder;

        FolderResource(LibraryFolder folder, List<String> segments) {
            super(folder, segments);
            this.folder = folder;
        }

        @Override
        public String getUniqueId() {
            return DavHrefs.path(segments, true);
        }

        @Override
        public Resource child(String childName) {
            for (LibraryNode child : folder.children()) {
                if (child.name().equals(childName)) {
                    return wrap(child, append(childName));
                }
            }
            return null;
        }

        @Override
        public List<? extends Resource> getChildren() {
            List<Resource> children = new ArrayList<>();
            for (LibraryNode child : folder.children()) {
                children.add(wrap(child, append(child.name())));
            }
            return children;
        }

        private List<String> append(String name) {
            List<String> path = new ArrayList<>(segments);
            path.add(name);
            return List.copyOf(path);
        }
    }

    private static final class FileResource extends NodeResource implements GetableResource {
        private final LibraryFile file;

        FileResource(LibraryFile file, List<String> segments) {
            super(file, segments);
            this.file = file;
        }

        @Override
        public String getUniqueId() {
            return file.etagBasis();
        }

        @Override
        public void sendContent(OutputStream out, Range range, Map<String, String> params, String contentType)
                throws IOException {
            throw new IOException("file content is served by FileGetHandler, not through Milton");
        }

        @Override
        public Long getMaxAgeSeconds(Auth auth) {
            return null;
        }

        @Override
        public String getContentType(String accepts) {
            return ContentTypes.forName(file.name());
        }

        @Override
        public Long getContentLength() {
            return file.size();
        }
    }
}
