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
 * @param order   how the order and membership of its volumes is known
 */
public record ArchiveSet(
        String name,
        Format format,
        List<Integer> volumes,
        List<Member> members,
        Optional<Refusal> refusal,
        Order order) {
    public ArchiveSet {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        volumes = List.copyOf(volumes);
        members = List.copyOf(members);
        Objects.requireNonNull(refusal, "refusal");
        Objects.requireNonNull(order, "order");
    }

    /** A set whose order is known from its volumes' headers. */
    public ArchiveSet(
            String name, Format format, List<Integer> volumes, List<Member> members, Optional<Refusal> refusal) {
        this(name, format, volumes, members, refusal, Order.HEADERS);
    }

    public enum Format {
        RAR4,
        RAR5,
        SEVEN_ZIP
    }

    /** How a set's order and membership is known, strongest first. */
    public enum Order {
        /** The part checksums of every split member add up to its whole-file checksum. */
        PROVED,
        /** One volume: nothing to order. */
        SINGLE,
        /** Volume numbers in every volume's headers. */
        HEADERS,
        /** The volume names (as posted, or from par2) follow one naming scheme. */
        NAMES,
        /** Three volumes or fewer, put in order by their split flags. */
        FLAGS,
        /** Not known: the set is refused. */
        UNKNOWN
    }

    /** This set with another order; the refusal stays. */
    ArchiveSet withOrder(Order newOrder) {
        return new ArchiveSet(name, format, volumes, members, refusal, newOrder);
    }

    /**
     * This set when its password was proved only by a container's signature: its encrypted
     * members' CRCs are still to be verified ({@link Member#crcToVerify()}).
     */
    ArchiveSet provedBySignature() {
        return new ArchiveSet(
                name,
                format,
                volumes,
                members.stream().map(Member::withCrcToVerify).toList(),
                refusal,
                order);
    }

    /** This set refused: every servable member takes the set's refusal. */
    ArchiveSet refused(Refusal why) {
        List<Member> refusedMembers = members.stream()
                .map(m -> m.servable() ? new Member(m.name(), m.size(), List.of(), Optional.of(why)) : m)
                .toList();
        return new ArchiveSet(name, format, volumes, refusedMembers, Optional.of(why), order);
    }
}
