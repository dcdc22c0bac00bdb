package io.nzbmount.server.library;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.ProvidersUnavailableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Sizes a file as 716800 bytes per part but the last (half a part), the layout naming part count
 * and part size. Files can be made unreadable (first article missing) or all sizing unavailable.
 */
public final class FakeSizer implements FileSizer {

    public static final long PART = 716_800;

    public final Set<String> missing = new HashSet<>();
    public final List<String> sized = new ArrayList<>();
    public volatile boolean unavailable;

    public static long expectedSize(int segments) {
        return (segments - 1) * PART + PART / 2;
    }

    @Override
    public synchronized SizedFile size(NzbFile file) throws IOException {
        String first = file.segments().get(0).messageId();
        if (unavailable) throw new ProvidersUnavailableException(first, "no provider answers", null);
        if (missing.contains(file.name())) throw new ArticleMissingException(first, "430 on every provider");
        sized.add(file.name());
        int n = file.segments().size();
        return new SizedFile(expectedSize(n), "yenc:" + n + "x" + PART);
    }
}
