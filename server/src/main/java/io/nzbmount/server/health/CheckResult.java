package io.nzbmount.server.health;

/**
 * What one check of a source found.
 *
 * @param checked  articles asked about
 * @param missing  of those, missing on every provider
 * @param unknown  of those, without a clear answer (they say nothing)
 * @param newHoles holes not known before, now stored
 */
public record CheckResult(int checked, int missing, int unknown, int newHoles) {}
