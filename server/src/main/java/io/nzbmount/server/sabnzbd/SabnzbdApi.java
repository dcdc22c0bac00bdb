package io.nzbmount.server.sabnzbd;

import io.nzbmount.config.DownloadSettings;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.streamlink.StreamLinks;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Puts the SABnzbd-compatible download client together: its store, folders and modes. */
public final class SabnzbdApi {

    private SabnzbdApi() {}

    /**
     * The download client: jobs, their folders and their history.
     *
     * @param dataDir where job folders go when {@code downloads.completeDir} is not set ({@code complete} in it)
     * @param links   the signer of the stream links {@code .strm} files hold with {@code strmLinks: signed}
     */
    public static DownloadClient client(
            Database db,
            LibraryImporter importer,
            ItemCatalog catalog,
            DownloadSettings settings,
            Path dataDir,
            Clock clock,
            StreamLinks links) {
        Path complete = settings.completeDir()
                .orElse(dataDir.resolve("complete"))
                .toAbsolutePath()
                .normalize();
        Optional<StreamLinks> signed =
                settings.strmLinks() == DownloadSettings.StrmLinks.SIGNED ? Optional.of(links) : Optional.empty();
        JobFolders folders = new JobFolders(complete, settings.layout(), settings.mountPath(), signed);
        return new DownloadClient(db, importer, catalog, folders, settings.categories(), clock, new SecureRandom());
    }

    /**
     * What adds jobs from NZB URLs ({@code addurl}, and the streams of a URL): every host gets the
     * address checks of {@code addurl}, with the exceptions {@code downloads.allowedNzbHosts} names.
     */
    public static UrlGrabs grabs(DownloadClient client, DownloadSettings settings) {
        return new UrlGrabs(client, new NzbUrlFetcher(NzbUrlFetcher.allowing(settings.allowedNzbHosts())));
    }

    /**
     * The handler of {@link SabApiHandler#PATH} and {@link SabApiHandler#URL_BASE_PATH}.
     *
     * @param server  the server's own address ({@code http://bind:port/}), what {@code .strm} URLs start
     *                with when {@code downloads.publicUrl} is not set; asked once per call
     */
    public static SabApiHandler handler(UrlGrabs grabs, DownloadSettings settings, Supplier<URI> server) {
        DownloadClient client = grabs.client();
        InfoModes info = new InfoModes(client);
        AddModes add = new AddModes(grabs);
        QueueMode queue = new QueueMode(client);
        HistoryMode history = new HistoryMode(client);
        return new SabApiHandler(
                Map.of(
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
