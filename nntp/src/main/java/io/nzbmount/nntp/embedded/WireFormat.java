package io.nzbmount.nntp.embedded;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** The embedded server's byte-level helpers: dot-stuffing and corruption. Pure, stateless. */
final class WireFormat {

    private WireFormat() {}

    /**
     * The multi-line block for {@code text} as it goes on the wire: lines that start with a dot
     * get another one, a missing final line end is added, and the {@code ".\r\n"} line closes it.
     */
    static byte[] dotStuffed(byte[] text, int off, int len) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(len + len / 64 + 8);
        boolean lineStart = true;
        int runStart = off;
        for (int i = off; i < off + len; i++) {
            byte b = text[i];
            if (lineStart && b == '.') {
                out.write(text, runStart, i - runStart);
                out.write('.');
                runStart = i;
            }
            lineStart = b == '\n';
        }
        out.write(text, runStart, off + len - runStart);
        if (len > 0 && !lineStart) out.writeBytes(new byte[] {'\r', '\n'});
        out.writeBytes(new byte[] {'.', '\r', '\n'});
        return out.toByteArray();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A copy of a yEnc body with one encoded data byte changed, so that it still decodes but its
     * CRC32 no longer matches: the middle byte of the first data line (after the {@code =y}
     * header lines) that is neither an escape nor escaped.
     */
    static byte[] corrupted(byte[] body) {
        byte[] copy = body.clone();
        int lineStart = 0;
        while (lineStart < copy.length) {
            int lineEnd = lineStart;
            while (lineEnd < copy.length && copy[lineEnd] != '\n') lineEnd++;
            boolean header = lineEnd - lineStart >= 2 && copy[lineStart] == '=' && copy[lineStart + 1] == 'y';
            if (!header) {
                for (int i = (lineStart + lineEnd) / 2; i < lineEnd; i++) {
                    byte b = copy[i];
                    if (b != '=' && b != '\r' && (i == lineStart || copy[i - 1] != '=')) {
                        copy[i] = (byte) (b == 'x' ? 'y' : 'x');
                        return copy;
                    }
                }
            }
            lineStart = lineEnd + 1;
        }
        throw new IllegalArgumentException("no data byte to corrupt");
    }
}
