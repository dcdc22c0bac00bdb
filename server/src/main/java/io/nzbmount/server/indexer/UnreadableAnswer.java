package io.nzbmount.server.indexer;

/**
 * Thrown by the pure answer parsers when bytes are not a readable answer. The client turns it into
 * an {@link IndexerException.MalformedAnswer} (after redacting the detail); it never leaves this
 * package.
 */
final class UnreadableAnswer extends Exception {
    UnreadableAnswer(String detail) {
        super(detail, null, false, false);
    }
}
