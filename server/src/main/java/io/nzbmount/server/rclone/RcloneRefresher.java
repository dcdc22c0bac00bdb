package io.nzbmount.server.rclone;

import io.nzbmount.config.RcloneSettings;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells rclone's remote control that the library folder changed: {@code vfs/refresh} after an item
 * was imported (the new folder shows at once), {@code vfs/forget} after one was removed (rclone
 * reads the folder again when it is next listed).
 *
 * <p>The callers' threads never wait for rclone: calls are queued and sent one at a time by a
 * virtual thread, each bounded by {@link #TIMEOUT}; a call already queued and not yet sent is not
 * queued twice, so a burst of imports costs one refresh. A failure is logged once as a warning;
 * while rclone keeps failing, later failures are logged at debug level, and the first success after
 * them is logged. Thread-safe.
 */
public final class RcloneRefresher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RcloneRefresher.class);
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String LIBRARY = "/dav/library/";

    private final RcClient client;
    private final String libraryDir;
    private final ReentrantLock lock = new ReentrantLock();
    private final LinkedHashSet<RcCall> pending = new LinkedHashSet<>();
    private boolean sending;
    private boolean closed;
    private volatile boolean failing;

    RcloneRefresher(RcClient client, String remoteRoot) {
        this.client = client;
        String dir = LIBRARY.substring(remoteRoot.length());
        this.libraryDir = dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
    }

    /** A refresher for {@code settings}; empty when no remote control is configured. */
    public static Optional<RcloneRefresher> of(RcloneSettings settings) {
        return settings.rcUrl()
                .map(url -> new RcloneRefresher(new RcClient(url, settings.login(), TIMEOUT), settings.remoteRoot()));
    }

    /** An item was imported: its folder is new in the library folder. Returns at once. */
    public void itemAdded() {
        submit(RcCall.refresh(libraryDir));
    }

    /** An item was removed: its folder left the library folder. Returns at once. */
    public void itemRemoved() {
        submit(RcCall.forget(libraryDir));
    }

    private void submit(RcCall call) {
        lock.lock();
        try {
            if (closed) return;
            pending.add(call);
            if (sending) return;
            sending = true;
        } finally {
            lock.unlock();
        }
        Thread.ofVirtual().name("rclone-refresh").start(this::sendPending);
    }

    private void sendPending() {
        while (true) {
            RcCall next;
            lock.lock();
            try {
                Iterator<RcCall> it = pending.iterator();
                if (closed || !it.hasNext()) {
                    sending = false;
                    return;
                }
                next = it.next();
                it.remove();
            } finally {
                lock.unlock();
            }
            try {
                client.send(next);
                if (failing) LOG.info("rclone: the remote control answers again ({} done)", next);
                failing = false;
            } catch (RcException e) {
                if (failing) {
                    LOG.debug("rclone: {} failed again: {}", next, e.getMessage());
                } else {
                    LOG.warn(
                            "rclone: {} failed, so a mount may show the change only after its --dir-cache-time: {}"
                                    + " (further failures are logged at debug level until a call succeeds)",
                            next,
                            e.getMessage());
                }
                failing = true;
            } catch (InterruptedException e) {
                lock.lock();
                try {
                    sending = false;
                } finally {
                    lock.unlock();
                }
                return;
            }
        }
    }

    /** Drops what is queued; a call under way ends within {@link #TIMEOUT}. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            pending.clear();
        } finally {
            lock.unlock();
        }
        client.close();
    }
}
