package io.nzbmount.server.matrix;

import java.util.List;

/**
 * What one seed did: its breaches of the promise (none: a pass) and its figures.
 *
 * @param longestWaitMillis the longest wait for bytes at a byte some source could serve
 * @param cutovers          the cutover events of the seed's item
 * @param timeline          the item's events when the seed failed (for the report), else empty
 */
record SeedOutcome(
        Scenario scenario, List<String> breaches, long longestWaitMillis, int cutovers, List<String> timeline) {
    SeedOutcome {
        breaches = List.copyOf(breaches);
        timeline = List.copyOf(timeline);
    }

    SeedOutcome withTimeline(List<String> events) {
        return new SeedOutcome(scenario, breaches, longestWaitMillis, cutovers, events);
    }

    boolean passed() {
        return breaches.isEmpty();
    }
}
