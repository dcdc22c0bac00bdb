package io.nzbmount.server.rclone;

/** rclone's remote control could not be reached or did not do what was asked; the message says which. */
final class RcException extends Exception {

    RcException(String message) {
        super(message);
    }
}
