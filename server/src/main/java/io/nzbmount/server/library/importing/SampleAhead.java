package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ReadCancelledException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * An import's STAT sample, asked on a virtual thread of its own while the importing thread learns
 * the media files' sizes. Each costs the providers' round trip, and neither needs the other's
 * answer, so a far provider's import waits for one of them, not for both in turn. The caller
 * decides what the answers mean, the sample's first.
 *
 * <p>Started once, awaited or cancelled by the thread that started it.
 */
final class SampleAhead {
    private final FutureTask<PresenceReport> task;

    private SampleAhead(FutureTask<PresenceReport> task) {
        this.task = task;
    }

    /** Starts asking {@code presence} about {@code sample}; returns at once. */
    static SampleAhead start(ArticlePresence presence, List<NzbSegment> sample) {
        List<NzbSegment> segments = List.copyOf(sample);
        FutureTask<PresenceReport> task = new FutureTask<>(() -> presence.check(segments));
        Thread.ofVirtual().name("nzbmount-import-sample").start(task);
        return new SampleAhead(task);
    }

    /**
     * The sample's answer, waiting for it.
     *
     * @throws IOException what {@link ArticlePresence#check} threw; a {@link ReadCancelledException}
     *     when the waiting thread was interrupted (the sample is then cancelled, the status kept)
     */
    PresenceReport await() throws IOException {
        try {
            return task.get();
        } catch (InterruptedException e) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("the import's article check was interrupted");
        } catch (CancellationException e) {
            throw new ReadCancelledException("the import's article check was cancelled");
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case IOException io -> throw io;
                case RuntimeException r -> throw r;
                case Error err -> throw err;
                default -> throw new IllegalStateException("the article check failed unexpectedly", e.getCause());
            }
        }
    }

    /** Stops the sample when its answer is no longer wanted. */
    void cancel() {
        task.cancel(true);
    }
}
