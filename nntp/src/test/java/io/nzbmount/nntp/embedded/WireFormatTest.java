package io.nzbmount.nntp.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.nzbmount.nntp.internal.protocol.BodyCollector;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WireFormatTest {

    @Test
    void dotStuffedTextComesBackUnchanged() {
        Random random = new Random(7);
        byte[] alphabet = ".\r\nab".getBytes(StandardCharsets.US_ASCII);
        for (int round = 0; round < 200; round++) {
            byte[] text = new byte[random.nextInt(64)];
            for (int i = 0; i < text.length; i++) text[i] = alphabet[random.nextInt(alphabet.length)];
            // Only CRLF-terminated text survives exactly: the block framing adds a missing line end.
            byte[] crlfText = (new String(text, StandardCharsets.ISO_8859_1)
                                    .replace("\r", "")
                                    .replace("\n", "\r\n")
                            + (text.length > 0 ? "\r\n" : ""))
                    .getBytes(StandardCharsets.ISO_8859_1);
            byte[] wire = WireFormat.dotStuffed(crlfText, 0, crlfText.length);
            BodyCollector c = new BodyCollector();
            assertEquals(wire.length, c.accept(wire, 0, wire.length));
            assertArrayEquals(crlfText, c.toByteArray(), "round " + round);
        }
    }

    @Test
    void corruptionChangesExactlyOneDataByte() {
        byte[] data = new byte[5000];
        new Random(3).nextBytes(data);
        byte[] body = new YencEncoder().encodePart(data, 0, 1000, "f.bin", 1, 5, 5000, 0);
        byte[] bad = WireFormat.corrupted(body);
        int differences = 0;
        for (int i = 0; i < body.length; i++) if (body[i] != bad[i]) differences++;
        assertEquals(1, differences);
        assertNotEquals(new String(body, StandardCharsets.ISO_8859_1), new String(bad, StandardCharsets.ISO_8859_1));
    }
}
