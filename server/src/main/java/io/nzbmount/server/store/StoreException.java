package io.nzbmount.server.store;

/** The database could not do what was asked (I/O, corruption, a schema from the future). */
public final class StoreException extends Exception {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
