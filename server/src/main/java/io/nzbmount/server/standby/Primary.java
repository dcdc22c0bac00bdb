package io.nzbmount.server.standby;

import io.nzbmount.server.release.ReleaseInfo;
import java.util.Objects;

/**
 * The release being played, as far as standby selection needs it.
 *
 * @param info what its name says
 * @param size total size in bytes; {@code <= 0} when unknown
 * @param postedAt Usenet post time, epoch seconds; {@link Candidate#UNKNOWN_TIME} when unknown
 * @param key its stable identity (same scheme as {@link Candidate#key()})
 */
public record Primary(ReleaseInfo info, long size, long postedAt, String key) {
    public Primary {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(key, "key");
    }
}
