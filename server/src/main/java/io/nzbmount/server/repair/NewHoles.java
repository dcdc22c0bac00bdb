package io.nzbmount.server.repair;

/**
 * Told when a source is found to lack articles (the import's check, a read that failed for good,
 * a health check): the source's PAR2 repair is scheduled. Implementations return at once and are
 * thread-safe.
 */
@FunctionalInterface
public interface NewHoles {
    /** Nothing is repaired. */
    NewHoles NONE = (itemId, sourceId) -> {};

    void found(long itemId, long sourceId);
}
