package io.nzbmount.nntp.internal.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BlockDrainTest {

    /** The lines that make block ends hard to find: dots, stuffed dots, lone CRs, bare LFs. */
    private static final String[] TRICKY = {"..", "...x", ".\rx", "\r", "\r\r", "x\r", "=y.", ".x", "", "ab.", ". "};

    /** A dot-terminated block of random lines, tricky ones among them, ended by CRLF or a bare LF. */
    private static byte[] block(SplittableRandom random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int lines = 1 + random.nextInt(12);
        for (int i = 0; i < lines; i++) {
            String text;
            if (random.nextInt(3) == 0) {
                text = TRICKY[random.nextInt(TRICKY.length)];
            } else {
                StringBuilder b = new StringBuilder();
                int n = random.nextInt(8);
                for (int k = 0; k < n; k++) b.append((char) ('a' + random.nextInt(26)));
                text = b.toString();
            }
            out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
            out.writeBytes(random.nextInt(5) == 0 ? new byte[] {'\n'} : new byte[] {'\r', '\n'});
        }
        out.writeBytes(
                random.nextBoolean()
                        ? ".\r\n".getBytes(StandardCharsets.US_ASCII)
                        : ".\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /** Where the block ends, found one byte at a time from its start. */
    private static int end(byte[] block) {
        BlockDrain.Position p = BlockDrain.Position.LINE_START;
        for (int i = 0; i < block.length; i++) {
            p = p.next(block[i]);
            if (p == BlockDrain.Position.DONE) return i + 1;
        }
        throw new AssertionError("no end");
    }

    @Test
    void thePositionAfterAnyRunOfBytesIsTheOneAWalkByteByByteReaches() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 2000; round++) {
            byte[] block = block(random);
            int end = end(block);
            BlockDrain.Position walked = BlockDrain.Position.LINE_START;
            BlockDrain.Position stepped = BlockDrain.Position.LINE_START;
            int at = 0;
            while (at < end - 1) {
                int len = Math.min(end - 1 - at, random.nextInt(6));
                stepped = stepped.after(block, at, len);
                for (int i = at; i < at + len; i++) walked = walked.next(block[i]);
                at += len;
                assertEquals(
                        walked, stepped, "after " + at + " bytes of " + new String(block, StandardCharsets.ISO_8859_1));
            }
        }
    }

    @Test
    void aDrainTakingOverAtAnyOffsetStopsExactlyAtTheBlocksEnd() {
        SplittableRandom random = new SplittableRandom(11);
        byte[] next = "223 0 <next@x>\r\n".getBytes(StandardCharsets.US_ASCII);
        for (int round = 0; round < 500; round++) {
            byte[] block = block(random);
            int end = end(block);
            byte[] wire = new byte[end + next.length];
            System.arraycopy(block, 0, wire, 0, end);
            System.arraycopy(next, 0, wire, end, next.length);
            for (int cut = 0; cut < end; cut++) {
                BlockDrain drain = new BlockDrain(BlockDrain.Position.LINE_START.after(wire, 0, cut));
                int used = drain.accept(wire, cut, wire.length - cut);
                assertTrue(drain.isComplete(), "cut at " + cut);
                assertEquals(end - cut, used, "the next reply is left alone, cut at " + cut);
            }
        }
    }

    @Test
    void aDrainFedOneByteAtATimeFindsTheEndToo() {
        byte[] wire = "..\r\n.\rx\r\nab\r\n.\r\n222 next".getBytes(StandardCharsets.US_ASCII);
        BlockDrain drain = new BlockDrain(BlockDrain.Position.LINE_START);
        int consumed = 0;
        while (!drain.isComplete()) consumed += drain.accept(wire, consumed, 1);
        assertEquals(wire.length - "222 next".length(), consumed);
    }

    @Test
    void aStuffedDotOrADotInsideALineEndsNothing() {
        byte[] wire = "..\r\nx.\r\n.x\r\n".getBytes(StandardCharsets.US_ASCII);
        BlockDrain drain = new BlockDrain(BlockDrain.Position.LINE_START);
        assertEquals(wire.length, drain.accept(wire, 0, wire.length));
        assertFalse(drain.isComplete());
    }
}
