package io.nzbmount.nntp;

import java.util.List;
import java.util.Objects;

/**
 * One file of an NZB: its articles in part order, one segment per part number (the other copies
 * the NZB lists for a number are that segment's {@link NzbSegment#alternates()}).
 *
 * @param name       the file name recovered from the subject (never blank)
 * @param subject    the subject line as posted
 * @param poster     the poster, possibly empty
 * @param postedAt   the post date in epoch seconds, 0 when unknown
 * @param groups     the newsgroups it was posted to
 * @param segments   the articles, sorted by number, numbers unique
 */
public record NzbFile(
        String name, String subject, String poster, long postedAt, List<String> groups, List<NzbSegment> segments) {
    public NzbFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(poster, "poster");
        groups = List.copyOf(groups);
        segments = List.copyOf(segments);
    }

    /** The sum of the segments' wire sizes: an estimate of the encoded size, not the file size. */
    public long encodedBytes() {
        long sum = 0;
        for (NzbSegment s : segments) sum += s.bytes();
        return sum;
    }
}
