package io.nzbmount.server.repair.par2;

/**
 * The par2 data cannot be used for repair: a packet the set needs is missing or malformed, or a
 * rebuilt slice does not match its checksums. The bytes came from the providers, so the status
 * is 502 (Bad Gateway), never a client error.
 */
public final class Par2Exception extends Exception {
    public Par2Exception(String message) {
        super(message);
    }

    /** The HTTP status a request failing for this reason ends with. */
    public int status() {
        return 502;
    }
}
