package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BuildSmokeTest {
    @Test
    void runsOnJava21OrNewer() {
        assertTrue(Runtime.version().feature() >= 21);
    }
}
