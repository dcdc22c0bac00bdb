package io.nzbmount.nntp.internal.reader;

import java.util.ArrayList;
import java.util.List;

/**
 * The persistable form of a {@link PlainSegmentMap}: what {@link PlainSegmentMap#text()} encodes
 * and {@link PlainSegmentMap#restore} rebuilds the map from. Immutable.
 *
 * @param fileSize     the decoded file size
 * @param partSize     the usual part size
 * @param segmentCount the NZB file's segment count (a check when restoring)
 * @param exceptions   the segments whose range differs from {@code index * partSize}, empty
 *                     for a uniform map
 * @param postedName   the yEnc name every article of the file must carry, empty when not known
 */
public record PlainSegmentMapText(
        long fileSize, int partSize, int segmentCount, List<Part> exceptions, String postedName) {
    private static final String VERSION = "v1";
    private static final String NAME = "y=";

    public PlainSegmentMapText {
        exceptions = List.copyOf(exceptions);
        postedName = postedName == null ? "" : postedName;
    }

    /** A map's text that checks no yEnc name. */
    public PlainSegmentMapText(long fileSize, int partSize, int segmentCount, List<Part> exceptions) {
        this(fileSize, partSize, segmentCount, exceptions, "");
    }

    /**
     * A one-line text form, {@code v1;size;partSize;count[;index:begin:length]...[;y=NAME]},
     * the name in unpadded URL-safe base64 (so no separator can occur in it).
     */
    public String encode() {
        StringBuilder sb = new StringBuilder(VERSION)
                .append(';')
                .append(fileSize)
                .append(';')
                .append(partSize)
                .append(';')
                .append(segmentCount);
        for (Part p : exceptions) {
            sb.append(';')
                    .append(p.index())
                    .append(':')
                    .append(p.begin())
                    .append(':')
                    .append(p.length());
        }
        if (!postedName.isEmpty()) {
            sb.append(';')
                    .append(NAME)
                    .append(java.util.Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(postedName.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        return sb.toString();
    }

    /**
     * Reads {@link #encode()}'s form.
     *
     * @throws IllegalArgumentException when the text is not a plain map's
     */
    public static PlainSegmentMapText decode(String text) {
        String[] fields = text.split(";");
        if (fields.length < 4 || !fields[0].equals(VERSION)) {
            throw new IllegalArgumentException("not a segment map: " + text);
        }
        try {
            List<Part> parts = new ArrayList<>();
            String name = "";
            for (int i = 4; i < fields.length; i++) {
                if (i == fields.length - 1 && fields[i].startsWith(NAME)) {
                    name = new String(
                            java.util.Base64.getUrlDecoder().decode(fields[i].substring(NAME.length())),
                            java.nio.charset.StandardCharsets.UTF_8);
                    continue;
                }
                String[] p = fields[i].split(":");
                if (p.length != 3) throw new IllegalArgumentException("not a segment map: " + text);
                parts.add(new Part(Integer.parseInt(p[0]), Long.parseLong(p[1]), Integer.parseInt(p[2])));
            }
            return new PlainSegmentMapText(
                    Long.parseLong(fields[1]), Integer.parseInt(fields[2]), Integer.parseInt(fields[3]), parts, name);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a segment map: " + text, e);
        }
    }

    /** A segment's decoded range. */
    public record Part(int index, long begin, int length) {}
}
