package io.nzbmount.server.app;

import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.library.FileSizer;
import io.nzbmount.server.library.SizedFile;
import java.io.IOException;

/** Sizes files from their yEnc headers through the reader; one or two article fetches a file. */
public final class UsenetSizer implements FileSizer {
    private final Usenet usenet;

    public UsenetSizer(Usenet usenet) {
        this.usenet = usenet;
    }

    @Override
    public SizedFile size(NzbFile file) throws IOException {
        FileMap map = usenet.map(file, Priority.FOREGROUND);
        return new SizedFile(map.size(), map.layout());
    }
}
