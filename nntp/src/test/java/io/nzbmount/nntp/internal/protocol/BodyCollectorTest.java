package io.nzbmount.nntp.internal.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodyCollectorTest {

    private static void assertCollects(String wire, String body, String trailing) {
        byte[] input = (wire + trailing).getBytes(StandardCharsets.ISO_8859_1);
        byte[] expected = body.getBytes(StandardCharsets.ISO_8859_1);
        for (int split = 0; split <= input.length; split++) {
            BodyCollector c = new BodyCollector(16);
            int used = c.accept(input, 0, split);
            if (!c.isComplete()) {
                assertEquals(split, used, "a sink that is not complete consumes everything");
                used += c.accept(input, split, input.length - split);
            }
            assertTrue(c.isComplete(), "split " + split);
            assertEquals(wire.length(), used, "bytes used, split " + split);
            assertArrayEquals(expected, c.toByteArray(), "split " + split);
        }
    }

    @Test
    void dotStuffingIsUndoneSplitAtEveryOffset() {
        assertCollects(
                "line one\r\n..starts with a dot\r\n...two\r\n.\r\n",
                "line one\r\n.starts with a dot\r\n..two\r\n",
                "222 next reply\r\n");
    }

    @Test
    void emptyBodyIsJustTheTerminator() {
        assertCollects(".\r\n", "", "more");
    }

    @Test
    void bareLfLinesAndTerminatorAreAccepted() {
        assertCollects("a\n..b\n.\n", "a\n.b\n", "x");
    }

    @Test
    void dotFollowedByCrAndDataIsContent() {
        assertCollects(".\rx\r\n.\r\n", "\rx\r\n", "");
    }

    @Test
    void bytesAfterTheTerminatorAreNotConsumed() {
        BodyCollector c = new BodyCollector();
        byte[] input = "x\r\n.\r\nyz".getBytes(StandardCharsets.US_ASCII);
        assertEquals(6, c.accept(input, 0, input.length));
        assertEquals(0, c.accept(input, 6, 2));
    }

    @Test
    void resetKeepsTheBufferAndStartsAfresh() {
        BodyCollector c = new BodyCollector();
        byte[] one = "first\r\n.\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] two = "2\r\n.\r\n".getBytes(StandardCharsets.US_ASCII);
        c.accept(one, 0, one.length);
        byte[] buffer = c.buffer();
        c.reset();
        c.accept(two, 0, two.length);
        assertArrayEquals("2\r\n".getBytes(StandardCharsets.US_ASCII), c.toByteArray());
        assertTrue(buffer == c.buffer());
    }
}
