package io.nzbmount.server.release;

/** Whether a release replaces an earlier, faulty one of the same content. */
public enum Revision {
    ORIGINAL,
    /** Another group's fix ("PROPER"). */
    PROPER,
    /** A fix of a proper ("REAL.PROPER"). */
    REAL_PROPER,
    /** The same group's fix ("REPACK", "REPACK2", "REAL.REPACK"). */
    REPACK,
    /** Ripped again from the source ("RERIP"). */
    RERIP
}
