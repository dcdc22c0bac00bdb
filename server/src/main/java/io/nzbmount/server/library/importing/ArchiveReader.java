package io.nzbmount.server.library.importing;

import io.nzbmount.server.archive.ArchiveScan;
import io.nzbmount.server.archive.ArchiveScanner;
import io.nzbmount.server.archive.Par2Descriptions;
import io.nzbmount.server.archive.Par2File;
import io.nzbmount.server.archive.Passwords;
import io.nzbmount.server.archive.VolumeSource;
import java.io.IOException;
import java.util.List;

/**
 * What the importer needs to know about archive and par2 formats; {@link #STANDARD} reads them.
 * Implementations must be thread safe.
 */
public interface ArchiveReader {

    /** The archives among the source's files (see {@link ArchiveScanner#scan}). */
    ArchiveScan scan(VolumeSource source) throws IOException;

    /**
     * The archives among the source's files, checked against the release's par2 descriptions
     * (see {@link ArchiveScanner#scan(VolumeSource, List)}).
     */
    default ArchiveScan scan(VolumeSource source, List<Par2File> par2) throws IOException {
        return scan(source);
    }

    /**
     * {@link #scan(VolumeSource, List)} of a release whose archives may be encrypted, with the
     * passwords it offers (see {@link ArchiveScanner#scan(VolumeSource, List, Passwords)}).
     */
    default ArchiveScan scan(VolumeSource source, List<Par2File> par2, Passwords passwords) throws IOException {
        return scan(source, par2);
    }

    /** Whether a file starting with {@code head} is a par2 file. */
    boolean isPar2(byte[] head);

    /** The file descriptions of a whole par2 file. */
    List<Par2File> par2Files(byte[] par2);

    /** The real formats. */
    ArchiveReader STANDARD = new ArchiveReader() {
        @Override
        public ArchiveScan scan(VolumeSource source) throws IOException {
            return ArchiveScanner.scan(source);
        }

        @Override
        public ArchiveScan scan(VolumeSource source, List<Par2File> par2) throws IOException {
            return ArchiveScanner.scan(source, par2);
        }

        @Override
        public ArchiveScan scan(VolumeSource source, List<Par2File> par2, Passwords passwords) throws IOException {
            return ArchiveScanner.scan(source, par2, passwords);
        }

        @Override
        public boolean isPar2(byte[] head) {
            return Par2Descriptions.isPar2(head);
        }

        @Override
        public List<Par2File> par2Files(byte[] par2) {
            return Par2Descriptions.parse(par2);
        }
    };
}
