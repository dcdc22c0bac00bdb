package io.nzbmount.server.matrix;

import java.util.List;

/**
 * What one seed did: its breaches of the promise (none: a pass) and its figures.
 *
 * @param longestWaitMillis the longest wait for bytes at a byte some source could serve
 * @param cutovers          the cutover events of the seed's item
 */
record SeedOutcome(Scenario scenario, List<String> breaches, long longestWaitMillis, int cutovers) {
    SeedOutcome {
        breaches = List.copyOf(breaches);
    }

    boolean passed() {
        return breaches.isEmpty();
    }
}
