package io.nzbmount.server.stremio;

import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryFolder;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.server.store.DownloadJob;
import io.nzbmount.server.store.StoreException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The library as the download client's jobs file it: {@code <category>/<job>/<file>}, the layout
 * nzbdav and altmount serve. A category is one of {@code downloads.categories}, named without
 * regard to case and listed as configured. A job's folder is named as its job folder on disk (the
 * {@code nzbname} it was given, " (2)" added when that was taken: the base name of the
 * {@code storage} its history shows), and holds the files of the library item the job made or
 * found: the same {@link io.nzbmount.server.dav.LibraryFile}s as {@code /dav/library/<item>/}, so
 * reads, ranges and the cutover are the same. Completed jobs with a category appear; failed ones
 * and jobs filed under "*" do not. Every call reads the jobs afresh. Thread safe.
 */
final class JobLibrary implements Library {

    /** The finished jobs, any order. */
    @FunctionalInterface
    interface Jobs {
        List<DownloadJob> all() throws StoreException;
    }

    /** The name of a library item's folder under {@code /dav/library/}; empty when it is gone. */
    @FunctionalInterface
    interface ItemNames {
        Optional<String> of(long itemId) throws StoreException;
    }

    private final Jobs jobs;
    private final List<String> categories;
    private final ItemNames names;
    private final Library items;
    private final Supplier<Instant> started;

    /**
     * @param items   the library under {@code /dav/library/}: the item folders and files served
     * @param started the time shown for the category folders
     */
    JobLibrary(Jobs jobs, List<String> categories, ItemNames names, Library items, Supplier<Instant> started) {
        this.jobs = jobs;
        this.categories = List.copyOf(categories);
        this.names = names;
        this.items = items;
        this.started = started;
    }

    @Override
    public Optional<LibraryNode> resolve(List<String> segments) {
        if (segments.isEmpty()) return Optional.of(root());
        Optional<String> category = category(segments.get(0));
        if (category.isEmpty()) return Optional.empty();
        if (segments.size() == 1) return Optional.of(categoryFolder(category.get()));
        Optional<DownloadJob> job = job(category.get(), segments.get(1));
        if (job.isEmpty()) return Optional.empty();
        Optional<String> item = itemName(job.get());
        if (item.isEmpty()) return Optional.empty();
        List<String> below = new ArrayList<>();
        below.add(item.get());
        below.addAll(segments.subList(2, segments.size()));
        Optional<LibraryNode> node = items.resolve(below);
        if (segments.size() == 2) {
            return node.filter(LibraryFolder.class::isInstance)
                    .map(f -> new Folder(segments.get(1), f.lastModified(), ((LibraryFolder) f)::children));
        }
        return node;
    }

    private Optional<String> category(String asked) {
        return categories.stream().filter(c -> c.equalsIgnoreCase(asked)).findFirst();
    }

    private LibraryFolder root() {
        return new Folder("content", started.get(), () -> {
            List<LibraryNode> children = new ArrayList<>();
            for (String c : categories) children.add(categoryFolder(c));
            return children;
        });
    }

    private LibraryFolder categoryFolder(String category) {
        return new Folder(category, started.get(), () -> {
            List<LibraryNode> children = new ArrayList<>();
            for (DownloadJob j : completed()) {
                if (j.category().equalsIgnoreCase(category)) {
                    children.add(new Folder(folderName(j), j.addedAt(), () -> jobFiles(j)));
                }
            }
            return children;
        });
    }

    private List<LibraryNode> jobFiles(DownloadJob job) {
        return itemName(job)
                .flatMap(name -> items.resolve(List.of(name)))
                .filter(LibraryFolder.class::isInstance)
                .map(f -> ((LibraryFolder) f).children())
                .orElse(List.of());
    }

    private Optional<DownloadJob> job(String category, String folder) {
        return completed().stream()
                .filter(j ->
                        j.category().equalsIgnoreCase(category) && folderName(j).equals(folder))
                .findFirst();
    }

    private List<DownloadJob> completed() {
        try {
            return jobs.all().stream()
                    .filter(j -> j.status() == DownloadJob.Status.COMPLETED
                            && j.storage().isPresent()
                            && j.itemId().isPresent()
                            && !j.category().equals("*"))
                    .toList();
        } catch (StoreException e) {
            throw new HttpProblem.Unavailable("the library database cannot be read: " + e.getMessage());
        }
    }

    private Optional<String> itemName(DownloadJob job) {
        try {
            return names.of(job.itemId().getAsLong());
        } catch (StoreException e) {
            throw new HttpProblem.Unavailable("the library database cannot be read: " + e.getMessage());
        }
    }

    /** The job folder's name: the base name of its storage, which the history shows. */
    static String folderName(DownloadJob job) {
        return Path.of(job.storage().orElseThrow()).getFileName().toString();
    }

    /** A folder this view makes itself; its children are listed when asked. */
    private record Folder(String name, Instant lastModified, Supplier<List<LibraryNode>> listing)
            implements LibraryFolder {
        @Override
        public List<LibraryNode> children() {
            return listing.get();
        }
    }
}
