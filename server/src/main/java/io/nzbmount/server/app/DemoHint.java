package io.nzbmount.server.app;

import io.nzbmount.server.demo.DemoFilmReleases;

/**
 * What demo mode tells a first-time visitor to try, the same words on the console as on the
 * library page (which has its own copy in the web UI, kept equal by a test).
 */
public final class DemoHint {
    /** One sentence: what to do to watch a cutover. */
    public static final String TEXT = "Try it: copy the WebDAV URL of the Demo Clock film into a media player"
            + " (Kodi, VLC, mpv), then press Simulate failure on its page while it plays: the film goes on from"
            + " a standby.";

    private DemoHint() {}

    /** The clock film's path under the server's base URL, percent-encoded. */
    public static String filmPath() {
        return "dav/library/" + encode(DemoContent.CLOCK_ITEM) + "/" + encode(DemoFilmReleases.FILE);
    }

    private static String encode(String segment) {
        return java.net.URLEncoder.encode(segment, java.nio.charset.StandardCharsets.UTF_8)
                .replace("+", "%20");
    }
}
