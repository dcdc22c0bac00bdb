package io.nzbmount.bench;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import java.util.List;

/**
 * A range read through the reader in this JVM, as the server does it for one GET but without
 * HTTP: a new reader at the offset, reads until the range is complete, close. The provider pool
 * is kept between probes, as the server keeps its. Not thread-safe.
 */
final class ReaderProbe implements AutoCloseable {
    private final Usenet usenet;
    private final SegmentMap map;
    private final byte[] buf = new byte[1 << 20];

    private ReaderProbe(Usenet usenet, SegmentMap map) {
        this.usenet = usenet;
        this.map = map;
    }

    /** {@code readAhead} and {@code pipelineDepth} 0 or less: the library's default. */
    static ReaderProbe open(NzbFile file, String host, int port, int connections, int readAhead, int pipelineDepth)
            throws Exception {
        Usenet.Settings settings = Usenet.Settings.defaults();
        if (readAhead > 0) settings = settings.withReadAhead(readAhead);
        if (pipelineDepth > 0) settings = settings.withPipelineDepth(pipelineDepth);
        Usenet usenet = Usenet.connect(List.of(ReaderRate.provider(host, port, connections)), settings);
        try {
            return new ReaderProbe(usenet, usenet.map(file, Priority.FOREGROUND));
        } catch (Exception e) {
            usenet.close();
            throw e;
        }
    }

    /** Nanoseconds from opening a reader to holding {@code length} bytes from {@code offset}. */
    long firstRange(long offset, int length) throws Exception {
        long start = System.nanoTime();
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            for (int got = 0; got < length; ) {
                int n = reader.read(offset + got, buf, got, length - got);
                if (n < 0) throw new IllegalStateException("end of file inside the range at " + (offset + got));
                got += n;
            }
        }
        return System.nanoTime() - start;
    }

    @Override
    public void close() {
        usenet.close();
    }
}
