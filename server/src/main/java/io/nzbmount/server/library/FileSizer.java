package io.nzbmount.server.library;

import io.nzbmount.nntp.NzbFile;
import java.io.IOException;

/**
 * Learns a file's exact decoded size. Implemented by the reader side from the yEnc headers of the
 * file's articles (the NZB's {@code bytes} are encoded sizes and cannot give it). The importer
 * calls it once per file of an NZB, on the importing thread; implementations must be thread safe.
 */
public interface FileSizer {

    /**
     * The file's exact size and its segment map's text.
     *
     * @throws io.nzbmount.nntp.ReadFailure when an article needed for the answer cannot be read:
     *         a permanent one ({@link io.nzbmount.nntp.ArticleMissingException},
     *         {@link io.nzbmount.nntp.ArticleCorruptException}) means the file cannot be sized at
     *         all; any other means "not now"
     * @throws IOException for any other I/O failure, taken as "not now"
     */
    SizedFile size(NzbFile file) throws IOException;
}
