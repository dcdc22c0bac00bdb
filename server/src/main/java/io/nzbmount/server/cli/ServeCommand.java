package io.nzbmount.server.cli;

import io.nzbmount.config.Settings;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.app.Application;
import io.nzbmount.server.app.DemoContent;
import io.nzbmount.server.app.DemoHint;
import io.nzbmount.server.http.UnsafeBindException;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code nzbmount serve}: runs the server until SIGTERM or Ctrl+C, then stops it cleanly (open
 * responses end, the database closes). With {@code --demo}, an embedded NNTP server with sample
 * content stands in for the providers.
 */
final class ServeCommand {
    private final PrintStream out;
    private final Map<String, String> env;

    ServeCommand(PrintStream out, Map<String, String> env) {
        this.out = out;
        this.env = env;
    }

    /** Blocks until the JVM shuts down; returns -1 (the shutdown hook ends the process). */
    int run(Arguments arguments, Settings configured) throws UsageException, IOException {
        Usenet.fastestDecoderFromTheStart();
        DemoContent demo = arguments.demo() ? DemoContent.start() : null;
        Settings settings = demo == null ? configured : demo.settings(configured);
        Application app = startApplication(settings, demo);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            app.close();
                            if (demo != null) demo.close();
                            stopped.countDown();
                        },
                        "nzbmount-shutdown"));
        long film = demo == null ? 0 : demo.importInto(app);
        printWelcome(app.uri(), app.settings(), demo, film);
        while (true) {
            try {
                stopped.await();
                return -1;
            } catch (InterruptedException e) {
                // Only the shutdown hook ends serving; an interrupt of the main thread does not.
            }
        }
    }

    private Application startApplication(Settings settings, DemoContent demo) throws UsageException {
        try {
            return Application.start(settings, demo == null ? env : Map.of(), demo != null);
        } catch (UnsafeBindException e) {
            closeDemo(demo);
            throw new UsageException(e.getMessage(), e);
        } catch (StoreException e) {
            closeDemo(demo);
            throw new UsageException("server.dataDir: " + e.getMessage(), e);
        } catch (Exception e) {
            closeDemo(demo);
            if (causedBy(e, BindException.class)) {
                throw new UsageException(
                        "cannot listen on " + settings.server().bind() + ":"
                                + settings.server().port()
                                + ": the address is in use (set server.port or NZBMOUNT_SERVER_PORT)",
                        e);
            }
            throw new UsageException("cannot start: " + e, e);
        }
    }

    /** The addresses; in demo mode also what to try, with the clock film's item {@code film}. */
    private void printWelcome(URI uri, Settings settings, DemoContent demo, long film) {
        String base = uri.toString().endsWith("/") ? uri.toString() : uri + "/";
        out.println("NZBMount is running"
                + (demo == null
                        ? "."
                        : " in demo mode: a built-in NNTP server on " + demo.address() + " holds the sample content."));
        out.println("  WebDAV:  " + base + "dav/library/");
        out.println("  API:     " + base + "api/items");
        out.println("  Web UI:  " + base);
        out.println("  Data:    " + settings.server().dataDir().toAbsolutePath().normalize());
        if (demo != null) {
            out.println("  Indexer: " + demo.indexerUrl() + " (the demo Newznab indexer, already configured)");
            out.println("  Hint:    " + DemoHint.TEXT);
            out.println("  Film:    " + base + DemoHint.filmPath());
            out.println("  Page:    " + base + "#/items/" + film + " (press Simulate failure there while it plays)");
        }
        if (settings.providers().isEmpty()) {
            out.println("  No Usenet provider is configured yet: add one on the Settings page or under providers:"
                    + " in the config file, then restart.");
        }
        out.println("Press Ctrl+C to stop.");
        out.flush();
    }

    private static void closeDemo(DemoContent demo) {
        if (demo != null) demo.close();
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) return true;
        }
        return false;
    }
}
