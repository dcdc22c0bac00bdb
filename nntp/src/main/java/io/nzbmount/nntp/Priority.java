package io.nzbmount.nntp;

/**
 * Who is waiting for a fetch. Foreground work (a player is waiting) always gets a connection
 * before background work, and background work never takes a provider's last connections.
 */
public enum Priority {
    FOREGROUND,
    BACKGROUND
}
