package io.nzbmount.server.library;

import io.nzbmount.nntp.ArticleCensus;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ProviderHealth;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.Usenet;
import java.util.List;
import java.util.Set;

/**
 * The providers as the server reads them: every call goes to the real {@link Usenet}, except that
 * opening a {@link SealedSegmentMap} (a file inside encrypted archive volumes, as {@link SegmentMaps}
 * restores it) gives a reader of its decrypted bytes. Thread-safe as the one it wraps.
 */
public final class SealedUsenet implements Usenet {
    private final Usenet usenet;

    public SealedUsenet(Usenet usenet) {
        this.usenet = usenet;
    }

    @Override
    public SegmentMap map(NzbFile file, Priority priority) throws ReadFailure, ReadCancelledException {
        return usenet.map(file, priority);
    }

    @Override
    public NzbReader open(SegmentMap map, Priority priority) {
        if (map instanceof SealedSegmentMap sealed)
            return new SealedReader(usenet.open(sealed.run(), priority), sealed);
        return usenet.open(map, priority);
    }

    @Override
    public NzbReader open(SegmentMap map, Priority priority, int readAhead) {
        if (map instanceof SealedSegmentMap sealed) {
            return new SealedReader(usenet.open(sealed.run(), priority, readAhead), sealed);
        }
        return usenet.open(map, priority, readAhead);
    }

    @Override
    public void connectAhead(int connections) {
        usenet.connectAhead(connections);
    }

    @Override
    public SegmentMap restore(NzbFile file, String mapText) {
        return usenet.restore(file, mapText);
    }

    @Override
    public SegmentMap splice(List<SegmentMap> volumes, List<Slice> slices) {
        return usenet.splice(volumes, slices);
    }

    @Override
    public SegmentMap restore(List<NzbFile> volumes, String mapText) {
        return usenet.restore(volumes, mapText);
    }

    @Override
    public Set<String> missing(List<NzbSegment> segments) throws ReadFailure, ReadCancelledException {
        return usenet.missing(segments);
    }

    @Override
    public ArticleCensus census(List<NzbSegment> segments, int perConnection, int connections)
            throws ReadCancelledException {
        return usenet.census(segments, perConnection, connections);
    }

    @Override
    public FileCheck check(NzbFile file) throws ReadCancelledException {
        return usenet.check(file);
    }

    @Override
    public List<ProviderHealth> health() {
        return usenet.health();
    }

    @Override
    public void close() {
        usenet.close();
    }
}
