package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

final class SevenZipReader {
    private SevenZipReader() {}

    static ArchiveSet read(List<VolumeBytes> parts, List<Integer> positions) throws IOException {
        return new ArchiveSet(parts.get(0).name(), ArchiveSet.Format.SEVEN_ZIP, parts.stream().map(VolumeBytes::file).toList(),
                List.of(), Optional.of(new Refusal(Refusal.Reason.UNSUPPORTED, "7z")));
    }
}
