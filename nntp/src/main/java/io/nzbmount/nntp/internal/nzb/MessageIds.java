package io.nzbmount.nntp.internal.nzb;

/**
 * Message ids as NZBs write them: some with angle brackets, some without, often with the
 * surrounding indentation. An id goes verbatim into an NNTP command line, so anything that could
 * break that line (spaces, control characters such as CR or LF, brackets) is refused here.
 */
final class MessageIds {

    private MessageIds() {}

    /** The id without surrounding whitespace and without one pair of angle brackets. */
    static String clean(String raw) {
        String id = raw.strip();
        if (id.startsWith("<")) id = id.substring(1);
        if (id.endsWith(">")) id = id.substring(0, id.length() - 1);
        return id.strip();
    }

    /** What is wrong with a cleaned id, or null when it is usable. */
    static String problem(String id, int maxLength) {
        if (id.isEmpty()) return "without a message id";
        if (id.length() > maxLength) {
            return "message id is longer than " + maxLength + " characters";
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c <= ' ' || c == 0x7f || c == '<' || c == '>' || Character.isWhitespace(c)) {
                return "message id contains a space, a control character or an angle bracket: \"" + printable(id)
                        + "\"";
            }
        }
        return null;
    }

    private static String printable(String id) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < ' ' || c == 0x7f) b.append(String.format("\\x%02x", (int) c));
            else b.append(c);
        }
        return b.toString();
    }
}
