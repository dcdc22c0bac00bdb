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
                        pending.refuse(
                                Refusal.Reason.MISSING_VOLUME,
                                "runs through volume " + (pending.lastPosition + 2) + ", which is missing");
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
        return members.stream()
                .map(m -> m.servable() ? new Member(m.name(), m.size(), List.of(), setRefusal) : m)
                .toList();
    }

    private static final class Pending {
        final String name;
        final long size;
        final long time;
        final List<Piece> pieces = new ArrayList<>();
        long total;
        int lastPosition;
        Refusal refusal;
        /** The encryption record of each part, when the member is encrypted. */
        final List<RarEntry.Crypt> crypts = new ArrayList<>();

        boolean plainPart;
        /** The CRC-32 of the whole member's bytes as its last part's header gives it, -1 when none. */
        long crc = -1;

        Pending(RarEntry first, int position) {
            this.name = first.name();
            this.size = first.unpackedSize();
            this.time = first.time();
            this.lastPosition = position;
        }

        void add(RarVolume volume, RarEntry entry, int position) {
            lastPosition = position;
            if (entry.unpackedSize() != size || entry.time() != time) {
                refuse(
                        Refusal.Reason.CONFLICT,
                        "has parts that disagree on its size or time (volume " + (position + 1)
                                + "): they belong to different sets");
            }
            if (refusal == null && entry.refusal().isPresent())
                refusal = entry.refusal().get();
            if (!entry.splitAfter()) crc = entry.crc();
            if (entry.crypt().isPresent()) {
                crypts.add(entry.crypt().get());
            } else {
                plainPart = true;
            }
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
            if (!crypts.isEmpty()) return sealed();
            if (refusal == null && total != size) {
                refusal = new Refusal(
                        Refusal.Reason.DAMAGED,
                        name + ": its parts hold " + total + " bytes but its header says " + size);
            }
            return refusal == null
                    ? new Member(name, size, pieces, Optional.empty())
                    : new Member(name, size, List.of(), Optional.of(refusal));
        }

        /**
         * An encrypted member: one AES chain from the first part's IV through all its parts (as
         * unrar reads it: a volume may end inside a block), the last part padded to a whole block.
         */
        private Member sealed() {
            RarEntry.Crypt first = crypts.get(0);
            if (refusal == null && plainPart) refuse(Refusal.Reason.DAMAGED, "has encrypted and plain parts");
            if (refusal == null
                    && crypts.stream()
                            .anyMatch(c -> c.kdf() != first.kdf()
                                    || c.count() != first.count()
                                    || !java.util.Arrays.equals(c.salt(), first.salt()))) {
                refuse(Refusal.Reason.UNSUPPORTED, "has parts encrypted with different keys");
            }
            if (refusal == null && (total < size || total - size >= Sealing.BLOCK || total % Sealing.BLOCK != 0)) {
                refuse(
                        Refusal.Reason.DAMAGED,
                        "its encrypted parts hold " + total + " bytes, not the whole AES blocks of " + size);
            }
            if (refusal != null) return new Member(name, size, List.of(), Optional.of(refusal));
            Sealing sealing = new Sealing(first.kdf(), first.count(), first.salt(), first.iv(), 0);
            return new Member(name, size, pieces, Optional.empty(), crc, Optional.of(sealing));
        }
    }
}
