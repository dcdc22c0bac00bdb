package io.nzbmount.server.standby;

/**
 * Told by the streaming side what is being played, so standby pools are prepared only for items
 * that really play. Implementations must be cheap on the read path: {@link Stream#served} runs on
 * every read of every stream.
 */
public interface PlaybackTracker {

    /** A tracker that tracks nothing (no standby pools). */
    PlaybackTracker NONE = itemId -> new Stream() {
        @Override
        public void served(int bytes) {}

        @Override
        public void closed() {}
    };

    /** A response of {@code itemId} starts (a GET); called once, before its first read. */
    Stream opened(long itemId);

    /** One response's reports. Called from the thread that serves it. */
    interface Stream {
        /** Bytes were handed to the client. */
        void served(int bytes);

        /** The response ended, however it ended. Idempotent. */
        void closed();
    }
}
