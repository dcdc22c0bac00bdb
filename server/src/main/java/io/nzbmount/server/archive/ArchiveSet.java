package io.nzbmount.server.archive;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One archive found in a release: its volumes in order and its members.
 *
 * @param name    the archive's name for messages (the first volume's name without volume suffix)
 * @param format  its format
 * @param volumes the release files that are its volumes, in volume order
 * @param members its files (empty when the whole set is refused and its headers cannot be read)
 * @param refusal why the whole set cannot be served (encrypted headers, a missing volume...), when
 *                it cannot
 */
public record ArchiveSet(String name, Format format, List<Integer> volumes, List<Member> members,
                         Optional<Refusal> refusal) {
    public ArchiveSet {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        volumes = List.copyOf(volumes);
        members = List.copyOf(members);
        Objects.requireNonNull(refusal, "refusal");
    }

    public enum Format { RAR4, RAR5, SEVEN_ZIP }
}
