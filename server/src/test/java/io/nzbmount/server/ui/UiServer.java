package io.nzbmount.server.ui;

import io.nzbmount.config.Credentials;
import io.nzbmount.config.Settings;
import io.nzbmount.server.api.ApiHandler;
import io.nzbmount.server.dav.DavHandlers;
import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.http.WebServer;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.settings.ApiKeyStore;
import io.nzbmount.server.settings.SettingsHandler;
import io.nzbmount.server.settings.SettingsService;
import io.nzbmount.server.store.Database;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.server.Handler;

/**
 * The pieces of the server the web UI talks to, started for real on 127.0.0.1 with a free port:
 * {@link WebServer} with an API key, {@link CsrfHandler} in front of the settings endpoints
 * (defaults) and {@link ApiHandler} at {@code /api/*}, and
 * {@link UiHandler} at {@code /}, over a real SQLite database in {@code dataDir}. Providers are
 * the library fakes (every article present, sizes from the part count). The WebDAV tree is empty:
 * the UI only shows WebDAV URLs, it does not read them.
 */
final class UiServer implements AutoCloseable {

    private static final Library NO_DAV_FILES = segments -> Optional.<LibraryNode>empty();

    final FakeSizer sizer = new FakeSizer();
    final FakePresence presence = new FakePresence();
    final Database db;
    final LibraryImporter importer;
    final ItemCatalog catalog;
    final ApiKeyStore apiKey;
    private final WebServer server;

    private UiServer(Path dataDir, Credentials credentials, List<String> allowedHosts) throws Exception {
        db = Database.open(dataDir);
        Clock clock = Clock.systemUTC();
        importer = new LibraryImporter(db, sizer, presence, clock, 5);
        catalog = new ItemCatalog(db);
        ApiHandler api =
                ApiHandler.builder(importer, catalog, new EventLog(db, clock)).build();
        apiKey = ApiKeyStore.open(db, new SecureRandom());
        SettingsHandler settings = new SettingsHandler(SettingsService.open(db, Settings.defaults(), Map.of()), apiKey);
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(NO_DAV_FILES, null))
                .port(0)
                .credentials(credentials)
                .allowedHosts(allowedHosts)
                .apiKeys(apiKey)
                .loginOnly(SettingsHandler.PATH)
                .route("/api/*", new CsrfHandler(new Handler.Sequence(settings, api)))
                .route("/", new UiHandler())
                .build();
        server.start();
    }

    /** Starts without auth. */
    static UiServer start(Path dataDir) throws Exception {
        return new UiServer(dataDir, null, List.of());
    }

    /** Starts without auth, answering the host names of {@code allowedHosts} as well. */
    static UiServer start(Path dataDir, List<String> allowedHosts) throws Exception {
        return new UiServer(dataDir, null, allowedHosts);
    }

    /** Starts with HTTP Basic on every path. */
    static UiServer startWithLogin(Path dataDir, Credentials credentials) throws Exception {
        return new UiServer(dataDir, credentials, List.of());
    }

    /** {@code http://127.0.0.1:PORT} without a trailing slash (what a page sees as location.origin). */
    String origin() {
        String uri = server.uri().toString();
        return uri.substring(0, uri.length() - 1);
    }

    URI resolve(String path) {
        return server.uri().resolve(path);
    }

    @Override
    public void close() throws Exception {
        try {
            server.stop();
        } finally {
            db.close();
        }
    }
}
