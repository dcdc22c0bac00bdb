package io.nzbmount.server.standby;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.sweep.SweepProgress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A background proof ({@link ProofRunner#run}) of one standby whose comparison is a fake held at a
 * gate: the test starts it, waits until it is comparing, does what races with it, then lets it
 * end with the result it chooses (or cuts it short). One use; close it at the end of the test.
 */
final class HeldProof implements ProofRunner.Prover, AutoCloseable {
    private static final List<Duration> RETRY_WAITS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5));

    private final CountDownLatch comparing = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private volatile Optional<Proof> result = Optional.empty();
    private Future<Void> run;

    @Override
    public Proof prove(long primaryId, long standbyId, SweepProgress progress)
            throws StoreException, ReadCancelledException {
        progress.samples(1, 20);
        comparing.countDown();
        try {
            if (!released.await(30, TimeUnit.SECONDS)) throw new ReadCancelledException("the test never let it end");
        } catch (InterruptedException e) {
            throw new ReadCancelledException("interrupted");
        }
        Proof proof = result.orElseThrow(() -> new ReadCancelledException("cut short by the test"));
        progress.samples(proof.samplesDone(), proof.samplesTotal());
        return proof;
    }

    /** Starts the proof of {@code sourceId} with {@code runner} (built on this prover) and waits until it compares. */
    void start(ProofRunner runner, long sourceId) throws Exception {
        run = thread.submit(() -> {
            runner.run(sourceId, RETRY_WAITS);
            return null;
        });
        if (!comparing.await(10, TimeUnit.SECONDS)) {
            run.get(1, TimeUnit.SECONDS);
            throw new AssertionError("the proof did not start");
        }
    }

    /** Lets the proof end with {@code proof} and waits until it has stored (or dropped) it. */
    void end(Proof proof) throws Exception {
        result = Optional.of(proof);
        released.countDown();
        run.get(10, TimeUnit.SECONDS);
    }

    /** Ends the proof as a stop does (its providers closed under it) and waits until it is over. */
    void cutShort() throws Exception {
        released.countDown();
        try {
            run.get(10, TimeUnit.SECONDS);
            throw new AssertionError("a proof cut short ends with ReadCancelledException");
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof ReadCancelledException)) throw e;
        }
    }

    @Override
    public void close() throws InterruptedException {
        released.countDown();
        thread.shutdownNow();
        thread.awaitTermination(10, TimeUnit.SECONDS);
    }
}
