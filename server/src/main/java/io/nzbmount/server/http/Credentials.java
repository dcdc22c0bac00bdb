package io.nzbmount.server.http;

import java.util.Objects;

/**
 * The one username and password the server accepts with HTTP Basic. {@link #toString()} never
 * shows the password.
 */
public record Credentials(String username, String password) {
    public Credentials {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        if (username.isEmpty() || password.isEmpty()) {
            throw new IllegalArgumentException("auth needs both a username and a password");
        }
        if (username.indexOf(':') >= 0) {
            throw new IllegalArgumentException("an HTTP Basic username cannot contain ':'");
        }
    }

    @Override
    public String toString() {
        return "Credentials[username=" + username + ", password=***]";
    }
}
