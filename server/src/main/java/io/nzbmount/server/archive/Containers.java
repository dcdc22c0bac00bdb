package io.nzbmount.server.archive;

/**
 * Recognises the start of a film container by its signature: Matroska/WebM (EBML), MP4/MOV
 * ({@code ftyp} box), AVI (RIFF AVI), MPEG-TS (sync bytes 188 apart) and MPEG-PS (pack header).
 * A wrong password decrypts to noise, which matches one of these with a chance of about 2^-32.
 * Pure.
 */
final class Containers {
    private static final int TS_PACKET = 188;

    private Containers() {}

    /** Whether {@code head}, a file's first bytes, starts as one of the known containers. */
    static boolean known(byte[] head) {
        if (starts(head, 0, 0x1A, 0x45, 0xDF, 0xA3)) return true;
        if (starts(head, 4, 'f', 't', 'y', 'p')) return true;
        if (starts(head, 0, 'R', 'I', 'F', 'F') && starts(head, 8, 'A', 'V', 'I', ' ')) return true;
        if (starts(head, 0, 0x00, 0x00, 0x01, 0xBA)) return true;
        return head.length > 2 * TS_PACKET && head[0] == 0x47 && head[TS_PACKET] == 0x47 && head[2 * TS_PACKET] == 0x47;
    }

    private static boolean starts(byte[] head, int at, int... signature) {
        if (head.length < at + signature.length) return false;
        for (int i = 0; i < signature.length; i++) if ((head[at + i] & 0xFF) != signature[i]) return false;
        return true;
    }
}
