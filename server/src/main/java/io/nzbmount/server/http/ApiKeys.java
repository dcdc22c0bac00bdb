package io.nzbmount.server.http;

/**
 * The API key tools log in with ({@code X-Api-Key} or {@code ?apikey=}). Implementations compare
 * in constant time and never log or show the key. Thread safe.
 */
public interface ApiKeys {

    /** Whether {@code candidate} is the key in force now. */
    boolean matches(String candidate);
}
