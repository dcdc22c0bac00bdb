package io.nzbmount.server.library;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.server.library.importing.ArticlePresence;
import io.nzbmount.server.library.importing.PresenceReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Answers STAT from a set of missing message ids; records what it was asked. */
public final class FakePresence implements ArticlePresence {

    public final Set<String> missing = new HashSet<>();
    public final List<List<NzbSegment>> asked = new ArrayList<>();
    public volatile boolean unavailable;

    @Override
    public synchronized PresenceReport check(List<NzbSegment> segments) throws IOException {
        if (unavailable) throw new ProvidersUnavailableException("", "all providers are cooling down", null);
        asked.add(List.copyOf(segments));
        Set<String> gone = new HashSet<>();
        for (NzbSegment s : segments) {
            if (missing.contains(s.messageId())) gone.add(s.messageId());
        }
        return new PresenceReport(segments.size(), gone);
    }
}
