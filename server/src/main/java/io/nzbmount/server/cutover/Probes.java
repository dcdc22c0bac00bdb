package io.nzbmount.server.cutover;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.server.sweep.SweepWatch;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The readers a stream has open for proofs (a current-range proof, a fingerprint sweep), so that
 * a client going away ends them at once. Thread-safe: the serving thread adds and removes,
 * {@link #closeAll} may come from any thread; a reader added after it is closed at once.
 */
final class Probes implements SweepWatch.Readers {
    private final Set<NzbReader> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    @Override
    public void add(NzbReader reader) {
        open.add(reader);
        if (closed) reader.close();
    }

    @Override
    public void remove(NzbReader reader) {
        open.remove(reader);
    }

    void closeAll() {
        closed = true;
        for (NzbReader r : open) r.close();
    }
}
