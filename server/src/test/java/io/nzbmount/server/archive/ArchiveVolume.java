package io.nzbmount.server.archive;

/**
 * One file of a test archive: its conventional name and its bytes. The array is owned by the
 * caller once returned; builders never keep it.
 */
public record ArchiveVolume(String name, byte[] bytes) {}
