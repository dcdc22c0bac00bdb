package io.nzbmount.server.observe;

import java.time.Instant;

/**
 * One stream at one moment, for {@code GET /api/streams} and diagnostics.
 *
 * @param id               the stream's id (also used by timeline events)
 * @param start            what the stream was opened with
 * @param started          when it was opened
 * @param offset           the next byte it will send
 * @param bytesSent        bytes sent so far
 * @param bytesPerSecond   the recent sending rate
 * @param readAhead        the current source reader's read-ahead, or null when not known
 * @param source           the source it reads from now
 * @param onStandby        true after a cutover to a standby source
 * @param retries          read retries so far
 * @param retrying         true while a retry is pending (no byte since the last failed read)
 * @param stalledMillis    how long the current stall has lasted (0 when not stalled)
 * @param stallMillisTotal all stalls of this stream so far, the current one included
 * @param cutovers         cutovers so far
 */
public record StreamView(
        String id,
        StreamStart start,
        Instant started,
        long offset,
        long bytesSent,
        long bytesPerSecond,
        ReadAhead readAhead,
        String source,
        boolean onStandby,
        int retries,
        boolean retrying,
        long stalledMillis,
        long stallMillisTotal,
        int cutovers) {

    /**
     * The reader's read-ahead.
     *
     * @param window   the most article fetches at once
     * @param fetching fetches running now
     * @param ready    fetched articles waiting to be read
     */
    public record ReadAhead(int window, int fetching, int ready) {
        /** How full the read-ahead is, 0..1: fetched articles waiting to be read, over the window. */
        public double fill() {
            return window <= 0 ? 0 : Math.min(1.0, (double) ready / window);
        }
    }
}
