package io.nzbmount.nntp.internal.yenc;

import io.nzbmount.nntp.internal.yenc.YencException.BadHeader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The values of one article's {@code =ybegin}, {@code =ypart} and {@code =yend} lines, parsed
 * from raw line bytes (keyword included, line end optional). Keywords may come in any order,
 * except {@code name=}, which takes the rest of its line. Unknown keywords are ignored. A value
 * absent from the line keeps its "absent" marker ({@code -1}, or {@code false} for the flags).
 *
 * <p>Mutable and reused across articles ({@link #clear()}); not thread-safe.
 */
final class YencHeaders {

    static final long ABSENT = -1;

    boolean begun;
    int part;
    int total;
    long fileSize;
    String name;

    boolean hasPart;
    long partBegin;
    long partEnd;

    boolean ended;
    long endSize;
    int endPart;
    long pcrc32;
    long crc32;

    private final CharsetDecoder utf8 = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    YencHeaders() {
        clear();
    }

    void clear() {
        begun = false;
        part = (int) ABSENT;
        total = (int) ABSENT;
        fileSize = ABSENT;
        name = null;
        hasPart = false;
        partBegin = ABSENT;
        partEnd = ABSENT;
        ended = false;
        endSize = ABSENT;
        endPart = (int) ABSENT;
        pcrc32 = ABSENT;
        crc32 = ABSENT;
    }

    /** True when the line starts with the keyword (e.g. {@code "=ybegin"}) followed by a blank or its end. */
    static boolean isKeyword(byte[] line, int len, String keyword) {
        int k = keyword.length();
        if (len < k) return false;
        for (int i = 0; i < k; i++) {
            if (line[i] != keyword.charAt(i)) return false;
        }
        return len == k || isBlank(line[k]);
    }

    void parseBegin(byte[] line, int len) throws BadHeader {
        int p = "=ybegin".length();
        while ((p = skipBlanks(line, p, len)) < len) {
            int eq = indexOf(line, p, len, (byte) '=');
            if (eq < 0) throw new BadHeader("=ybegin has a word without '=': " + text(line, p, len));
            if (is(line, p, eq, "name")) {
                name = decodeName(line, eq + 1, trimEnd(line, eq + 1, len));
                break;
            }
            int v = eq + 1;
            int ve = valueEnd(line, v, len);
            if (is(line, p, eq, "part")) part = toInt("=ybegin part", decimal(line, v, ve, "=ybegin part"));
            else if (is(line, p, eq, "total")) total = toInt("=ybegin total", decimal(line, v, ve, "=ybegin total"));
            else if (is(line, p, eq, "size")) fileSize = decimal(line, v, ve, "=ybegin size");
            p = ve;
        }
        if (fileSize == ABSENT) throw new BadHeader("=ybegin has no size=");
        if (name == null) throw new BadHeader("=ybegin has no name=");
        if (part == 0) throw new BadHeader("=ybegin part=0 (parts count from 1)");
        begun = true;
    }

    void parsePart(byte[] line, int len) throws BadHeader {
        int p = "=ypart".length();
        while ((p = skipBlanks(line, p, len)) < len) {
            int eq = indexOf(line, p, len, (byte) '=');
            if (eq < 0) throw new BadHeader("=ypart has a word without '=': " + text(line, p, len));
            int v = eq + 1;
            int ve = valueEnd(line, v, len);
            if (is(line, p, eq, "begin")) partBegin = decimal(line, v, ve, "=ypart begin");
            else if (is(line, p, eq, "end")) partEnd = decimal(line, v, ve, "=ypart end");
            p = ve;
        }
        if (partBegin == ABSENT || partEnd == ABSENT) throw new BadHeader("=ypart needs begin= and end=");
        if (partBegin < 1 || partEnd < partBegin) {
            throw new BadHeader("=ypart range " + partBegin + ".." + partEnd + " is empty or starts before 1");
        }
        hasPart = true;
    }

    void parseEnd(byte[] line, int len) throws BadHeader {
        int p = "=yend".length();
        while ((p = skipBlanks(line, p, len)) < len) {
            int eq = indexOf(line, p, len, (byte) '=');
            if (eq < 0) throw new BadHeader("=yend has a word without '=': " + text(line, p, len));
            int v = eq + 1;
            int ve = valueEnd(line, v, len);
            if (is(line, p, eq, "size")) endSize = decimal(line, v, ve, "=yend size");
            else if (is(line, p, eq, "part")) endPart = toInt("=yend part", decimal(line, v, ve, "=yend part"));
            else if (is(line, p, eq, "pcrc32")) pcrc32 = hex(line, v, ve, "=yend pcrc32");
            else if (is(line, p, eq, "crc32")) crc32 = hex(line, v, ve, "=yend crc32");
            p = ve;
        }
        ended = true;
    }

    /** Whether the article is one part of several (so it needs {@code =ypart}). */
    boolean multipart() {
        return (total != ABSENT && total > 1) || (part != ABSENT && part > 1);
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    private static int skipBlanks(byte[] line, int p, int len) {
        while (p < len && isBlank(line[p])) p++;
        return p;
    }

    private static int valueEnd(byte[] line, int p, int len) {
        while (p < len && !isBlank(line[p])) p++;
        return p;
    }

    private static int trimEnd(byte[] line, int start, int end) {
        while (end > start && isBlank(line[end - 1])) end--;
        return end;
    }

    private static int indexOf(byte[] line, int p, int len, byte b) {
        for (int i = p; i < len && !isBlank(line[i]); i++) {
            if (line[i] == b) return i;
        }
        return -1;
    }

    private static boolean is(byte[] line, int start, int end, String key) {
        if (end - start != key.length()) return false;
        for (int i = 0; i < key.length(); i++) {
            if ((line[start + i] | 0x20) != key.charAt(i)) return false;
        }
        return true;
    }

    private static long decimal(byte[] line, int start, int end, String what) throws BadHeader {
        if (start == end) throw new BadHeader(what + " has no value");
        long value = 0;
        for (int i = start; i < end; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9) throw new BadHeader(what + " is not a number: " + text(line, start, end));
            if (value > (Long.MAX_VALUE - d) / 10)
                throw new BadHeader(what + " is too large: " + text(line, start, end));
            value = value * 10 + d;
        }
        return value;
    }

    private static int toInt(String what, long value) throws BadHeader {
        if (value > Integer.MAX_VALUE) throw new BadHeader(what + " is too large: " + value);
        return (int) value;
    }

    private static long hex(byte[] line, int start, int end, String what) throws BadHeader {
        if (start == end) throw new BadHeader(what + " has no value");
        long value = 0;
        for (int i = start; i < end; i++) {
            int d = Character.digit(line[i], 16);
            if (d < 0) throw new BadHeader(what + " is not hexadecimal: " + text(line, start, end));
            value = (value << 4) | d;
            if (value > 0xFFFF_FFFFL) throw new BadHeader(what + " has more than 32 bits: " + text(line, start, end));
        }
        return value;
    }

    private String decodeName(byte[] line, int start, int end) {
        try {
            CharBuffer chars = utf8.reset().decode(ByteBuffer.wrap(line, start, end - start));
            return chars.toString();
        } catch (CharacterCodingException e) {
            // Older posters wrote names in a legacy 8-bit charset; keep every byte as one char.
            return new String(line, start, end - start, StandardCharsets.ISO_8859_1);
        }
    }

    private static String text(byte[] line, int start, int end) {
        int shown = Math.min(end - start, 40);
        return new String(line, start, shown, StandardCharsets.ISO_8859_1);
    }
}
