package io.nzbmount.server.library.importing;

import io.nzbmount.config.FallbackSettings;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.importing.ImportException.Reason;
import io.nzbmount.server.library.importing.PreparedRelease.PreparedFile;
import io.nzbmount.server.library.naming.ItemNames;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.MemberCrcs;
import io.nzbmount.server.store.MissingArticles;
import io.nzbmount.server.store.NewSource;
import io.nzbmount.server.store.Refusals;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.SourcePasswords;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StoreException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Imports NZBs into the library: as a new item (REST upload, WebDAV PUT, watch folder) or as a
 * standby source of an existing item. Thread-safe; an import blocks its caller while the
 * providers are asked (a few article fetches).
 *
 * <p>An NZB is identified by the SHA-256 of its bytes: importing the same bytes again changes
 * nothing and returns the item that holds them. All provider work happens before the store is
 * touched; the item, its source, files and an "imported" event are then written in one
 * transaction, so a killed process leaves either all of it or none.
 *
 * <p>A new item is named after the NZB's title, else the name given, else the main file's name
 * without extension (a download client's release title comes first); that name is written by
 * {@link ItemNames} ({@code Title (Year)} when it says a year) and made unique with " (2)",
 * " (3)", ... The release keeps the name as given.
 */
public final class LibraryImporter {

    /** Largest NZB accepted: real ones are a few MiB even for 100 GiB releases. */
    public static final int MAX_NZB_BYTES = 64 * 1024 * 1024;

    /** Why a source's hole is known from its import: the NZB lists no article for those bytes. */
    static final String UNLISTED = "the NZB lists no article for these bytes";

    private final Database db;
    private volatile java.util.function.BiConsumer<Long, Long> imported = (item, source) -> {};
    private final ReleaseInspector inspector;
    private final Clock clock;
    private final List<Consumer<ItemView>> importListeners = new CopyOnWriteArrayList<>();
    private volatile int maxStandby;

    /**
     * Reads archives and par2 files with the {@linkplain ArchiveReader#STANDARD standard} formats.
     *
     * @param maxStandby the standby pool size limit of an item, 0..{@value FallbackSettings#MAX_STANDBY}
     */
    public LibraryImporter(Database db, ReleaseReader reader, ArticlePresence presence, Clock clock, int maxStandby) {
        this(db, reader, presence, ArchiveReader.STANDARD, clock, maxStandby);
    }

    /**
     * @param formats    reads archive headers and par2 files
     * @param maxStandby the standby pool size limit of an item, 0..{@value FallbackSettings#MAX_STANDBY}
     */
    public LibraryImporter(
            Database db,
            ReleaseReader reader,
            ArticlePresence presence,
            ArchiveReader formats,
            Clock clock,
            int maxStandby) {
        this.db = db;
        this.inspector = new ReleaseInspector(reader, presence, formats);
        this.clock = clock;
        setMaxStandby(maxStandby);
    }

    /**
     * Tells {@code listener} every item a later import makes, after its transaction committed (not
     * an NZB already stored, nor a standby). Called on the importing thread: listeners must return
     * at once and must not throw.
     */
    public void onImported(Consumer<ItemView> listener) {
        importListeners.add(listener);
    }

    /** Changes the pool size limit for standbys added from now on (saved settings applied without a restart). */
    public void setMaxStandby(int maxStandby) {
        if (maxStandby < 0 || maxStandby > FallbackSettings.MAX_STANDBY) {
            throw new IllegalArgumentException(
                    "maxStandby must be 0.." + FallbackSettings.MAX_STANDBY + ": " + maxStandby);
        }
        this.maxStandby = maxStandby;
    }

    /**
     * Imports an NZB as a new item, or returns the item that already holds these bytes.
     *
     * @param nzb  the NZB document; owned by the importer from now on
     * @param name the name to use when the NZB has no title
     * @param link the indexer download link it came from, if any
     */
    public ImportResult importNzb(byte[] nzb, Optional<String> name, Optional<String> link)
            throws ImportException, StoreException {
        return importNew(nzb, name, link, false, Optional.empty());
    }

    /**
     * {@link #importNzb(byte[], Optional, Optional)} with the password of its encrypted archives,
     * which wins over {@code {{password}}} in the name and the NZB's own {@code <meta type="password">}.
     * The password that opens them is stored with the source; it is never logged or shown.
     */
    public ImportResult importNzb(byte[] nzb, Optional<String> name, Optional<String> link, Optional<String> password)
            throws ImportException, StoreException {
        return importNew(nzb, name, link, false, password);
    }

    /**
     * Imports an NZB a download client grabbed (Sonarr, Radarr), as {@link #importNzb}, except that
     * {@code releaseName}, the title the client found the release by, names the release and the
     * item even when the NZB carries a title of its own: the standby search looks for that content.
     */
    public ImportResult importGrabbed(byte[] nzb, String releaseName) throws ImportException, StoreException {
        return importGrabbed(nzb, releaseName, Optional.empty());
    }

    /** {@link #importGrabbed(byte[], String)} with the password the client gave (SABnzbd's {@code password=}). */
    public ImportResult importGrabbed(byte[] nzb, String releaseName, Optional<String> password)
            throws ImportException, StoreException {
        return importNew(nzb, Optional.of(releaseName), Optional.empty(), true, password);
    }

    private ImportResult importNew(
            byte[] nzb, Optional<String> name, Optional<String> link, boolean nameWins, Optional<String> password)
            throws ImportException, StoreException {
        checkSize(nzb);
        String sha256 = sha256(nzb);
        Optional<ImportResult> known = existing(sha256, Optional.empty());
        if (known.isPresent()) return known.get();
        PreparedRelease release = inspector.inspect(nzb, sha256, name, nameWins, password);
        Instant now = clock.instant();
        ImportResult result = write(c -> {
            Optional<ImportResult> raced = existing(c, sha256, Optional.empty());
            if (raced.isPresent()) return raced.get();
            long itemId = Items.insert(c, uniqueName(c, release.itemName()), now);
            long sourceId = insertSource(c, itemId, release, link, SourceRole.PRIMARY, SourceState.READY, now);
            SourceLifecycle.imported(c, itemId, sourceId);
            EventLog.append(c, now, itemId, EventKind.IMPORTED, detail(sourceId, release));
            return new ImportResult(view(c, itemId), sourceId, true);
        });
        if (result.created()) importListeners.forEach(l -> l.accept(result.item()));
        if (result.created()) imported.accept(result.item().item().id(), result.sourceId());
        return result;
    }

    /**
     * Tells {@code listener} the item and source of every new item imported from now on, after
     * the import committed (the PAR2 repair looks at what its check found missing). The listener
     * must return at once and not throw.
     */
    public void onImportedSource(java.util.function.BiConsumer<Long, Long> listener) {
        imported = listener;
    }

    /** {@link #importNzb(byte[], Optional, Optional)} without an indexer link. */
    public ImportResult importNzb(byte[] nzb, Optional<String> name) throws ImportException, StoreException {
        return importNzb(nzb, name, Optional.empty());
    }

    /**
     * Imports an NZB that arrived as a file: a WebDAV {@code PUT} into {@code /dav/nzbs/} or a file
     * dropped into the watch folder. The file name (without ".nzb") is the name given.
     */
    public ImportResult importFile(String fileName, byte[] nzb) throws ImportException, StoreException {
        return importNzb(nzb, Optional.of(fileName), Optional.empty());
    }

    /**
     * Adds an NZB as a standby source (state pending) of an existing item. Returns the item
     * unchanged when these bytes already are one of its sources.
     *
     * @throws ImportException {@code UNKNOWN_ITEM} when there is no such item; {@code CONFLICT}
     *         when the NZB belongs to another item or the standby pool is full
     */
    public ImportResult addStandby(long itemId, byte[] nzb, Optional<String> link)
            throws ImportException, StoreException {
        return addStandby(itemId, nzb, link, Optional.empty());
    }

    /**
     * {@link #addStandby(long, byte[], Optional)} with the release name to use when the NZB has no
     * title (an indexer result's title).
     */
    public ImportResult addStandby(long itemId, byte[] nzb, Optional<String> link, Optional<String> name)
            throws ImportException, StoreException {
        return addStandby(itemId, nzb, link, name, Optional.empty());
    }

    /**
     * {@link #addStandby(long, byte[], Optional, Optional)} with the password of its encrypted
     * archives (see {@link #importNzb(byte[], Optional, Optional, Optional)}).
     */
    public ImportResult addStandby(
            long itemId, byte[] nzb, Optional<String> link, Optional<String> name, Optional<String> password)
            throws ImportException, StoreException {
        checkSize(nzb);
        String sha256 = sha256(nzb);
        Optional<ImportResult> known = existing(sha256, Optional.of(itemId));
        if (known.isPresent()) return known.get();
        write(c -> checkPool(c, itemId));
        PreparedRelease release = inspector.inspect(nzb, sha256, name, false, password);
        Instant now = clock.instant();
        return write(c -> {
            Optional<ImportResult> raced = existing(c, sha256, Optional.of(itemId));
            if (raced.isPresent()) return raced.get();
            checkPool(c, itemId);
            long sourceId = insertSource(c, itemId, release, link, SourceRole.STANDBY, SourceState.PENDING, now);
            EventLog.append(c, now, itemId, EventKind.STANDBY_ADDED, detail(sourceId, release));
            return new ImportResult(view(c, itemId), sourceId, true);
        });
    }

    private Optional<ImportResult> existing(String sha256, Optional<Long> forItem)
            throws ImportException, StoreException {
        return write(c -> existing(c, sha256, forItem));
    }

    /** The result for bytes already stored; refuses them when they belong to another item than {@code forItem}. */
    private static Optional<ImportResult> existing(Connection c, String sha256, Optional<Long> forItem)
            throws SQLException {
        Optional<SourceRecord> source = SourceTable.bySha256(c, sha256);
        if (source.isEmpty()) return Optional.empty();
        long itemId = source.get().itemId();
        if (forItem.isPresent() && forItem.get() != itemId) {
            String name = Items.byId(c, itemId).map(ItemRecord::name).orElse("?");
            throw new Refusal(new ImportException(
                    Reason.CONFLICT, "this NZB is already a source of item " + itemId + " (\"" + name + "\")"));
        }
        return Optional.of(new ImportResult(view(c, itemId), source.get().id(), false));
    }

    private Void checkPool(Connection c, long itemId) throws SQLException {
        if (Items.byId(c, itemId).isEmpty()) {
            throw new Refusal(new ImportException(Reason.UNKNOWN_ITEM, "there is no item " + itemId));
        }
        long pool = SourceTable.ofItem(c, itemId).stream()
                .filter(s -> s.role() == SourceRole.STANDBY && ItemView.inPool(s.state()))
                .count();
        int limit = maxStandby;
        if (pool >= limit) {
            throw new Refusal(new ImportException(
                    Reason.CONFLICT,
                    "the standby pool of item " + itemId + " is full (" + limit + " sources): remove one first"));
        }
        return null;
    }

    private static long insertSource(
            Connection c,
            long itemId,
            PreparedRelease r,
            Optional<String> link,
            SourceRole role,
            SourceState state,
            Instant now)
            throws SQLException {
        long sourceId = SourceTable.insert(
                c,
                itemId,
                new NewSource(
                        r.nzb(),
                        r.sha256(),
                        r.releaseName(),
                        link,
                        r.postedAt(),
                        role,
                        state,
                        r.presence().checked(),
                        r.presence().missingIds().size(),
                        now));
        List<FileRecord> files = r.files().stream()
                .map(f -> new FileRecord(sourceId, f.index(), f.name(), f.size(), f.mapText(), f.media(), f.volumes()))
                .toList();
        Files.insertAll(c, files);
        Refusals.insertAll(c, sourceId, r.refused());
        if (r.password().isPresent())
            SourcePasswords.insert(c, sourceId, r.password().get());
        MissingArticles.insertAll(c, sourceId, r.presence().missingIds());
        for (PreparedFile f : r.files()) {
            for (ArticleSpan hole : f.holes()) {
                HoleTable.add(c, sourceId, new Hole(f.index(), hole.start(), hole.end()), now, UNLISTED);
            }
            if (f.crcToVerify().isPresent())
                MemberCrcs.insert(c, sourceId, f.index(), f.crcToVerify().getAsLong());
        }
        return sourceId;
    }

    private static String uniqueName(Connection c, String base) throws SQLException {
        String name = base;
        for (int n = 2; Items.byName(c, name).isPresent(); n++) name = base + " (" + n + ")";
        return name;
    }

    private static ItemView view(Connection c, long itemId) throws SQLException {
        ItemRecord item = Items.byId(c, itemId).orElseThrow(() -> new SQLException("item " + itemId + " vanished"));
        return ItemCatalog.view(c, item).orElseThrow(() -> new SQLException("item " + itemId + " has no primary"));
    }

    private static Map<String, Object> detail(long sourceId, PreparedRelease r) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("source", sourceId);
        d.put("release", r.releaseName());
        d.put("files", r.files().size());
        d.put("mediaFiles", r.files().stream().filter(PreparedFile::media).count());
        d.put(
                "archivedFiles",
                r.files().stream().filter(f -> !f.volumes().isEmpty()).count());
        d.put("refused", r.refused().size());
        d.put("presenceChecked", r.presence().checked());
        d.put("presenceMissing", r.presence().missingIds().size());
        return d;
    }

    private static void checkSize(byte[] nzb) throws ImportException {
        if (nzb.length > MAX_NZB_BYTES) {
            throw new ImportException(
                    Reason.TOO_LARGE,
                    "an NZB may be at most " + MAX_NZB_BYTES + " bytes (64 MiB); this one has " + nzb.length);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Runs a transaction, turning a refusal raised inside it back into its ImportException. */
    private <T> T write(Database.Work<T> work) throws ImportException, StoreException {
        try {
            return db.transaction(work);
        } catch (Refusal r) {
            throw r.refusal;
        }
    }

    /** Carries an ImportException out of a transaction (which rolls back on it). */
    private static final class Refusal extends RuntimeException {
        private final ImportException refusal;

        Refusal(ImportException refusal) {
            super(refusal.getMessage(), refusal, false, false);
            this.refusal = refusal;
        }
    }
}
