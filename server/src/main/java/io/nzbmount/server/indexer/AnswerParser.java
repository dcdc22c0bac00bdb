package io.nzbmount.server.indexer;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Tells what an answer body is by its first bytes (JSON, XML, an HTML page, anything else) and
 * parses it with the matching parser. The content type is not trusted: indexers send XML as
 * {@code text/html} and JSON as {@code text/xml}. Pure and thread safe.
 */
final class AnswerParser {
    private static final int SNIFF_LIMIT = 64 * 1024;

    private AnswerParser() {}

    static FeedNode parse(byte[] body) throws UnreadableAnswer {
        int start = firstSignificant(body);
        if (start == body.length) throw new UnreadableAnswer("an empty answer");
        byte first = body[start];
        if (first == '{' || first == '[') return JsonFeedParser.parse(body);
        if (first == '<') {
            if (rootElement(body).map(n -> n.equals("html")).orElse(false)) {
                throw new UnreadableAnswer("an HTML page, not a Newznab answer (a wrong URL, or a proxy's error page)");
            }
            return XmlFeedParser.parse(body);
        }
        throw new UnreadableAnswer("neither XML nor JSON (it starts with \"" + snippet(body, start) + "\")");
    }

    /** Whether the body starts like JSON. */
    static boolean looksLikeJson(byte[] body) {
        int start = firstSignificant(body);
        return start < body.length && (body[start] == '{' || body[start] == '[');
    }

    /**
     * The lower-case local name of the first element of an XML body, skipping the declaration,
     * comments and a document type declaration; empty when the body does not start like XML.
     */
    static Optional<String> rootElement(byte[] body) {
        String head = new String(body, 0, Math.min(body.length, SNIFF_LIMIT), StandardCharsets.ISO_8859_1);
        int i = firstSignificant(body);
        while (i < head.length()) {
            if (head.charAt(i) != '<') return Optional.empty();
            if (head.startsWith("<?", i)) i = skipPast(head, i, "?>");
            else if (head.startsWith("<!--", i)) i = skipPast(head, i, "-->");
            else if (head.startsWith("<!", i)) i = skipPast(head, i, ">");
            else {
                int end = i + 1;
                while (end < head.length() && " \t\r\n/>".indexOf(head.charAt(end)) < 0) end++;
                String name = head.substring(i + 1, end);
                return name.isEmpty()
                        ? Optional.empty()
                        : Optional.of(FeedNode.localName(name).toLowerCase(Locale.ROOT));
            }
            while (i < head.length() && Character.isWhitespace(head.charAt(i))) i++;
        }
        return Optional.empty();
    }

    private static int skipPast(String text, int from, String end) {
        int at = text.indexOf(end, from);
        return at < 0 ? text.length() : at + end.length();
    }

    /** Index of the first byte after a UTF-8 byte order mark and white space. */
    private static int firstSignificant(byte[] body) {
        int i = body.length >= 3 && (body[0] & 0xff) == 0xEF && (body[1] & 0xff) == 0xBB && (body[2] & 0xff) == 0xBF
                ? 3
                : 0;
        while (i < body.length && (body[i] == ' ' || body[i] == '\t' || body[i] == '\r' || body[i] == '\n')) i++;
        return i;
    }

    private static String snippet(byte[] body, int start) {
        String text = new String(body, start, Math.min(32, body.length - start), StandardCharsets.UTF_8);
        return text.replaceAll("[\\p{Cntrl}\\p{Cs}\\uFFFD]", "?");
    }
}
