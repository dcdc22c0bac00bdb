package io.nzbmount.nntp.internal.pool;

/** Why a provider is being skipped for a while. */
public enum CoolDownReason {
    /** AUTHINFO was rejected (481), or the provider demanded a login we do not have (480). */
    AUTH_REJECTED,
    /** The provider refused another connection (502 at the greeting or 482/502 at login). */
    TOO_MANY_CONNECTIONS
}
