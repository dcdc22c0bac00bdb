package io.nzbmount.server.archive;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Follows the file headers of an ordered RAR set through its volumes and joins the parts of each
 * member (split-before / split-after flags) into one piece list. A member whose parts do not join
 * up, disagree on its size or time (every part header repeats both), or do not add up to its
 * unpacked size, is refused; none is ever served with a hole. Pure.
 */
final class RarMembers {
    private RarMembers() {}

    /**
     * @param ordered    the set's volumes in order
     * @param positions  their volume positions (0-based) when known, else empty
     * @param setRefusal the set's refusal, given to every member that has none of its own
     */
    static List<Member> chain(List<RarVolume> ordered, List<Integer> positions, Optional<Refusal> setRefusal) {
        List<Member> members = new ArrayList<>();
        Pending pending = null;
        for (int i = 0; i < ordered.size(); i++) {
            RarVolume volume = ordered.get(i);
            int position = positions.isEmpty() ? i : positions.get(i);
            for (RarEntry entry : volume.entries()) {
                if (entry.splitBefore()) {
                    if (pending == null || !pending.name.equals(entry.name())) {
                        if (pending != null) members.add(pending.broken("continues in a volume that is missing"));
                        pending = new Pending(entry, position);
                        pending.refuse(Refusal.Reason.MISSING_VOLUME, "starts in a volume that is missing");
                    } else if (pending.lastPosition + 1 != position) {
                        pending.refuse(Refusal.Reason.MISSING_VOLUME, "runs through volume " + (pending.lastPosition + 2)
                                + ", which is missing");
                    }
                    pending.add(volume, entry, position);
                } else {
                    if (pending != null) members.add(pending.broken("continues in a volume that is missing"));
                    pending = new Pending(entry, position);
                    pending.add(volume, entry, position);
                }
                if (!entry.splitAfter()) {
                    members.add(pending.finish());
                    pending = null;
                }
            }
        }
        if (pending != null) members.add(pending.broken("continues in a volume that is missing"));
        if (setRefusal.isEmpty()) return members;
        return members.stream().map(m -> m.servable() ? new Member(m.name(), m.size(), List.of(), setRefusal) : m).toList();
    }

    private static final class Pending {
        final String name;
        final long size;
        final long time;
        final List<Piece> pieces = new ArrayList<>();
        long total;
        int lastPosition;
        Refusal refusal;

        Pending(RarEntry first, int position) {
            this.name = first.name();
            this.size = first.unpackedSize();
            this.time = first.time();
            this.lastPosition = position;
        }

        void add(RarVolume volume, RarEntry entry, int position) {
            lastPosition = position;
            if (entry.unpackedSize() != size || entry.time() != time) {
                refuse(Refusal.Reason.CONFLICT, "has parts that disagree on its size or time (volume " + (position + 1)
                        + "): they belong to different sets");
            }
            if (refusal == null && entry.refusal().isPresent()) refusal = entry.refusal().get();
            if (entry.dataSize() > 0) pieces.add(new Piece(volume.file(), entry.dataOffset(), entry.dataSize()));
            total += entry.dataSize();
        }

        void refuse(Refusal.Reason reason, String what) {
            if (refusal == null) refusal = new Refusal(reason, name + " " + what);
        }

        Member broken(String what) {
            refuse(Refusal.Reason.MISSING_VOLUME, what);
            return finish();
        }

        Member finish() {
            if (refusal == null && total != size) {
                refusal = new Refusal(Refusal.Reason.DAMAGED, name + ": its parts hold " + total
                        + " bytes but its header says " + size);
            }
            return refusal == null ? new Member(name, size, pieces, Optional.empty())
                    : new Member(name, size, List.of(), Optional.of(refusal));
        }
    }
}
