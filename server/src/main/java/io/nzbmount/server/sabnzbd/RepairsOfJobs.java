package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.repair.RepairStatus;
import io.nzbmount.server.store.StoreException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The repairs of the server as the history shows them: a job whose item's primary is queued or
 * running for repair is {@code Repairing}, one whose repair is impossible is {@code Failed} with
 * the reason; done, no-par2 and failed runs (which a new hole schedules again) leave it
 * {@code Completed}. Thread-safe when the look-up is.
 */
public final class RepairsOfJobs implements JobRepairs {
    private static final Logger LOG = LoggerFactory.getLogger(RepairsOfJobs.class);

    /** The repair of an item's primary source, if it ever needed one. */
    @FunctionalInterface
    public interface Lookup {
        Optional<RepairStatus> ofPrimary(long itemId) throws StoreException;
    }

    private final Lookup repairs;

    public RepairsOfJobs(Lookup repairs) {
        this.repairs = repairs;
    }

    /** {@inheritDoc} Empty also when the store cannot be read (the job then shows as it is stored). */
    @Override
    public Optional<Repair> of(long itemId) {
        try {
            return repairs.ofPrimary(itemId)
                    .filter(r -> r.active() || r.impossible())
                    .map(r -> new Repair(r.active(), r.impossible() ? Optional.of(r.reason()) : Optional.empty()));
        } catch (StoreException e) {
            LOG.warn("the repair of item {} could not be read: {}", itemId, e.toString());
            return Optional.empty();
        }
    }
}
