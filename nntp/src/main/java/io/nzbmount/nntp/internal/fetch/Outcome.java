package io.nzbmount.nntp.internal.fetch;

import java.io.IOException;

/** What one attempt at one provider came to, classified once by {@link MultiProviderFetcher}. */
sealed interface Outcome {
    /** The article, decoded and checked (null for STAT). */
    record Served(DecodedArticle article) implements Outcome {}
    /** 430/423: the provider does not have it. */
    record Missing() implements Outcome {}
    /** The body did not decode or its CRC32 or size was wrong. */
    record Corrupt(IOException cause) implements Outcome {}
    /** The provider refused us (login, connection limit, cooling down). */
    record Refused(IOException cause) implements Outcome {}
    /** Something that may pass: timeout, reset, service error. */
    record Transient(IOException cause) implements Outcome {}
    /**
     * The connection ended before this command's reply came, for the reply before it or as a
     * whole: nothing is known of the article, and another connection may answer at once.
     */
    record Lost(IOException cause) implements Outcome {}
}
