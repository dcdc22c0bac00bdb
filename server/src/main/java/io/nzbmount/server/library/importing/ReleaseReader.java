package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.Slice;
import io.nzbmount.server.library.FileSizer;
import io.nzbmount.server.library.SizedFile;
import java.io.IOException;
import java.util.List;

/**
 * Reads the files of a release while it is imported: sizes them ({@link FileSizer}), reads a few
 * of their bytes (signatures, archive headers, par2 descriptions) and lays out files that sit
 * inside archive volumes. Implemented by the reader side; must be thread safe.
 */
public interface ReleaseReader extends FileSizer {

    /**
     * Exactly {@code length} bytes of the file from {@code offset}, fewer only when the file ends
     * first. Costs the articles that hold the range and nothing else.
     *
     * @param sized what {@link #size} said about the file
     * @throws io.nzbmount.nntp.ReadFailure when an article of the range cannot be read (its
     *         {@code permanent()} tells whether it ever can)
     */
    byte[] read(NzbFile file, SizedFile sized, long offset, int length) throws IOException;

    /**
     * The map's text of a file made of ranges of other files (a film stored inside archive volumes),
     * to be stored like a plain file's. Fetches nothing.
     *
     * @param volumes the files the slices refer to, by position
     * @param sized   what {@link #size} said about each of them, same order
     * @param slices  the file's bytes in order
     */
    String splice(List<NzbFile> volumes, List<SizedFile> sized, List<Slice> slices);
}
