package io.nzbmount.server.archive;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the headers of one RAR file say.
 *
 * @param file        the file's position in the release
 * @param fileName    its name in the release
 * @param format      RAR4 or RAR5
 * @param multiVolume the main header says it is one volume of a set
 * @param number      its volume number counted from 0, when the headers give it
 * @param entries     its file headers (directories and service headers left out), in order
 * @param moreFollow  its end header says another volume follows
 * @param refusal     why the volume's headers cannot be used (encrypted headers without the
 *                    password, damage, solid); entries read before the problem are kept
 * @param headerPassword the password that decrypted its headers, when they are encrypted
 */
record RarVolume(
        int file,
        String fileName,
        ArchiveSet.Format format,
        boolean multiVolume,
        OptionalInt number,
        List<RarEntry> entries,
        boolean moreFollow,
        Optional<Refusal> refusal,
        Optional<Passwords.Opened> headerPassword) {
    RarVolume {
        entries = List.copyOf(entries);
    }

    RarVolume(
            int file,
            String fileName,
            ArchiveSet.Format format,
            boolean multiVolume,
            OptionalInt number,
            List<RarEntry> entries,
            boolean moreFollow,
            Optional<Refusal> refusal) {
        this(file, fileName, format, multiVolume, number, entries, moreFollow, refusal, Optional.empty());
    }
}
