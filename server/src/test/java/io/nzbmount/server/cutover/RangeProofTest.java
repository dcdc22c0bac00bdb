package io.nzbmount.server.cutover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nzbmount.server.proof.Verdict;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The ring of sent bytes and the current-range proof of a cutover. */
class RangeProofTest {
    private static final long START = 1_000_000;

    private static byte[] content(int length) {
        byte[] bytes = new byte[length];
        new SplittableRandom(7).nextBytes(bytes);
        return bytes;
    }

    private static SentBytesRing sentAll(byte[] bytes, int capacity) {
        SentBytesRing ring = new SentBytesRing(START, capacity);
        ring.sent(bytes, 0, bytes.length);
        return ring;
    }

    @Test
    void ringHoldsTheLastBytesSentWhateverTheWriteSizes() {
        byte[] file = content(1000);
        for (int capacity : new int[] {1, 7, 64, 999, 1000, 4096}) {
            for (int split = 0; split <= file.length; split += 37) {
                SentBytesRing ring = new SentBytesRing(START, capacity);
                ring.sent(file, 0, split);
                ring.sent(file, split, file.length - split);
                int held = Math.min(capacity, file.length);
                assertEquals(held, ring.held());
                assertEquals(START + file.length, ring.position());
                assertEquals(START + file.length - held, ring.heldFrom());
                assertArrayEquals(
                        Arrays.copyOfRange(file, file.length - held, file.length),
                        ring.heldBytes(),
                        "capacity " + capacity + " split " + split);
            }
        }
    }

    @Test
    void ringWrittenInSmallPiecesWrapsCorrectly() {
        byte[] file = content(10_000);
        SentBytesRing ring = new SentBytesRing(START, 1024);
        for (int at = 0; at < file.length; at += 13) {
            ring.sent(file, at, Math.min(13, file.length - at));
        }
        assertArrayEquals(Arrays.copyOfRange(file, file.length - 1024, file.length), ring.heldBytes());
    }

    @Test
    void equalBytesBeforeTheCutProveTheStandby() {
        byte[] file = content(200_000);
        SentBytesRing ring = sentAll(file, SentBytesRing.DEFAULT_CAPACITY);
        byte[] standby = Arrays.copyOfRange(file, file.length - SentBytesRing.DEFAULT_CAPACITY, file.length);
        assertEquals(Verdict.VERIFIED, RangeProof.judge(ring.snapshot(), START + file.length, standby));
    }

    @Test
    void oneDifferentByteIsAMismatch() {
        byte[] file = content(5000);
        SentBytesRing ring = sentAll(file, 4096);
        for (int at : new int[] {0, 2048, 4095}) {
            byte[] standby = ring.heldBytes();
            standby[at] ^= 1;
            assertEquals(
                    Verdict.MISMATCH, RangeProof.judge(ring.snapshot(), START + file.length, standby), "byte " + at);
        }
    }

    @Test
    void unreadableShortOrNothingToCompareIsInconclusive() {
        byte[] file = content(5000);
        SentBytesRing ring = sentAll(file, 4096);
        assertEquals(Verdict.INCONCLUSIVE, RangeProof.judge(ring.snapshot(), START + file.length, null));
        byte[] shortRead = Arrays.copyOf(ring.heldBytes(), 100);
        assertEquals(Verdict.INCONCLUSIVE, RangeProof.judge(ring.snapshot(), START + file.length, shortRead));
        shortRead[50] ^= 1;
        assertEquals(Verdict.MISMATCH, RangeProof.judge(ring.snapshot(), START + file.length, shortRead));
        SentBytesRing fresh = new SentBytesRing(START, 4096);
        assertEquals(Verdict.INCONCLUSIVE, RangeProof.judge(fresh.snapshot(), START, new byte[0]));
    }

    @Test
    void aProofAtAnotherOffsetThanTheResponseIsRefused() {
        SentBytesRing ring = sentAll(content(100), 64);
        assertThrows(
                IllegalArgumentException.class, () -> RangeProof.judge(ring.snapshot(), START + 99, ring.heldBytes()));
        assertThrows(
                IllegalArgumentException.class, () -> RangeProof.judge(ring.snapshot(), START + 100, new byte[65]));
    }
}
