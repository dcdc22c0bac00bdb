package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The compact unicode names of RAR4 file headers, one opcode kind at a time. */
class Rar4NamesTest {

    private static byte[] field(String legacy, int... encoded) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(legacy.getBytes(StandardCharsets.ISO_8859_1));
        out.write(0);
        for (int b : encoded) out.write(b);
        return out.toByteArray();
    }

    @Test
    void lowByteThenRunCopiedFromTheLegacyName() {
        // op 0 (0xC9 with high byte 0), op 3 (copy 4 + 2 chars from the legacy name)
        assertEquals("Éte.mkv", Rar4Names.decode(field("?te.mkv", 0x00, 0x30, 0xC9, 0x04), true));
    }

    @Test
    void lowBytesTakeTheHighByte() {
        assertEquals("ЖЖa", Rar4Names.decode(field("??a", 0x04, 0x50, 0x16, 0x16, 'a'), true));
    }

    @Test
    void correctedRunShiftsTheLegacyBytesAndTakesTheHighByte() {
        assertEquals("ЖЗИ", Rar4Names.decode(field("\u0006\u0007\u0008", 0x04, 0xC0, 0x81, 0x10), true));
    }

    @Test
    void unicodeFlagWithoutNulIsUtf8() {
        assertEquals("Amélie.mkv", Rar4Names.decode("Amélie.mkv".getBytes(StandardCharsets.UTF_8), true));
    }

    @Test
    void plainNamesThatAreNotUtf8FallBackToLatin1() {
        assertEquals("caf\u00e9", Rar4Names.decode(new byte[] {'c', 'a', 'f', (byte) 0xE9}, false));
    }
}
