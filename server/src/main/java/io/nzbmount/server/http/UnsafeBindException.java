package io.nzbmount.server.http;

/**
 * The server was asked to listen on an address other machines can reach without credentials
 * being configured. The caller reports the message and exits with code 2; nothing was started.
 */
public final class UnsafeBindException extends RuntimeException {
    public UnsafeBindException(String message) {
        super(message);
    }
}
