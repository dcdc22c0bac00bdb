package io.nzbmount.server.sweep;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;

/** What a running fingerprint sweep asks of its caller; called on the sweeping thread. */
public interface SweepGuard {
    /** A guard that never stops a sweep and ignores its readers. */
    SweepGuard NONE = new SweepGuard() {
        @Override
        public boolean stop() {
            return false;
        }

        @Override
        public void opened(NzbReader reader) {}
    };

    /** Asked before each sample: true ends the sweep there, with an {@code INCONCLUSIVE} proof. */
    boolean stop();

    /**
     * A reader the sweep has just opened (the sweep closes it itself). The caller may close it
     * from any thread: a read waiting on it then ends with {@link ReadCancelledException},
     * which ends the sweep.
     */
    void opened(NzbReader reader);
}
