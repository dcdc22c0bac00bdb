package io.nzbmount.server.health;

/**
 * Told when a health check finds holes that were not known: the repair from PAR2 and the standby
 * search start here. Implementations are owned by their consumers; called on the health check's
 * thread, so they must return quickly (start work in the background) and never throw.
 */
@FunctionalInterface
public interface NewHoles {

    void found(FoundHoles found);
}
