package io.nzbmount.server.app;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.server.demo.DemoFilmReleases;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * The server as {@code ./nzbmount --demo} runs it, on an ephemeral port: the demo content, the
 * application in demo mode and the demo library imported, as {@code serve} does it.
 */
public final class DemoServer implements AutoCloseable {
    private final DemoContent demo;
    private final Application app;
    private final long filmItem;
    /** When {@link #start()} was called, in {@link System#nanoTime()}. */
    public final long startedNanos;

    private DemoServer(DemoContent demo, Application app, long filmItem, long startedNanos) {
        this.demo = demo;
        this.app = app;
        this.filmItem = filmItem;
        this.startedNanos = startedNanos;
    }

    public static DemoServer start() throws Exception {
        long started = System.nanoTime();
        DemoContent demo = DemoContent.start();
        try {
            Application app = Application.start(
                    demo.settings(ConfigLoader.fromText("server:\n  port: 0\n", "test", Map.of())), Map.of(), true);
            try {
                return new DemoServer(demo, app, demo.importInto(app), started);
            } catch (Exception | Error e) {
                app.close();
                throw e;
            }
        } catch (Exception | Error e) {
            demo.close();
            throw e;
        }
    }

    public URI uri() {
        return app.uri();
    }

    /** The clock film's item id. */
    public long filmItem() {
        return filmItem;
    }

    /** The clock film's WebDAV URL. */
    public URI filmUrl() {
        return app.uri().resolve("/" + DemoHint.filmPath());
    }

    public DemoFilmReleases releases() {
        return demo.clockFilm();
    }

    /** How long since {@link #start()}. */
    public Duration sinceStart() {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    @Override
    public void close() {
        app.close();
        demo.close();
    }
}
