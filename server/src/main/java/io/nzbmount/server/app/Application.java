package io.nzbmount.server.app;

import io.nzbmount.config.Settings;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.api.ApiHandler;
import io.nzbmount.server.cli.UsenetSettings;
import io.nzbmount.server.http.Credentials;
import io.nzbmount.server.http.WebServer;
import io.nzbmount.server.library.EventLog;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.LibraryImporter;
import io.nzbmount.server.library.WatchFolder;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.ui.CsrfHandler;
import io.nzbmount.server.ui.UiHandler;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything {@code serve} runs, started in dependency order and stopped in reverse: the
 * database, the providers, the importer and watch folder, and the web server. Closing ends open
 * responses cleanly (short, never padded) and closes the database last.
 */
public final class Application implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Application.class);

    private final List<AutoCloseable> resources;
    private final WebServer web;
    private final LibraryImporter importer;

    private Application(List<AutoCloseable> resources, WebServer web, LibraryImporter importer) {
        this.resources = resources;
        this.web = web;
        this.importer = importer;
    }

    /**
     * Starts the application. On failure everything already started is closed again.
     *
     * @throws io.nzbmount.server.http.UnsafeBindException when bound beyond loopback without auth
     */
    public static Application start(Settings settings) throws Exception {
        List<AutoCloseable> started = new ArrayList<>();
        try {
            Clock clock = Clock.systemUTC();
            Database db = Database.open(settings.server().dataDir());
            started.add(db);
            Usenet usenet = Usenet.connect(UsenetSettings.providers(settings),
                    UsenetSettings.reader(settings.reader()));
            started.add(usenet);
            ItemCatalog catalog = new ItemCatalog(db);
            LibraryImporter importer = new LibraryImporter(db, new UsenetSizer(usenet),
                    new UsenetPresence(usenet), clock, settings.fallback().maxStandby());
            EventLog events = new EventLog(db, clock);
            WebServer web = WebServer.builder(new StreamingLibrary(catalog, new StreamOpener(catalog, usenet)))
                    .bind(settings.server().bind())
                    .port(settings.server().port())
                    .credentials(settings.auth().map(a -> new Credentials(a.username(), a.password())).orElse(null))
                    .uploadSink(new ImporterUploadSink(importer))
                    .route("/api/*", new CsrfHandler(new ApiHandler(importer, catalog, events)))
                    .route("/", new UiHandler())
                    .build();
            web.start();
            started.add(web::stop);
            WatchFolder watch = new WatchFolder(settings.server().dataDir(), importer, clock);
            watch.start();
            started.add(watch);
            return new Application(started, web, importer);
        } catch (Exception | Error e) {
            closeAll(started);
            throw e;
        }
    }

    /** Where the web server listens, e.g. {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        return web.uri();
    }

    public LibraryImporter importer() {
        return importer;
    }

    /** Stops everything, newest first. Idempotent. */
    @Override
    public void close() {
        synchronized (resources) {
            closeAll(resources);
        }
    }

    private static void closeAll(List<AutoCloseable> resources) {
        for (int i = resources.size() - 1; i >= 0; i--) {
            try {
                resources.get(i).close();
            } catch (Exception e) {
                log.warn("while stopping: {}", e.toString());
            }
        }
        resources.clear();
    }
}
