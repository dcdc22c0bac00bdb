package io.nzbmount.nntp;

import io.nzbmount.nntp.internal.nzb.NzbDocumentReader;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads NZB documents. The input is streamed, never loaded whole, and parsed with DTDs refused
 * and no entity or external resource resolution, so a hostile document can neither read local
 * files nor blow up in memory. One XML construct (a tag, a comment, a DTD) may take at most
 * 1 MiB of input; memory otherwise grows with the number of segments, not the input size.
 *
 * <p>Accepted: the NZB namespace ({@code http://www.newzbin.com/DTD/2003/nzb}) or no namespace;
 * unknown elements and attributes anywhere (skipped). Per file: poster, date (epoch seconds),
 * subject, groups and segments; a file name recovered from the subject. Segment numbers are
 * deduplicated (the first one listed wins) and sorted; message ids lose surrounding whitespace
 * and angle brackets. {@code <head><meta type="...">} values are kept under the lower-cased type.
 *
 * <p>Stateless and thread-safe.
 */
public final class NzbParser {

    private NzbParser() {}

    /**
     * Parses one NZB document. The stream is read up to the end of the document and not closed:
     * the caller owns it (and bounds its size).
     *
     * @throws NzbParseException when the document is not a usable NZB: not XML, truncated, with a
     *                           DTD, no {@code <nzb>} root, no files, a file without segments, a
     *                           segment without a message id, or a number or size that is not a
     *                           non-negative whole number. The message gives line, column and what
     *                           is wrong.
     * @throws IOException       when reading the stream fails
     */
    public static Nzb parse(InputStream in) throws NzbParseException, IOException {
        return NzbDocumentReader.read(in);
    }
}
