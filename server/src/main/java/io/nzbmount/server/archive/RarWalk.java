package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One pass over the headers of one RAR file, filling in what the headers say; the RAR4 and RAR5
 * readers each walk their own header layout. Not thread-safe; used once.
 */
abstract class RarWalk {
    final VolumeBytes volume;
    final List<RarEntry> entries = new ArrayList<>();
    boolean multiVolume;
    OptionalInt number = OptionalInt.empty();
    boolean moreFollow;
    Optional<Refusal> solid = Optional.empty();
    /** The password that decrypted the headers, when they are encrypted. */
    Optional<Passwords.Opened> headerPassword = Optional.empty();

    RarWalk(VolumeBytes volume) {
        this.volume = volume;
    }

    /** Reads every header of the file; a malformed or unusable one ends the walk with its refusal. */
    abstract void run() throws IOException, ArchiveException;

    /** Walks the file and says what its headers hold; entries read before a refusal are kept. */
    final RarVolume walk(ArchiveSet.Format format) throws IOException {
        Optional<Refusal> refusal;
        try {
            run();
            refusal = solid;
        } catch (ArchiveException e) {
            refusal = Optional.of(e.refusal());
        }
        return new RarVolume(
                volume.file(),
                volume.name(),
                format,
                multiVolume,
                number,
                entries,
                moreFollow,
                refusal,
                headerPassword);
    }
}
