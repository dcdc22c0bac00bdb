package io.nzbmount.config;

import java.util.Objects;

/**
 * A user name and its password. {@link #toString()} never shows the password.
 */
public record Credentials(String username, String password) {
    public Credentials {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
    }

    @Override
    public String toString() {
        return "Credentials[username=" + username + ", password=" + Settings.MASK + "]";
    }
}
