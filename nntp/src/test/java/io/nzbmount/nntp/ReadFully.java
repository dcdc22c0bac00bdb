package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Test reads of whole ranges through an {@link NzbReader}. */
public final class ReadFully {
    private ReadFully() {}

    /**
     * Exactly {@code len} bytes at {@code offset}, in as many reads as the reader needs; fails on an
     * early end of file and on a read that returns no bytes.
     */
    public static byte[] read(NzbReader reader, long offset, int len) throws Exception {
        byte[] out = new byte[len];
        int done = 0;
        while (done < len) {
            int n = reader.read(offset + done, out, done, len - done);
            if (n < 0) fail("end of file at " + (offset + done) + ", expected " + (len - done) + " more bytes");
            assertTrue(n > 0, "a read returned no bytes");
            done += n;
        }
        return out;
    }
}
