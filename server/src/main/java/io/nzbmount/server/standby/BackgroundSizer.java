package io.nzbmount.server.standby;

import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.library.FileSizer;
import io.nzbmount.server.library.SizedFile;
import java.io.IOException;

/**
 * Sizes the files of standby NZBs at background priority: nobody waits for a standby, and its
 * fetches must never take a playing stream's connections. Thread-safe.
 */
public final class BackgroundSizer implements FileSizer {
    private final Usenet usenet;

    public BackgroundSizer(Usenet usenet) {
        this.usenet = usenet;
    }

    @Override
    public SizedFile size(NzbFile file) throws IOException {
        FileMap map = usenet.map(file, Priority.BACKGROUND);
        return new SizedFile(map.size(), map.layout());
    }
}
