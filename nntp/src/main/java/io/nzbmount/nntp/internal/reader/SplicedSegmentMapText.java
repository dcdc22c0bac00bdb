package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.Slice;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The persistable form of a {@link SplicedSegmentMap}: each volume's own
 * {@link PlainSegmentMapText}, the slices, and a checksum of the volumes' first message ids (so
 * volumes handed back in another order, or other volumes with the same article counts, are
 * refused). Immutable.
 *
 * <p>Text form: {@code s1;VOLUMES;SLICES;CHECKSUM|VOLUME-MAP|...|VOLUME:OFFSET:LENGTH,...}, the
 * checksum in hex. Volume maps' texts use {@code ;} and {@code :} but never {@code |} or {@code ,}.
 *
 * @param volumes  the volumes' maps' texts, in volume order
 * @param slices   the slices as given to the splice
 * @param checksum see {@link #checksum(List)}
 */
public record SplicedSegmentMapText(List<PlainSegmentMapText> volumes, List<Slice> slices, long checksum) {

    private static final String VERSION = "s1";
    private static final Pattern SECTIONS = Pattern.compile("\\|");

    public SplicedSegmentMapText {
        volumes = List.copyOf(volumes);
        slices = List.copyOf(slices);
    }

    /** True when {@code text} claims to be this form (it may still be malformed). */
    public static boolean isSpliced(String text) {
        return text.startsWith(VERSION + ";");
    }

    /** A CRC32 of the volumes' first message ids, in order. */
    public static long checksum(List<String> firstMessageIds) {
        CRC32 crc = new CRC32();
        for (String id : firstMessageIds) {
            crc.update(id.getBytes(StandardCharsets.UTF_8));
            crc.update('\n');
        }
        return crc.getValue();
    }

    /** The one-line text form. */
    public String encode() {
        StringBuilder sb = new StringBuilder(VERSION)
                .append(';')
                .append(volumes.size())
                .append(';')
                .append(slices.size())
                .append(';')
                .append(Long.toHexString(checksum));
        for (PlainSegmentMapText v : volumes) sb.append('|').append(v.encode());
        sb.append('|');
        for (int i = 0; i < slices.size(); i++) {
            Slice s = slices.get(i);
            if (i > 0) sb.append(',');
            sb.append(s.volume()).append(':').append(s.offset()).append(':').append(s.length());
        }
        return sb.toString();
    }

    /**
     * Reads {@link #encode()}'s form.
     *
     * @throws IllegalArgumentException when the text is not a spliced map's
     */
    public static SplicedSegmentMapText decode(String text) {
        if (!isSpliced(text)) throw new IllegalArgumentException("not a spliced map: " + text);
        String[] sections = SECTIONS.split(text, -1);
        try {
            String[] head = sections[0].split(";");
            if (head.length != 4) throw malformed(text);
            int volumeCount = Integer.parseInt(head[1]);
            int sliceCount = Integer.parseInt(head[2]);
            long checksum = Long.parseUnsignedLong(head[3], 16);
            if (volumeCount < 0 || sections.length != volumeCount + 2) throw malformed(text);
            List<PlainSegmentMapText> volumes = new ArrayList<>(volumeCount);
            for (int i = 1; i <= volumeCount; i++) volumes.add(PlainSegmentMapText.decode(sections[i]));
            String[] fields = sections[volumeCount + 1].split(",", -1);
            if (sliceCount < 1 || fields.length != sliceCount) throw malformed(text);
            List<Slice> slices = new ArrayList<>(sliceCount);
            for (String f : fields) {
                String[] p = f.split(":", -1);
                if (p.length != 3) throw malformed(text);
                slices.add(new Slice(Integer.parseInt(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2])));
            }
            return new SplicedSegmentMapText(volumes, slices, checksum);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a spliced map: " + text, e);
        }
    }

    private static IllegalArgumentException malformed(String text) {
        return new IllegalArgumentException("not a spliced map: " + text);
    }
}
