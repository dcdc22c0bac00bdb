package io.nzbmount.nntp;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One article of an NZB file, and the other copies of it the NZB lists under the same number.
 *
 * <p>A poster who re-posts a broken part lists the re-post as a second {@code <segment>} with the
 * same number. Every copy must hold the same bytes at the same place; a reader tries them in the
 * order listed, each checked as the first one is.
 *
 * @param number     the 1-based part number from the NZB
 * @param bytes      the article's size on the wire as the NZB states it (encoded, not decoded)
 * @param messageId  the message id without angle brackets, the first one listed for the number
 * @param alternates the message ids listed later for the same number, in document order, none
 *                   equal to {@code messageId} or to each other; usually empty
 */
public record NzbSegment(int number, long bytes, String messageId, List<String> alternates) {
    public NzbSegment {
        Objects.requireNonNull(messageId, "messageId");
        if (number < 1) throw new IllegalArgumentException("segment number must be >= 1: " + number);
        alternates = List.copyOf(alternates);
        if (alternates.contains(messageId) || alternates.stream().distinct().count() != alternates.size()) {
            throw new IllegalArgumentException("alternates of segment " + number + " repeat a message id");
        }
    }

    /** A segment listed once. */
    public NzbSegment(int number, long bytes, String messageId) {
        this(number, bytes, messageId, List.of());
    }

    /** This segment with {@code messageId} listed as one more copy; itself when that id is listed already. */
    public NzbSegment withAlternate(String messageId) {
        if (messageId.equals(this.messageId) || alternates.contains(messageId)) return this;
        List<String> more = new ArrayList<>(alternates);
        more.add(messageId);
        return new NzbSegment(number, bytes, this.messageId, more);
    }

    /** Every copy as a segment of its own (no alternates), the first one listed first. */
    public List<NzbSegment> copies() {
        if (alternates.isEmpty()) return List.of(this);
        List<NzbSegment> all = new ArrayList<>(alternates.size() + 1);
        all.add(new NzbSegment(number, bytes, messageId));
        for (String id : alternates) all.add(new NzbSegment(number, bytes, id));
        return all;
    }
}
