package io.nzbmount.server.cli;

/** The command line, a config file or an input file is wrong; the message says what. Exit code 2. */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
