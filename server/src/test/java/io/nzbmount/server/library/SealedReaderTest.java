package io.nzbmount.server.library;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.archive.Sealing;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Random access to a file inside encrypted volumes: any range decrypts from the block holding it,
 * chained from the block before (kept when reading on, read back after a seek), never from the
 * start, and the padding past the file's end is never served.
 */
class SealedReaderTest {
    private static final int ARTICLE = 1000; // no multiple of 16: blocks straddle articles
    private final byte[] key = new byte[32];
    private final byte[] iv = new byte[16];

    SealedReaderTest() {
        new Random(1).nextBytes(key);
        new Random(2).nextBytes(iv);
    }

    /** A folder's plaintext encrypted as 7zAES does: CBC from the IV, padded to whole blocks. */
    private byte[] encrypt(byte[] plain) throws Exception {
        Cipher c = Cipher.getInstance("AES/CBC/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
        return c.doFinal(Arrays.copyOf(plain, (plain.length + 15) / 16 * 16));
    }

    /** Serves a byte array as articles of {@link #ARTICLE} bytes, remembering where each read started. */
    private static final class ArrayReader implements NzbReader {
        final byte[] bytes;
        final List<Long> reads = new ArrayList<>();
        /** An article of the run that is gone (its index), or -1. */
        int gone = -1;

        ArrayReader(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read(long offset, byte[] buf, int off, int len) throws ArticleMissingException {
            if (offset >= bytes.length) return -1;
            if (offset / ARTICLE == gone)
                throw new ArticleMissingException("<a" + gone + "@test>", "430 no such article");
            reads.add(offset);
            long articleEnd = Math.min(bytes.length, (offset / ARTICLE + 1) * ARTICLE);
            int n = (int) Math.min(len, articleEnd - offset);
            System.arraycopy(bytes, (int) offset, buf, off, n);
            return n;
        }

        @Override
        public void retire() {}

        @Override
        public long heldUntil(long offset) {
            return offset;
        }

        @Override
        public void readAheadFrom(long offset, long end) {}

        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public Stats stats() {
            return new Stats(0, 0, 0, 1, 0, 0);
        }

        @Override
        public void close() {}
    }

    private record RunMap(long size) implements SegmentMap {
        @Override
        public int articles() {
            return (int) ((size + ARTICLE - 1) / ARTICLE);
        }

        @Override
        public int partSize() {
            return ARTICLE;
        }

        @Override
        public ArticleSpan span(long offset) {
            long start = offset / ARTICLE * ARTICLE;
            return new ArticleSpan(start, Math.min(size, start + ARTICLE), false);
        }

        @Override
        public String text() {
            return "run";
        }
    }

    /** The member at {@code at} of a folder, as the scanner lays it out, with its reader over the run. */
    private SealedReader member(byte[] folder, int at, int size, ArrayReader[] run) throws Exception {
        byte[] cipher = encrypt(folder);
        long block = at / 16;
        int start = block == 0 ? 0 : (int) (block - 1) * 16;
        int end = (at + size + 15) / 16 * 16;
        Sealing sealing = block == 0
                ? new Sealing(Sealing.Kdf.SEVEN_ZIP, 19, new byte[0], iv, at)
                : new Sealing(Sealing.Kdf.SEVEN_ZIP, 19, new byte[0], new byte[0], 16 + at % 16);
        run[0] = new ArrayReader(Arrays.copyOfRange(cipher, start, end));
        return new SealedReader(run[0], new SealedSegmentMap(new RunMap(end - start), sealing, key, size));
    }

    private static byte[] readRange(NzbReader r, long from, int length) throws Exception {
        byte[] out = new byte[length];
        int got = 0;
        while (got < length) {
            int n = r.read(from + got, out, got, length - got);
            assertTrue(n > 0, "a read inside the file gives bytes");
            got += n;
        }
        return out;
    }

    @Test
    void anyRangeDecryptsToTheFilesBytesWhereverItStarts() throws Exception {
        byte[] folder = new byte[25_013];
        new Random(3).nextBytes(folder);
        for (int at : new int[] {0, 5, 16, 37, 2_000}) {
            int size = folder.length - at - 3;
            byte[] file = Arrays.copyOfRange(folder, at, at + size);
            ArrayReader[] run = new ArrayReader[1];
            SealedReader r = member(folder, at, size, run);
            assertEquals(size, r.size());
            Random random = new Random(at);
            for (int i = 0; i < 200; i++) {
                int from = random.nextInt(size);
                int length = 1 + random.nextInt(Math.min(3_000, size - from));
                assertArrayEquals(
                        Arrays.copyOfRange(file, from, from + length),
                        readRange(r, from, length),
                        "member at " + at + ", bytes " + from + "+" + length);
            }
            assertArrayEquals(file, readRange(r, 0, size), "the whole member at " + at);
        }
    }

    @Test
    void readingOnInOrderNeverReadsBackAndASeekReadsOnlyTheBlockBefore() throws Exception {
        byte[] folder = new byte[20_000];
        new Random(4).nextBytes(folder);
        ArrayReader[] run = new ArrayReader[1];
        SealedReader r = member(folder, 37, 19_000, run);
        readRange(r, 0, 19_000);
        for (int i = 1; i < run[0].reads.size(); i++) {
            assertTrue(run[0].reads.get(i) >= run[0].reads.get(i - 1), "read back at " + run[0].reads);
        }
        run[0].reads.clear();
        readRange(r, 10_000, 10);
        long block = (21 + 10_000) / 16 * 16;
        assertEquals(List.of(block - 16, block), run[0].reads, "one block back, then the block itself");
    }

    @Test
    void aRar3MemberDecryptsFromTheIvItsKeyDerivationGivesAndAcrossBlocksThatStraddleReads() throws Exception {
        Sealing sealing = new Sealing(Sealing.Kdf.RAR3, 18, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, new byte[16], 0);
        byte[] rarKey = io.nzbmount.server.archive.AesKeys.key(sealing, "pw");
        byte[] rarIv = io.nzbmount.server.archive.AesKeys.firstChain(sealing, "pw");
        assertEquals(16, rarKey.length, "AES-128");
        byte[] film = new byte[10_007];
        new Random(6).nextBytes(film);
        Cipher c = Cipher.getInstance("AES/CBC/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(rarKey, "AES"), new IvParameterSpec(rarIv));
        byte[] cipher = c.doFinal(Arrays.copyOf(film, 10_016));
        ArrayReader run = new ArrayReader(cipher);
        SealedReader r = new SealedReader(
                run, new SealedSegmentMap(new RunMap(cipher.length), sealing, rarKey, rarIv, film.length));
        Random random = new Random(7);
        for (int i = 0; i < 100; i++) {
            int from = random.nextInt(film.length);
            int length = 1 + random.nextInt(Math.min(2_500, film.length - from));
            assertArrayEquals(
                    Arrays.copyOfRange(film, from, from + length), readRange(r, from, length), from + "+" + length);
        }
        assertArrayEquals(film, readRange(r, 0, film.length));
    }

    @Test
    void thePaddingPastTheEndIsNeverServed() throws Exception {
        byte[] folder = new byte[1_000];
        new Random(5).nextBytes(folder);
        ArrayReader[] run = new ArrayReader[1];
        SealedReader r = member(folder, 0, 1_000, run);
        assertEquals(1_008, run[0].bytes.length, "the run holds the padding");
        byte[] buf = new byte[64];
        assertEquals(8, r.read(992, buf, 0, 64), "the last read stops at the file's end");
        assertArrayEquals(Arrays.copyOfRange(folder, 992, 1_000), Arrays.copyOf(buf, 8));
        assertEquals(-1, r.read(1_000, buf, 0, 64));
        assertEquals(-1, r.read(1_007, buf, 0, 64));
    }

    @Test
    void aFailedReadSaysWhichFileByteTheMissingArticleHolds() throws Exception {
        byte[] folder = new byte[6_000];
        new Random(6).nextBytes(folder);
        ArrayReader[] run = new ArrayReader[1];
        SealedReader r = member(folder, 0, 6_000, run);
        run[0].gone = 3; // run bytes [3000, 4000): the block [2992, 3008) straddles articles 2 and 3
        readRange(r, 0, 2_992);
        ArticleMissingException onward =
                assertThrows(ArticleMissingException.class, () -> r.read(2_992, new byte[64], 0, 64));
        assertEquals(3_000, onward.failedAt().orElseThrow(), "reading on: the gone article's first byte, not 2992");

        SealedReader seek = member(folder, 0, 6_000, run);
        run[0].gone = 2; // run bytes [2000, 3000): the block before 3008 is in it
        ArticleMissingException back =
                assertThrows(ArticleMissingException.class, () -> seek.read(3_010, new byte[8], 0, 8));
        assertEquals(
                2_992, back.failedAt().orElseThrow(), "after a seek: the block read back lies in the gone article");
    }

    @Test
    void withoutAnArticleTheBlocksItTouchesAndTheBlockAfterAreLacked() {
        SealedSegmentMap map = new SealedSegmentMap(
                new RunMap(6_000), new Sealing(Sealing.Kdf.SEVEN_ZIP, 19, new byte[0], iv, 0), key, 6_000);
        assertEquals(3_000, map.span(3_500).start(), "the article holds run bytes [3000, 4000)");
        ArticleSpan lacked = map.lackedWithout(3_500);
        assertEquals(2_992, lacked.start(), "the block [2992, 3008) straddles into the article");
        assertEquals(4_016, lacked.end(), "the block [3984, 4000) ends it, and [4000, 4016) chains from it");
        assertEquals(
                2_000, map.lackedWithout(2_500).start(), "an article that starts on a block boundary starts there");
        assertEquals(6_000, map.lackedWithout(5_500).end(), "never past the file's end");
    }
}
