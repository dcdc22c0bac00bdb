package io.nzbmount.nntp.embedded;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import java.util.List;

/**
 * A file posted to the embedded server as yEnc parts. Immutable.
 *
 * @param fileName the file name as posted
 * @param size     the decoded file size
 * @param partSize the decoded size of every part but the last
 * @param subject  the NZB-style subject, nyuu style: {@code "name.ext" yEnc (1/N) SIZE}
 * @param poster   the From of the articles
 * @param postedAt epoch seconds
 * @param groups   the newsgroups
 * @param segments the parts in order
 */
public record PostedFile(
        String fileName,
        long size,
        int partSize,
        String subject,
        String poster,
        long postedAt,
        List<String> groups,
        List<PostedSegment> segments) {
    public PostedFile {
        groups = List.copyOf(groups);
        segments = List.copyOf(segments);
    }

    /** The file as an NZB parser would return it from {@link NzbWriter}'s document. */
    public NzbFile toNzbFile() {
        List<NzbSegment> nzbSegments =
                segments.stream().map(PostedSegment::toNzbSegment).toList();
        return new NzbFile(fileName, subject, poster, postedAt, groups, nzbSegments);
    }

    public List<String> messageIds() {
        return segments.stream().map(PostedSegment::messageId).toList();
    }

    /** The segment holding file offset {@code offset}. */
    public PostedSegment segmentAt(long offset) {
        if (offset < 0 || offset >= size) throw new IndexOutOfBoundsException("offset " + offset + " of " + size);
        return segments.get((int) (offset / partSize));
    }

    /** The NZB subject line of part {@code number}, as the article's Subject header carries it. */
    public String subjectOfPart(int number) {
        return "\"" + fileName + "\" yEnc (" + number + "/" + segments.size() + ") " + size;
    }
}
