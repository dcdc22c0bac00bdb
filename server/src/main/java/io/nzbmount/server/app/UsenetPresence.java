package io.nzbmount.server.app;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.library.importing.ArticlePresence;
import io.nzbmount.server.library.importing.PresenceReport;
import java.io.IOException;
import java.util.List;

/** Samples article presence with STAT through the reader's providers. */
public final class UsenetPresence implements ArticlePresence {
    private final Usenet usenet;

    public UsenetPresence(Usenet usenet) {
        this.usenet = usenet;
    }

    @Override
    public PresenceReport check(List<NzbSegment> segments) throws IOException {
        return new PresenceReport(segments.size(), usenet.missing(segments));
    }
}
