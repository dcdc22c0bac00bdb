package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.DownloadJob;
import io.nzbmount.server.store.DownloadJobs;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The download client behind SABnzbd's API. A job is an import of its NZB into the library (the
 * same import as {@code POST /api/nzbs}, named by the job's name: the release title the client
 * chose it by), done while the client waits: a few article checks, so
 * seconds. It then ends {@link DownloadJob.Status#COMPLETED} with a job folder to import, or
 * {@link DownloadJob.Status#FAILED} with the reason (nothing playable, refused archives, articles missing),
 * so the client blocklists that release and grabs another. Nothing here deletes media on its own:
 * only a delete the client sends with {@code del_files=1} removes an item. Thread safe.
 */
public final class DownloadClient {
    private volatile JobRepairs repairs = JobRepairs.NONE;

    private static final Logger LOG = LoggerFactory.getLogger(DownloadClient.class);
    private static final String ID_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789";

    /** A job being imported now: the queue. */
    public record Pending(String nzoId, String name, String category, int priority, long nzbBytes, Instant addedAt) {}

    private final Database db;
    private final LibraryImporter importer;
    private final ItemCatalog catalog;
    private final JobFolders folders;
    private final List<String> categories;
    private final Clock clock;
    private final SecureRandom random;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();

    /** @param categories the categories offered ({@code downloads.categories}) */
    DownloadClient(
            Database db,
            LibraryImporter importer,
            ItemCatalog catalog,
            JobFolders folders,
            List<String> categories,
            Clock clock,
            SecureRandom random) {
        this.db = db;
        this.importer = importer;
        this.catalog = catalog;
        this.folders = folders;
        this.categories = List.copyOf(categories);
        this.clock = clock;
        this.random = random;
    }

    public List<String> categories() {
        return categories;
    }

    /** The configured category named {@code name} without regard to case. */
    public Optional<String> configured(String name) {
        return categories.stream().filter(c -> c.equalsIgnoreCase(name)).findFirst();
    }

    /** Whether a job filed under {@code category} matches a filter by {@code asked} (case ignored). */
    static boolean sameCategory(String asked, String category) {
        return asked.equalsIgnoreCase(category);
    }

    public Path completeDir() {
        return folders.completeDir();
    }

    /** The folder of a category's jobs. */
    public Path categoryDir(String category) {
        return folders.categoryDir(category);
    }

    /**
     * The category a job is filed under: the one of {@link #categories()} named without regard to
     * case (Sonarr sends {@code tv}, AIOStreams {@code TV}), spelled as configured; or "*"
     * (SABnzbd's default) when none is given.
     */
    public String category(Optional<String> asked) throws SabException {
        if (asked.isEmpty() || asked.get().equals("*")) return "*";
        Optional<String> known = configured(asked.get());
        if (known.isPresent()) return known.get();
        throw new SabException("unknown category '" + SabRequest.shorten(asked.get()) + "': NZBMount offers "
                + String.join(", ", categories) + " (downloads.categories)");
    }

    /**
     * Imports an NZB as a job and returns its nzo_id. The same NZB again (by its bytes) gives the
     * same nzo_id and makes nothing new.
     *
     * @throws SabException when the NZB cannot be read at all or the providers cannot be asked now
     *                      (nothing is recorded; the client may send it again)
     */
    public String add(byte[] nzb, String name, String category, int priority, URI baseUri)
            throws SabException, StoreException {
        return add(nzb, name, category, priority, baseUri, Optional.empty());
    }

    /**
     * {@link #add(byte[], String, String, int, URI)} with the password of the release's encrypted
     * archives (SABnzbd's {@code password=}); it is stored with the source, never with the job.
     */
    public String add(byte[] nzb, String name, String category, int priority, URI baseUri, Optional<String> password)
            throws SabException, StoreException {
        String sha256 = sha256(nzb);
        Optional<DownloadJob> known = db.transaction(c -> DownloadJobs.bySha256(c, sha256));
        if (known.isPresent()) return known.get().nzoId();
        Pending mine = new Pending(newId(), name, category, priority, nzb.length, clock.instant());
        Pending running = pending.putIfAbsent(sha256, mine);
        if (running != null) return running.nzoId();
        try {
            // A job of the same NZB may have finished between the look-up and taking the slot.
            Optional<DownloadJob> finished = db.transaction(c -> DownloadJobs.bySha256(c, sha256));
            if (finished.isPresent()) return finished.get().nzoId();
            DownloadJob job = run(nzb, sha256, mine, baseUri, password);
            db.transaction(c -> {
                DownloadJobs.insert(c, job);
                return null;
            });
            return job.nzoId();
        } finally {
            pending.remove(sha256);
        }
    }

    private DownloadJob run(byte[] nzb, String sha256, Pending p, URI baseUri, Optional<String> password)
            throws SabException, StoreException {
        ImportResult result;
        try {
            result = importer.importGrabbed(nzb, p.name(), password);
        } catch (ImportException e) {
            return switch (e.reason()) {
                case MALFORMED, TOO_LARGE ->
                    throw new SabException(SabException.Kind.NOT_AN_NZB, "not a usable NZB: " + e.getMessage());
                case PROVIDERS_UNAVAILABLE ->
                    throw new SabException(
                            SabException.Kind.TRY_LATER,
                            "the providers cannot be asked now (" + e.getMessage() + "); try again later");
                default -> failed(sha256, p, e.getMessage());
            };
        }
        ItemView item = result.item();
        Optional<String> broken = missingArticles(item.primary());
        if (broken.isPresent()) {
            if (result.created()) catalog.delete(item.item().id());
            return failed(sha256, p, broken.get());
        }
        Path folder;
        try {
            folder = folders.create(p.category(), p.name(), item, baseUri);
        } catch (IOException e) {
            LOG.warn("cannot make the job folder of {}: {}", p.nzoId(), e.toString());
            if (result.created()) catalog.delete(item.item().id());
            return failed(
                    sha256,
                    p,
                    "cannot make the job folder under " + folders.categoryDir(p.category()) + ": " + e.getMessage());
        }
        long bytes = item.files().stream().mapToLong(LibraryFileView::size).sum();
        return new DownloadJob(
                p.nzoId(),
                sha256,
                p.name(),
                p.category(),
                p.priority(),
                OptionalLong.of(item.item().id()),
                result.created(),
                DownloadJob.Status.COMPLETED,
                Optional.of(folder.toString()),
                Optional.empty(),
                bytes,
                p.addedAt(),
                elapsedSeconds(p));
    }

    /**
     * Why a release is too broken to hand over: any article of the import's sample missing on every
     * provider. A release with holes right after posting is seldom whole further on, and failing it
     * now lets the client take another one while the user waits for nothing.
     */
    private static Optional<String> missingArticles(SourceRecord primary) {
        if (primary.presenceMissing() == 0) return Optional.empty();
        return Optional.of(primary.presenceMissing() + " of " + primary.presenceChecked()
                + " sampled articles are missing on every provider");
    }

    private DownloadJob failed(String sha256, Pending p, String message) {
        return new DownloadJob(
                p.nzoId(),
                sha256,
                p.name(),
                p.category(),
                p.priority(),
                OptionalLong.empty(),
                false,
                DownloadJob.Status.FAILED,
                Optional.empty(),
                Optional.of(message),
                0,
                p.addedAt(),
                elapsedSeconds(p));
    }

    private long elapsedSeconds(Pending p) {
        return Math.max(0, Duration.between(p.addedAt(), clock.instant()).toSeconds());
    }

    /** The jobs being imported now, oldest first. */
    public List<Pending> queue() {
        List<Pending> out = new ArrayList<>(pending.values());
        out.sort((a, b) -> a.addedAt().compareTo(b.addedAt()));
        return out;
    }

    /** The finished job with this nzo_id; empty while it is still being imported, or when there is none. */
    public Optional<DownloadJob> job(String nzoId) throws StoreException {
        return db.transaction(c -> DownloadJobs.byNzoId(c, nzoId));
    }

    /**
     * Every finished job, newest first; a completed job whose release is being repaired shows as
     * {@code Repairing}, one whose repair cannot finish as {@code Failed} with the reason.
     */
    public List<DownloadJob> history() throws StoreException {
        List<DownloadJob> shown = new ArrayList<>();
        for (DownloadJob j : db.transaction(DownloadJobs::all)) {
            Optional<JobRepairs.Repair> r =
                    j.status() == DownloadJob.Status.COMPLETED && j.itemId().isPresent()
                            ? repairs.of(j.itemId().getAsLong())
                            : Optional.empty();
            if (r.isPresent() && r.get().running()) j = j.shown(DownloadJob.Status.REPAIRING, Optional.empty());
            else if (r.isPresent() && r.get().failure().isPresent()) {
                j = j.shown(
                        DownloadJob.Status.FAILED,
                        Optional.of("PAR2 repair failed: " + r.get().failure().get()));
            }
            shown.add(j);
        }
        return shown;
    }

    /** How the history learns of repairs (none until set). */
    public void repairs(JobRepairs repairs) {
        this.repairs = repairs;
    }

    /**
     * Removes a finished job from the history. With {@code deleteFiles} its job folder goes too, and
     * so does the library item the job made (its sources, files, events and WebDAV paths); an item
     * that was in the library before the job (imported by hand) stays.
     *
     * @return false when there is no such job
     */
    public boolean delete(String nzoId, boolean deleteFiles) throws StoreException {
        Optional<DownloadJob> job = db.transaction(c -> DownloadJobs.byNzoId(c, nzoId));
        if (job.isEmpty()) return false;
        db.transaction(c -> DownloadJobs.delete(c, nzoId));
        if (deleteFiles) {
            if (job.get().storage().isPresent()) {
                try {
                    folders.remove(Path.of(job.get().storage().get()));
                } catch (IOException e) {
                    LOG.warn("cannot remove the job folder of {}: {}", nzoId, e.toString());
                }
            }
            if (job.get().madeItem() && job.get().itemId().isPresent())
                catalog.delete(job.get().itemId().getAsLong());
        }
        return true;
    }

    private String newId() {
        StringBuilder s = new StringBuilder("SABnzbd_nzo_");
        for (int i = 0; i < 12; i++) s.append(ID_LETTERS.charAt(random.nextInt(ID_LETTERS.length())));
        return s.toString();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
