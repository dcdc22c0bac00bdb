package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.library.SizedFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads release files from the providers at one priority: the user's imports in the foreground,
 * standby imports in the background (nobody waits for those, and they must never take a playing
 * stream's connections). Thread-safe.
 */
public final class UsenetReleaseReader implements ReleaseReader {
    private final Usenet usenet;
    private final Priority priority;

    public UsenetReleaseReader(Usenet usenet, Priority priority) {
        this.usenet = usenet;
        this.priority = priority;
    }

    /** One or two article fetches (see {@link Usenet#map}). */
    @Override
    public SizedFile size(NzbFile file) throws IOException {
        SegmentMap map = usenet.map(file, priority);
        return new SizedFile(map.size(), map.text(), map.postedName(), map.holes());
    }

    /** Reads with a read-ahead of one article, so only the articles holding the range are fetched. */
    @Override
    public byte[] read(NzbFile file, SizedFile sized, long offset, int length) throws IOException {
        SegmentMap map = usenet.restore(file, sized.mapText());
        int n = (int) Math.max(0, Math.min(length, map.size() - offset));
        byte[] out = new byte[n];
        try (NzbReader reader = usenet.open(map, priority, 1)) {
            int got = 0;
            while (got < n) {
                int r = reader.read(offset + got, out, got, n - got);
                if (r < 0) break;
                got += r;
            }
            return got == n ? out : Arrays.copyOf(out, got);
        }
    }

    @Override
    public String splice(List<NzbFile> volumes, List<SizedFile> sized, List<Slice> slices) {
        List<SegmentMap> maps = new ArrayList<>(volumes.size());
        for (int i = 0; i < volumes.size(); i++)
            maps.add(usenet.restore(volumes.get(i), sized.get(i).mapText()));
        return usenet.splice(maps, slices).text();
    }
}
