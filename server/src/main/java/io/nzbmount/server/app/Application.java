package io.nzbmount.server.app;

import io.nzbmount.config.InitialApiKey;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.api.ApiHandler;
import io.nzbmount.server.api.CoverageEndpoint;
import io.nzbmount.server.api.EventFeed;
import io.nzbmount.server.api.EventStreamHandler;
import io.nzbmount.server.api.PlaybackHandler;
import io.nzbmount.server.api.SourcesEndpoint;
import io.nzbmount.server.cutover.Cutovers;
import io.nzbmount.server.cutover.SimulateFailureHandler;
import io.nzbmount.server.dav.DavHandlers;
import io.nzbmount.server.dav.DavTree;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.events.EventRetention;
import io.nzbmount.server.health.HealthCheck;
import io.nzbmount.server.health.HealthCounters;
import io.nzbmount.server.health.HealthScheduler;
import io.nzbmount.server.health.MemberCrcCheck;
import io.nzbmount.server.health.StandbySearchOnHoles;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.http.UntrustedContentHandler;
import io.nzbmount.server.http.WebServer;
import io.nzbmount.server.indexer.ClientOptions;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.kodi.KodiAddonHandler;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SealedUsenet;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.library.importing.UsenetReleaseReader;
import io.nzbmount.server.library.watch.WatchFolder;
import io.nzbmount.server.observe.Diagnostics;
import io.nzbmount.server.observe.Health;
import io.nzbmount.server.observe.ObserveHandler;
import io.nzbmount.server.observe.StreamRegistry;
import io.nzbmount.server.policy.FailureRules;
import io.nzbmount.server.rclone.RcloneRefresher;
import io.nzbmount.server.repair.NewHoles;
import io.nzbmount.server.repair.RepairJobs;
import io.nzbmount.server.repair.RepairMetrics;
import io.nzbmount.server.repair.RepairStore;
import io.nzbmount.server.repair.RepairedArticles;
import io.nzbmount.server.sabnzbd.DownloadClient;
import io.nzbmount.server.sabnzbd.RepairsOfJobs;
import io.nzbmount.server.sabnzbd.SabApiHandler;
import io.nzbmount.server.sabnzbd.SabnzbdApi;
import io.nzbmount.server.sabnzbd.UrlGrabs;
import io.nzbmount.server.settings.ApiKeyStore;
import io.nzbmount.server.settings.SettingsHandler;
import io.nzbmount.server.settings.SettingsService;
import io.nzbmount.server.standby.IndexerAccess;
import io.nzbmount.server.standby.PlaybackLiveness;
import io.nzbmount.server.standby.PlayerSignals;
import io.nzbmount.server.standby.ReleasePicker;
import io.nzbmount.server.standby.StandbyProver;
import io.nzbmount.server.standby.StandbyService;
import io.nzbmount.server.standby.StandbyStatus;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.stream.StreamOpener;
import io.nzbmount.server.stream.StreamingLibrary;
import io.nzbmount.server.streamlink.SignedStreamHandler;
import io.nzbmount.server.streamlink.StreamLinks;
import io.nzbmount.server.streamlink.StreamSecret;
import io.nzbmount.server.stremio.CompatViews;
import io.nzbmount.server.stremio.NzbStreamsHandler;
import io.nzbmount.server.ui.CsrfHandler;
import io.nzbmount.server.ui.UiHandler;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.server.Handler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything {@code serve} runs, started in dependency order and stopped in reverse: the
 * database and the settings saved in it, the providers, the importer and watch folder, the
 * standby pools, and the web server. Closing ends open responses cleanly (short, never padded)
 * and closes the database last.
 */
public final class Application implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Application.class);
    /** Standbys proved at once: each proof holds at most one background fetch per side. */
    private static final int STANDBY_PROOFS_AT_ONCE = 2;
    /** How often new timeline events are looked for, for the event streams of open pages. */
    private static final Duration EVENT_FEED_PERIOD = Duration.ofMillis(500);

    private static final Duration EVENT_STREAM_HEARTBEAT = Duration.ofSeconds(15);

    private final List<AutoCloseable> resources;
    private final WebServer web;
    private final LibraryImporter importer;
    private final Settings settings;
    private final Database db;
    private final RepairJobs repairs;

    /** The PAR2 repairs of the library. */
    public RepairJobs repairs() {
        return repairs;
    }

    private Application(
            List<AutoCloseable> resources,
            WebServer web,
            LibraryImporter importer,
            Settings settings,
            Database db,
            RepairJobs repairs) {
        this.repairs = repairs;
        this.resources = resources;
        this.web = web;
        this.importer = importer;
        this.settings = settings;
        this.db = db;
    }

    /** Starts with the given settings and no environment overrides for saved settings. */
    public static Application start(Settings settings) throws Exception {
        return start(settings, Map.of());
    }

    /**
     * Starts the application. Settings saved from the web UI are applied over {@code fileSettings}
     * (the environment, which {@code fileSettings} was loaded with, still wins). On failure
     * everything already started is closed again.
     *
     * @throws io.nzbmount.server.http.UnsafeBindException when bound beyond loopback without auth
     */
    public static Application start(Settings fileSettings, Map<String, String> env) throws Exception {
        return start(fileSettings, env, false);
    }

    /**
     * As {@link #start(Settings, Map)}; {@code demo} also offers
     * {@code POST /api/items/{id}/simulate-failure}, so anyone can watch a cutover.
     */
    public static Application start(Settings fileSettings, Map<String, String> env, boolean demo) throws Exception {
        List<AutoCloseable> started = new ArrayList<>();
        try {
            Clock clock = Clock.systemUTC();
            Database db = Database.open(fileSettings.server().dataDir());
            started.add(db);
            SettingsService settingsService = SettingsService.open(db, fileSettings, env);
            Settings settings = settingsService.current();
            for (String ignored : settingsService.ignoredSaved()) {
                log.warn("settings saved from the web UI were not used: {}", ignored);
            }
            // Articles rebuilt from PAR2 recovery data are served before any provider is asked.
            RepairStore repairStore = new RepairStore(
                    fileSettings.server().dataDir(), settings.repair().storeBytes());
            RepairedArticles repaired = new RepairedArticles(repairStore);
            Usenet usenet = new SealedUsenet(Usenet.connect(
                    UsenetSettings.providers(settings), UsenetSettings.reader(settings.reader()), repaired));
            started.add(usenet);
            ItemCatalog catalog = new ItemCatalog(db);
            SegmentMaps segmentMaps = new SegmentMaps(catalog, usenet);
            // One prover for the background proofs and the cutovers' sweeps: its lock per primary is
            // what keeps the two from fetching and hashing the same samples of a primary twice.
            StandbyProver prover = new StandbyProver(db, segmentMaps, usenet, StandbyService.SAMPLE_PAUSE);
            LibraryImporter importer = new LibraryImporter(
                    db,
                    new UsenetReleaseReader(usenet, Priority.FOREGROUND),
                    new UsenetPresence(usenet),
                    clock,
                    settings.fallback().maxStandby());
            EventLog events = new EventLog(db, clock);
            RepairJobs repairs = new RepairJobs(
                    db,
                    events,
                    clock,
                    catalog,
                    segmentMaps,
                    usenet,
                    repairStore,
                    repaired,
                    fileSettings.server().dataDir().resolve("repair-progress"));
            started.add(repairs);

            ScheduledExecutorService housekeeping = Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().daemon().name("nzbmount-housekeeping").factory());
            started.add(housekeeping::shutdownNow);
            EventRetention retention = new EventRetention(db, clock, EventRetention.DEFAULT);
            retention.start(housekeeping, EventRetention.DEFAULT_PERIOD);
            started.add(retention);

            Optional<IndexerAccess> indexers = Optional.empty();
            if (!settings.indexers().isEmpty()) {
                IndexerSet set = new IndexerSet(settings.indexers(), ClientOptions.DEFAULTS);
                started.add(set);
                indexers = Optional.of(new IndexerAccess(set, settings.indexers()));
            }
            PlaybackLiveness playback = new PlaybackLiveness(clock);
            // Standbys are sized at background priority: nobody waits for them.
            LibraryImporter standbyImporter = new LibraryImporter(
                    db,
                    new UsenetReleaseReader(usenet, Priority.BACKGROUND),
                    new UsenetPresence(usenet),
                    clock,
                    settings.fallback().maxStandby());
            StandbyService standby = new StandbyService(
                    new StandbyService.Parts(db, catalog, standbyImporter, prover, indexers, events, clock, playback),
                    settings.fallback().submitDelay(),
                    settings.fallback().maxStandby(),
                    STANDBY_PROOFS_AT_ONCE);
            standby.start();
            started.add(standby);
            Optional<ReleasePicker> picker = indexers.map(i -> new ReleasePicker(i, importer, db));

            StreamRegistry streams = new StreamRegistry(clock);
            Health health =
                    new Health(streams, usenet::health, clock, clock.instant(), Health.versionOf(Application.class));
            ObserveHandler observe =
                    new ObserveHandler(health, streams, new Diagnostics(settings, events, health, streams, clock));
            HealthCounters healthCounters = new HealthCounters();
            observe.addMetrics(healthCounters::appendTo);
            // Who hears of new holes: the PAR2 repair, and a standby search where indexers can find one.
            List<io.nzbmount.server.health.NewHoles> newHoles = new ArrayList<>();
            newHoles.add(found -> repairs.found(found.itemId(), found.sourceId()));
            if (indexers.isPresent()) newHoles.add(new StandbySearchOnHoles(db, standby::searchAgain));
            if (settings.health().enabled()) {
                int depth = settings.health().pipelineDepth();
                int connections = settings.health().connections();
                HealthCheck check = new HealthCheck(
                        db,
                        catalog,
                        segmentMaps,
                        segments -> usenet.census(segments, depth, connections),
                        new HoleTable(db, clock),
                        events,
                        healthCounters,
                        found -> newHoles.forEach(n -> n.found(found)));
                HealthScheduler healthChecks = HealthScheduler.of(db, check, settings.health(), clock);
                healthChecks.start();
                started.add(healthChecks);
            }
            // Files whose password only their container's signature proved: their CRCs, read in the background.
            MemberCrcCheck memberCrcs = new MemberCrcCheck(db, catalog, segmentMaps, usenet, events, clock);
            memberCrcs.start();
            started.add(memberCrcs);
            observe.addMetrics(out -> out.append(RepairMetrics.text(repairs)));
            FailureRules rules = FailureRules.from(settings.fallback());
            Cutovers cutovers =
                    new Cutovers(db, segmentMaps, usenet, events, rules, clock, System::nanoTime, prover::sweep);
            // A hole found at import or by a stream starts the source's repair; the rebuilt bytes serve the streams.
            cutovers.setRepairs(new Cutovers.Repairs() {
                @Override
                public NewHoles holes() {
                    return repairs;
                }

                @Override
                public boolean repairing(long sourceId) {
                    return repairs.repairing(sourceId);
                }

                @Override
                public boolean rebuilt(String messageId) {
                    return repaired.holds(messageId);
                }
            });
            repairs.onFilled(cutovers::holesFilled);
            importer.onImportedSource(repairs::imported);
            catalog.onDelete(repairs::itemDeleted);
            repairs.start();
            // What memory holds about an item goes with it.
            catalog.onDelete(cutovers::forget);
            catalog.onDelete(playback::forget);
            PlayerSignals players = new PlayerSignals(playback, clock);
            catalog.onDelete(players::stopped);
            housekeeping.scheduleWithFixedDelay(players::expire, 15, 15, TimeUnit.SECONDS);
            catalog.onDelete(standby::forget);
            // An rclone mount of /dav/ hears of new and removed items at once.
            Optional<RcloneRefresher> rclone = RcloneRefresher.of(settings.rclone());
            rclone.ifPresent(r -> {
                started.add(r);
                importer.onImported(item -> r.itemAdded());
                catalog.onDelete(id -> r.itemRemoved());
            });
            // Saved fallback settings apply at once: streams opened from now on, pools and proofs use them.
            settingsService.addListener(change -> {
                if (!change.fallbackChanged()) return;
                var fallback = change.after().fallback();
                importer.setMaxStandby(fallback.maxStandby());
                standbyImporter.setMaxStandby(fallback.maxStandby());
                standby.setPool(fallback.maxStandby(), fallback.submitDelay());
                cutovers.setCutoverEnabled(fallback.enabled());
            });
            settingsService.appliesLive("fallback");
            List<Handler> apis = new ArrayList<>();
            EventFeed feed = new EventFeed(events, clock, EVENT_FEED_PERIOD);
            started.add(feed);
            apis.add(new EventStreamHandler(feed, EVENT_STREAM_HEARTBEAT));
            if (demo) apis.add(new SimulateFailureHandler(cutovers, catalog));
            apis.add(new PlaybackHandler(players, catalog));
            ApiHandler.Builder rest = ApiHandler.builder(importer, catalog, events)
                    .standby(new StandbyStatus(db))
                    .cutovers(cutovers)
                    .sources(new SourcesEndpoint(
                            db, events, Optional.of(standby), indexers.isPresent(), clock, cutovers::userActed))
                    .coverage(new CoverageEndpoint(db, catalog, segmentMaps, new StandbyStatus(db), streams, events))
                    .repairs(repairs);
            picker.ifPresent(rest::picker);
            apis.add(rest.build());
            ApiKeyStore apiKey = ApiKeyStore.open(db, new SecureRandom(), InitialApiKey.from(env));
            apis.add(new SettingsHandler(settingsService, apiKey));
            apis.add(observe);

            // SABnzbd's API for Sonarr and Radarr; /api itself, while the REST API lives below it.
            // .strm URLs name the server as configured, never as a request's Host header named it.
            AtomicReference<WebServer> bound = new AtomicReference<>();
            StreamLinks links =
                    new StreamLinks(StreamSecret.load(settings.server().dataDir(), new SecureRandom()), clock);
            DownloadClient downloads = SabnzbdApi.client(
                    db,
                    importer,
                    catalog,
                    settings.downloads(),
                    settings.server().dataDir(),
                    clock,
                    links);
            downloads.repairs(new RepairsOfJobs(repairs::ofPrimary));
            UrlGrabs grabs = SabnzbdApi.grabs(downloads, settings.downloads());
            SabApiHandler sab = SabnzbdApi.handler(
                    grabs, settings.downloads(), () -> bound.get().uri());
            apis.add(
                    0,
                    new NzbStreamsHandler(
                            grabs,
                            catalog,
                            links,
                            Duration.ofHours(settings.downloads().streamLinkHours()),
                            settings.downloads().publicUrl(),
                            clock));
            Handler api = new CsrfHandler(new Handler.Sequence(apis));

            StreamOpener opener = new StreamOpener(segmentMaps, usenet, playback, streams, cutovers);
            StreamingLibrary library = new StreamingLibrary(catalog, opener);
            WebServer.Builder routes = WebServer.builder();
            for (DavTree view : CompatViews.trees(downloads, catalog, library, clock.instant())) {
                routes.route(view.pathSpec(), new UntrustedContentHandler(DavHandlers.readOnly(view)));
            }
            routes.openRoute(
                    SignedStreamHandler.PATH_SPEC,
                    new UntrustedContentHandler(new SignedStreamHandler(links, catalog, library)));
            WebServer web = routes.route(
                            DavHandlers.PATH_SPEC,
                            new UntrustedContentHandler(DavHandlers.of(library, new ImporterUploadSink(importer))))
                    .bind(settings.server().bind())
                    .port(settings.server().port())
                    .allowedHosts(settings.server().allowedHosts())
                    .apiKeys(apiKey)
                    .loginOnly(SettingsHandler.PATH)
                    .credentials(settings.auth().orElse(null))
                    .route("/api/*", api)
                    .selfAnsweringRoute(SabApiHandler.PATH, sab)
                    .selfAnsweringRoute(SabApiHandler.URL_BASE_PATH, sab)
                    .route("/metrics", observe)
                    .route(KodiAddonHandler.PATH_SPEC, new KodiAddonHandler())
                    .route("/", new UiHandler())
                    .idleTimeout(httpIdleTimeout(rules, settings.reader().fetchBudget()))
                    .build();
            bound.set(web);
            web.start();
            // The event streams end first, so the stop does not wait for them.
            started.add(() -> {
                feed.close();
                web.stop();
            });
            WatchFolder watch = new WatchFolder(settings.server().dataDir(), importer, clock);
            watch.start();
            started.add(watch);
            return new Application(started, web, importer, settings, db, repairs);
        } catch (Exception | Error e) {
            closeAll(started);
            throw e;
        }
    }

    /**
     * The HTTP idle timeout: the default, or longer when the reader's budget and the failure rules
     * let a response wait longer for bytes (with a margin for the proofs of a cutover).
     */
    static Duration httpIdleTimeout(FailureRules rules, Duration fetchBudget) {
        Duration needed = rules.longestWaitForBytes(fetchBudget).plusSeconds(10);
        return needed.compareTo(WebServer.DEFAULT_IDLE_TIMEOUT) > 0 ? needed : WebServer.DEFAULT_IDLE_TIMEOUT;
    }

    /** How long an HTTP connection may make no progress before it is closed. */
    public Duration httpIdleTimeout() {
        return web.idleTimeout();
    }

    /** Where the web server listens, e.g. {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        return web.uri();
    }

    public LibraryImporter importer() {
        return importer;
    }

    /**
     * Records that source {@code sourceId} is the indexer result with download link {@code link},
     * as picking that result from a search does: searches then show the result as one of its
     * item's sources, and the pool never adds it twice.
     */
    public void rememberIndexerResult(long sourceId, String link) throws StoreException {
        db.transaction(c -> {
            StandbyTables.putKey(c, sourceId, IndexerAccess.keyOfLink(link));
            return null;
        });
    }

    /** The settings in force: the file's, with those saved from the web UI applied. */
    public Settings settings() {
        return settings;
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
