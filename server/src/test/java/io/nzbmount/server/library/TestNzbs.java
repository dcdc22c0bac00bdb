package io.nzbmount.server.library;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** Builds NZB documents for tests. Message ids are {@code <tag>.<file name>.<part>@test}. */
public final class TestNzbs {

    /** One file of a test NZB: {@code segments} parts of {@code partBytes} encoded bytes each. */
    public record Spec(String name, int segments, long partBytes) {}

    private TestNzbs() {}

    public static Spec file(String name, int segments, long partBytes) {
        return new Spec(name, segments, partBytes);
    }

    /** A film of 50 parts with an nfo and two par2 files; {@code tag} makes the ids (and hash) unique. */
    public static byte[] film(String tag, String title) {
        return nzb(
                tag,
                title,
                List.of(
                        file("movie.mkv", 50, 740_000),
                        file("movie.nfo", 1, 2_000),
                        file("movie.par2", 1, 40_000),
                        file("movie.vol00+01.par2", 2, 740_000)));
    }

    /** The message id of part {@code part} of {@code file} in an NZB made with {@code tag}. */
    public static String id(String tag, String file, int part) {
        return tag + "." + file.replace(' ', '_') + "." + part + "@test";
    }

    public static byte[] nzb(String tag, String title, List<Spec> files) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<nzb xmlns=\"http://www.newzbin.com/DTD/2003/nzb\">\n");
        if (title != null)
            x.append(" <head><meta type=\"title\">").append(escape(title)).append("</meta></head>\n");
        int n = 0;
        for (Spec f : files) {
            n++;
            x.append(" <file poster=\"tester\" date=\"")
                    .append(1_700_000_000L + n)
                    .append("\" subject=\"[")
                    .append(n)
                    .append('/')
                    .append(files.size())
                    .append("] - &quot;")
                    .append(escape(f.name()))
                    .append("&quot; yEnc (1/")
                    .append(f.segments())
                    .append(")\">\n")
                    .append("  <groups><group>alt.binaries.test</group></groups>\n  <segments>\n");
            for (int p = 1; p <= f.segments(); p++) {
                x.append("   <segment bytes=\"")
                        .append(f.partBytes())
                        .append("\" number=\"")
                        .append(p)
                        .append("\">")
                        .append(escape(id(tag, f.name(), p)))
                        .append("</segment>\n");
            }
            x.append("  </segments>\n </file>\n");
        }
        return x.append("</nzb>\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
