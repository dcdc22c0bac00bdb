package io.nzbmount.server.demo;

/**
 * One release the demo indexer lists.
 *
 * @param guid  the indexer's id for it, also its download path
 * @param title the release name as an indexer shows it (may hold any characters, markup too)
 * @param size  the bytes of its files
 * @param nzb   the NZB document served for it
 */
public record DemoRelease(String guid, String title, long size, byte[] nzb) {}
