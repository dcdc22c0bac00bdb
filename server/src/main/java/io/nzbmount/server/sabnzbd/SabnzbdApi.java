package io.nzbmount.server.sabnzbd;

import io.nzbmount.config.DownloadSettings;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.LibraryImporter;
import io.nzbmount.server.store.Database;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;

/** Puts the SABnzbd-compatible download client together: its store, folders and modes. */
public final class SabnzbdApi {

    private SabnzbdApi() {
    }

    /**
     * The handler of {@link SabApiHandler#PATH} and {@link SabApiHandler#URL_BASE_PATH}.
     *
     * @param dataDir where job folders go when {@code downloads.completeDir} is not set ({@code complete} in it)
     * @param server  the server's own address ({@code http://bind:port/}), what {@code .strm} URLs start
     *                with when {@code downloads.publicUrl} is not set; asked once per call
     */
    public static SabApiHandler handler(Database db, LibraryImporter importer, ItemCatalog catalog,
                                        DownloadSettings settings, Path dataDir, Clock clock, Supplier<URI> server) {
        return handler(db, importer, catalog, settings, dataDir, clock, server, NzbUrlFetcher.PUBLIC_AND_LAN);
    }

    /** As {@link #handler(Database, LibraryImporter, ItemCatalog, DownloadSettings, Path, Clock, Supplier)}, with the history showing repairs. */
    public static SabApiHandler handler(Database db, LibraryImporter importer, ItemCatalog catalog,
                                        DownloadSettings settings, Path dataDir, Clock clock, Supplier<URI> server,
                                        JobRepairs repairs) {
        return handler(db, importer, catalog, settings, dataDir, clock, server, NzbUrlFetcher.PUBLIC_AND_LAN, repairs);
    }

    static SabApiHandler handler(Database db, LibraryImporter importer, ItemCatalog catalog, DownloadSettings settings,
                                 Path dataDir, Clock clock, Supplier<URI> server, NzbUrlFetcher.AddressPolicy urls) {
        return handler(db, importer, catalog, settings, dataDir, clock, server, urls, JobRepairs.NONE);
    }

    static SabApiHandler handler(Database db, LibraryImporter importer, ItemCatalog catalog, DownloadSettings settings,
                                 Path dataDir, Clock clock, Supplier<URI> server, NzbUrlFetcher.AddressPolicy urls,
                                 JobRepairs repairs) {
        Path complete = settings.completeDir().orElse(dataDir.resolve("complete")).toAbsolutePath().normalize();
        JobFolders folders = new JobFolders(complete, settings.layout(), settings.mountPath());
        DownloadClient client = new DownloadClient(db, importer, catalog, folders, settings.categories(), clock,
                new SecureRandom());
        client.repairs(repairs);
        InfoModes info = new InfoModes(client);
        AddModes add = new AddModes(client, new NzbUrlFetcher(urls));
        QueueMode queue = new QueueMode(client);
        HistoryMode history = new HistoryMode(client);
        return new SabApiHandler(Map.of(
                "version", info::version,
                "get_config", info::config,
                "fullstatus", info::fullStatus,
                "get_cats", info::cats,
                "addfile", add::addFile,
                "addurl", add::addUrl,
                "queue", queue::answer,
                "history", history::answer),
                () -> settings.publicUrl().orElseGet(server));
    }
}
