package io.nzbmount.nntp.internal.yenc;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Encodes bytes as yEnc 1.3 article bodies (CRLF line ends, not dot-stuffed: dot-stuffing is the
 * transport's job). Used by the embedded server to post content and by tests to build fixtures.
 * Stateless and thread-safe.
 */
public final class YencEncoder {

    /** The line length most posters use. */
    public static final int DEFAULT_LINE_LENGTH = 128;

    private final int lineLength;
    private final boolean escapeLeadingDots;

    /**
     * @param lineLength        encoded characters per line before a line break (an escape may
     *                          push one line a character past it)
     * @param escapeLeadingDots escape a {@code '.'} that would start a line; without it the
     *                          transport has to dot-stuff such lines
     */
    public YencEncoder(int lineLength, boolean escapeLeadingDots) {
        if (lineLength < 2) throw new IllegalArgumentException("lineLength must be >= 2");
        this.lineLength = lineLength;
        this.escapeLeadingDots = escapeLeadingDots;
    }

    public YencEncoder() {
        this(DEFAULT_LINE_LENGTH, true);
    }

    /**
     * Encodes {@code data[off, off+len)} as part {@code part} of {@code total} of a file of
     * {@code fileSize} bytes whose part starts at 0-based offset {@code begin}.
     * A {@code total} of 1 with the whole file gives the single-part form (no {@code =ypart}).
     */
    public byte[] encodePart(
            byte[] data, int off, int len, String name, int part, int total, long fileSize, long begin) {
        boolean single = total == 1 && begin == 0 && len == fileSize;
        ByteArrayOutputStream out = new ByteArrayOutputStream(len + len / 32 + 256);
        if (single) {
            ascii(out, "=ybegin line=" + lineLength + " size=" + fileSize + " name=" + name + "\r\n");
        } else {
            ascii(
                    out,
                    "=ybegin part=" + part + " total=" + total + " line=" + lineLength + " size=" + fileSize + " name="
                            + name + "\r\n");
            ascii(out, "=ypart begin=" + (begin + 1) + " end=" + (begin + len) + "\r\n");
        }
        encodeData(data, off, len, out);
        CRC32 crc = new CRC32();
        crc.update(data, off, len);
        String hex = String.format("%08x", crc.getValue());
        if (single) {
            ascii(out, "=yend size=" + len + " crc32=" + hex + "\r\n");
        } else {
            ascii(out, "=yend size=" + len + " part=" + part + " pcrc32=" + hex + "\r\n");
        }
        return out.toByteArray();
    }

    private void encodeData(byte[] data, int off, int len, ByteArrayOutputStream out) {
        int column = 0;
        for (int i = off; i < off + len; i++) {
            int e = (data[i] + 42) & 0xFF;
            boolean lastOnLine = column + 1 >= lineLength || i == off + len - 1;
            if (mustEscape(e, column == 0, lastOnLine)) {
                out.write('=');
                out.write((e + 64) & 0xFF);
                column += 2;
            } else {
                out.write(e);
                column++;
            }
            if (column >= lineLength) {
                out.write('\r');
                out.write('\n');
                column = 0;
            }
        }
        if (column > 0) {
            out.write('\r');
            out.write('\n');
        }
    }

    private boolean mustEscape(int e, boolean firstOnLine, boolean lastOnLine) {
        return switch (e) {
            case 0, '\n', '\r', '=' -> true;
            case '\t', ' ' -> firstOnLine || lastOnLine;
            case '.' -> firstOnLine && escapeLeadingDots;
            default -> false;
        };
    }

    private static void ascii(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }
}
