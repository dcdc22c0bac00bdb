package io.nzbmount.nntp.internal.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusLineParserTest {

    /** Feeds {@code input} in two pieces split at {@code split}; returns the reply and the bytes the line used. */
    private static Object[] parseSplit(byte[] input, int split) throws NntpProtocolException {
        StatusLineParser p = new StatusLineParser();
        int used = p.feed(input, 0, split);
        if (used >= 0) return new Object[] {p.reply(), used};
        used = p.feed(input, split, input.length - split);
        if (used < 0) return new Object[] {null, -1};
        return new Object[] {p.reply(), split + used};
    }

    @Test
    void statusLineParsesTheSameSplitAtEveryOffset() throws Exception {
        String line = "222 0 <part1of3.abc@host> body follows\r\n";
        byte[] input = (line + "=ybegin part=1 line=128\r\n").getBytes(StandardCharsets.US_ASCII);
        for (int split = 0; split <= input.length; split++) {
            Object[] r = parseSplit(input, split);
            assertEquals(new NntpReply(222, "0 <part1of3.abc@host> body follows"), r[0], "split " + split);
            assertEquals(line.length(), r[1], "bytes used, split " + split);
        }
    }

    @Test
    void statusLineParsesByteByByte() throws Exception {
        byte[] input = "430 no such article\r\n".getBytes(StandardCharsets.US_ASCII);
        StatusLineParser p = new StatusLineParser();
        for (int i = 0; i < input.length - 1; i++) assertEquals(-1, p.feed(input, i, 1));
        assertEquals(1, p.feed(input, input.length - 1, 1));
        assertEquals(430, p.reply().code());
        assertEquals("no such article", p.reply().text());
    }

    @Test
    void codeWithoutTextAndBareLfAreAccepted() throws Exception {
        for (String line : List.of("205\r\n", "205\n", "205 \r\n")) {
            byte[] input = line.getBytes(StandardCharsets.US_ASCII);
            for (int split = 0; split <= input.length; split++) {
                Object[] r = parseSplit(input, split);
                assertEquals(new NntpReply(205, ""), r[0], line.strip() + " split " + split);
                assertEquals(input.length, r[1]);
            }
        }
    }

    @Test
    void garbageStatusLineIsAProtocolErrorAtEveryOffset() {
        for (String line : List.of(
                "HTTP/1.1 400 Bad Request\r\n",
                "22x ok\r\n",
                "2222 ok\r\n",
                "600 too high\r\n",
                "\r\n",
                " 200 leading space\r\n",
                "200 cr alone\rx\n",
                "099 low\r\n")) {
            byte[] input = line.getBytes(StandardCharsets.US_ASCII);
            for (int split = 0; split <= input.length; split++) {
                int s = split;
                assertThrows(NntpProtocolException.class, () -> parseSplit(input, s), line.strip() + " split " + split);
            }
        }
    }

    @Test
    void overlongStatusLineIsAProtocolError() {
        byte[] input = ("200 " + "x".repeat(StatusLineParser.MAX_LINE)).getBytes(StandardCharsets.US_ASCII);
        assertThrows(NntpProtocolException.class, () -> new StatusLineParser().feed(input, 0, input.length));
    }

    @Test
    void replyCodeCategoriesAreByCode() {
        assertEquals(true, new NntpReply(430, "x").isNoSuchArticle());
        assertEquals(true, new NntpReply(423, "x").isNoSuchArticle());
        assertEquals(false, new NntpReply(480, "x").isNoSuchArticle());
        assertEquals(true, new NntpReply(201, "").isGreetingOk());
        assertEquals(false, new NntpReply(400, "").isGreetingOk());
    }
}
