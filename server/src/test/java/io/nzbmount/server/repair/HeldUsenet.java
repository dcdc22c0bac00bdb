package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.Usenet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The providers as a repair sees them, held at its first look for missing articles
 * ({@link #missing}) until the test {@link #release}s it: a repair that stays running as long as
 * the test needs. Everything else goes to the real {@link Usenet}. Thread-safe.
 */
final class HeldUsenet implements Usenet {
    private final Usenet real;
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    HeldUsenet(Usenet real) {
        this.real = real;
    }

    /** Waits until the repair asks about its articles (and is held there). */
    void awaitHeld() throws InterruptedException {
        if (!reached.await(60, TimeUnit.SECONDS)) throw new AssertionError("the repair never asked about its articles");
    }

    /** Lets the repair go on. */
    void release() {
        released.countDown();
    }

    @Override
    public Set<String> missing(List<NzbSegment> segments) throws ReadFailure, ReadCancelledException {
        reached.countDown();
        try {
            released.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("stopped while held");
        }
        return real.missing(segments);
    }

    @Override
    public SegmentMap map(NzbFile file, Priority priority) throws ReadFailure, ReadCancelledException {
        return real.map(file, priority);
    }

    @Override
    public NzbReader open(SegmentMap map, Priority priority) {
        return real.open(map, priority);
    }

    @Override
    public NzbReader open(SegmentMap map, Priority priority, int readAhead) {
        return real.open(map, priority, readAhead);
    }

    @Override
    public SegmentMap restore(NzbFile file, String mapText) {
        return real.restore(file, mapText);
    }

    @Override
    public SegmentMap splice(List<SegmentMap> volumes, List<Slice> slices) {
        return real.splice(volumes, slices);
    }

    @Override
    public SegmentMap restore(List<NzbFile> volumes, String mapText) {
        return real.restore(volumes, mapText);
    }

    @Override
    public FileCheck check(NzbFile file) throws ReadCancelledException {
        return real.check(file);
    }

    @Override
    public void close() {
        release();
    }
}
