package io.nzbmount.server.archive;

import java.util.List;

/**
 * Reads the file descriptions of a par2 file. Pure; thread-safe.
 */
public final class Par2Descriptions {
    private Par2Descriptions() {}

    /** True when {@code head} (the first bytes of a file) starts a par2 packet. */
    public static boolean isPar2(byte[] head) {
        throw new UnsupportedOperationException("isPar2");
    }

    /**
     * Every file description packet in {@code par2} whose packet checksum is right, once per file
     * id; packets of other kinds and damaged packets are skipped.
     */
    public static List<Par2File> parse(byte[] par2) {
        throw new UnsupportedOperationException("parse");
    }
}
