package io.nzbmount.server.repair;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.policy.FailureKind;
import java.util.function.LongConsumer;

/**
 * Reads ranges of posted files for a repair, at background priority (a live stream always gets a
 * connection first), counting the bytes read. Stateless apart from the counter it is given.
 */
final class PostedBytes {
    private final Usenet usenet;
    private final LongConsumer bytesRead;

    /** @param bytesRead told the count of every read's bytes (the job's progress and the metrics) */
    PostedBytes(Usenet usenet, LongConsumer bytesRead) {
        this.usenet = usenet;
        this.bytesRead = bytesRead;
    }

    /** A background reader over {@code map}; the caller closes it. */
    NzbReader open(SegmentMap map) {
        return usenet.open(map, Priority.BACKGROUND);
    }

    /**
     * {@code [offset, offset + length)} of the file into {@code dest}.
     *
     * @return -1 when every byte was read; otherwise the offset of the first byte whose article is
     *         missing for good (missing or corrupt on every provider)
     * @throws ReadFailure a failure that may pass
     */
    long read(NzbReader reader, long offset, byte[] dest, int length) throws ReadFailure, ReadCancelledException {
        int done = 0;
        while (done < length) {
            int n;
            try {
                n = reader.read(offset + done, dest, done, length - done);
            } catch (ReadFailure e) {
                if (FailureKind.of(e) != FailureKind.PERMANENT) throw e;
                return offset + done;
            }
            if (n <= 0) throw new IllegalStateException("the file ends before offset " + (offset + length));
            done += n;
            bytesRead.accept(n);
        }
        return -1;
    }

    /**
     * The whole file, with zeros where an article is missing for good: for par2 files only, whose
     * packets carry their own MD5, so a packet that lies across such a gap is simply not used.
     *
     * @throws ReadFailure a failure that may pass (the providers may answer later)
     */
    byte[] readTolerating(SegmentMap map) throws ReadFailure, ReadCancelledException {
        if (map.size() > Integer.MAX_VALUE - 8)
            throw new IllegalArgumentException("a par2 file of " + map.size() + " bytes");
        byte[] all = new byte[(int) map.size()];
        try (NzbReader reader = open(map)) {
            long at = 0;
            while (at < all.length) {
                try {
                    int n = reader.read(at, all, (int) at, all.length - (int) at);
                    if (n <= 0) break;
                    at += n;
                    bytesRead.accept(n);
                } catch (ReadFailure e) {
                    if (FailureKind.of(e) != FailureKind.PERMANENT) throw e;
                    ArticleSpan gap = map.span(at);
                    at = gap.end();
                }
            }
        }
        return all;
    }
}
