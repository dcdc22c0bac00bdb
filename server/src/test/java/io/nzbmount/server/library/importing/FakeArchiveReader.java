package io.nzbmount.server.library.importing;

import io.nzbmount.server.archive.ArchiveScan;
import io.nzbmount.server.archive.Par2File;
import io.nzbmount.server.archive.VolumeSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Answers a scan with a scan made by hand (for the files the scanner was shown, by name) and par2
 * files with descriptions made by hand; records what it was shown.
 */
public final class FakeArchiveReader implements ArchiveReader {
    public static final byte[] PAR2_MAGIC = "PAR2\0PKT".getBytes(StandardCharsets.US_ASCII);

    /** Makes the scan from the names of the files the scanner is shown, in its order. */
    public interface Scan {
        ArchiveScan of(List<String> names);
    }

    private final Scan scan;
    final List<Par2File> descriptions = new ArrayList<>();
    final List<List<String>> scanned = new ArrayList<>();
    int par2Parsed;

    public FakeArchiveReader(Scan scan) {
        this.scan = scan;
    }

    @Override
    public ArchiveScan scan(VolumeSource source) throws IOException {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < source.count(); i++) {
            names.add(source.name(i));
            source.read(i, 0, 64);
        }
        scanned.add(names);
        return scan.of(names);
    }

    @Override
    public boolean isPar2(byte[] head) {
        return head.length >= PAR2_MAGIC.length && Arrays.equals(Arrays.copyOf(head, PAR2_MAGIC.length), PAR2_MAGIC);
    }

    @Override
    public List<Par2File> par2Files(byte[] par2) {
        par2Parsed++;
        return List.copyOf(descriptions);
    }
}
