package io.nzbmount.server.stream;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.server.dav.ContentReader;
import io.nzbmount.server.observe.LiveStream;
import io.nzbmount.server.standby.PlaybackTracker;
import java.io.IOException;

/**
 * One GET's sequential view of a file: reads the item's active source from the requested offset
 * on. A read failure reaches the HTTP layer as the reader's typed exception, which cuts the
 * response short; no byte is ever invented. Threading as {@link ContentReader}.
 */
final class StreamSession implements ContentReader {
    private final NzbReader reader;
    private final PlaybackTracker.Stream playback;
    private final LiveStream live;
    private long position;

    StreamSession(NzbReader reader, long offset, PlaybackTracker.Stream playback, LiveStream live) {
        this.reader = reader;
        this.position = offset;
        this.playback = playback;
        this.live = live;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = reader.read(position, buffer, offset, length);
        if (n > 0) {
            position += n;
            playback.served(n);
            live.sent(n);
        }
        return n;
    }

    @Override
    public void close() {
        reader.close();
        playback.closed();
        live.close();
    }
}
