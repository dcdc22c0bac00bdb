package io.nzbmount.server.archive;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes the name field of a RAR4 file header. With the unicode flag the field holds either UTF-8
 * (no NUL) or a legacy 8-bit name, a NUL, and a compact UTF-16 encoding of the real name that
 * leans on the 8-bit name for runs of equal characters. Pure.
 */
final class Rar4Names {
    private Rar4Names() {}

    static String decode(byte[] field, boolean unicode) {
        if (!unicode) return utf8OrLatin1(field, field.length);
        int nul = indexOfNul(field);
        if (nul < 0) return new String(field, StandardCharsets.UTF_8);
        String compact = decodeCompact(field, nul);
        return compact.isEmpty() ? utf8OrLatin1(field, nul) : compact;
    }

    private static int indexOfNul(byte[] field) {
        for (int i = 0; i < field.length; i++) if (field[i] == 0) return i;
        return -1;
    }

    /**
     * After the NUL: one "high byte", then groups of four 2-bit opcodes, each group led by a flag
     * byte (highest bits first). 0: one low byte with high byte 0; 1: one low byte with the high
     * byte; 2: a whole 16-bit char (low, high); 3: a run copied from the 8-bit name, either as it
     * is or shifted by a correction byte and given the high byte.
     */
    private static String decodeCompact(byte[] field, int nul) {
        int pos = nul + 1;
        if (pos >= field.length) return "";
        int high = (field[pos++] & 0xFF) << 8;
        StringBuilder out = new StringBuilder();
        int flags = 0;
        int opsLeft = 0;
        while (pos < field.length) {
            if (opsLeft == 0) {
                flags = field[pos++] & 0xFF;
                opsLeft = 4;
                if (pos >= field.length) break;
            }
            int op = flags >>> 6;
            flags = (flags << 2) & 0xFF;
            opsLeft--;
            switch (op) {
                case 0 -> out.append((char) (field[pos++] & 0xFF));
                case 1 -> out.append((char) (high | (field[pos++] & 0xFF)));
                case 2 -> {
                    if (pos + 1 >= field.length) return out.toString();
                    out.append((char) ((field[pos] & 0xFF) | (field[pos + 1] & 0xFF) << 8));
                    pos += 2;
                }
                default -> {
                    int run = field[pos++] & 0xFF;
                    if ((run & 0x80) != 0) {
                        if (pos >= field.length) return out.toString();
                        int correction = field[pos++] & 0xFF;
                        for (int n = (run & 0x7F) + 2; n > 0 && out.length() < nul; n--) {
                            int plain = field[out.length()] & 0xFF;
                            out.append((char) (high | ((plain + correction) & 0xFF)));
                        }
                    } else {
                        for (int n = run + 2; n > 0 && out.length() < nul; n--) {
                            out.append((char) (field[out.length()] & 0xFF));
                        }
                    }
                }
            }
        }
        return out.toString();
    }

    private static String utf8OrLatin1(byte[] field, int length) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(field, 0, length))
                    .toString();
        } catch (CharacterCodingException e) {
            return new String(field, 0, length, StandardCharsets.ISO_8859_1);
        }
    }
}
