package io.nzbmount.nntp.embedded;

import java.util.List;

/**
 * Writes NZB 1.1 documents for files posted to the embedded server, shaped like the ones the
 * nyuu poster writes: subject {@code "name.ext" yEnc (1/N) SIZE}, segment ids without angle
 * brackets, {@code bytes} the BODY payload size. No DOCTYPE line: {@link io.nzbmount.nntp.NzbParser}
 * refuses DTDs. Stateless.
 */
public final class NzbWriter {

    private NzbWriter() {}

    public static String write(List<PostedFile> files) {
        return write(files, null);
    }

    /** @param title an optional {@code <meta type="title">} value, or null */
    public static String write(List<PostedFile> files, String title) {
        StringBuilder sb = new StringBuilder(256 + files.size() * 4096);
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<nzb xmlns=\"http://www.newzbin.com/DTD/2003/nzb\">\n");
        if (title != null) {
            sb.append("  <head>\n    <meta type=\"title\">")
                    .append(escape(title))
                    .append("</meta>\n  </head>\n");
        }
        for (PostedFile f : files) {
            sb.append("  <file poster=\"")
                    .append(escape(f.poster()))
                    .append("\" date=\"")
                    .append(f.postedAt())
                    .append("\" subject=\"")
                    .append(escape(f.subject()))
                    .append("\">\n");
            sb.append("    <groups>\n");
            for (String g : f.groups())
                sb.append("      <group>").append(escape(g)).append("</group>\n");
            sb.append("    </groups>\n    <segments>\n");
            for (PostedSegment s : f.segments()) {
                sb.append("      <segment bytes=\"")
                        .append(s.wireBytes())
                        .append("\" number=\"")
                        .append(s.number())
                        .append("\">")
                        .append(escape(s.messageId()))
                        .append("</segment>\n");
            }
            sb.append("    </segments>\n  </file>\n");
        }
        sb.append("</nzb>\n");
        return sb.toString();
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&apos;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
