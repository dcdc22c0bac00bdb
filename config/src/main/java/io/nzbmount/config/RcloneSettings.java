package io.nzbmount.config;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * rclone's remote control, which NZBMount asks to refresh its cached listing of the library after
 * an import or a removal, so a mount shows the change at once. {@link #toString()} never shows the
 * password.
 *
 * @param rcUrl      the remote control's address ({@code http://127.0.0.1:5572/}); empty: nothing is asked
 * @param login      the remote control's login ({@code --rc-user}, {@code --rc-pass}); empty: none
 * @param remoteRoot the path of NZBMount the rclone remote's root points at ({@code /dav/} when the
 *                   remote's URL is {@code http://host:8080/dav/}); starts and ends with {@code /}
 */
public record RcloneSettings(Optional<URI> rcUrl, Optional<Credentials> login, String remoteRoot) {

    /** The remote's root when none is configured: {@code /dav/}, as docs/arr.md sets the remote up. */
    public static final String DEFAULT_REMOTE_ROOT = "/dav/";

    public RcloneSettings {
        Objects.requireNonNull(rcUrl, "rcUrl");
        Objects.requireNonNull(login, "login");
        Objects.requireNonNull(remoteRoot, "remoteRoot");
    }

    /** No remote control: nothing is asked. */
    public static RcloneSettings defaults() {
        return new RcloneSettings(Optional.empty(), Optional.empty(), DEFAULT_REMOTE_ROOT);
    }
}
