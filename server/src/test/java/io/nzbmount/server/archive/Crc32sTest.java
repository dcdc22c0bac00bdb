package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class Crc32sTest {

    private static long crc(byte[] b, int from, int to) {
        CRC32 c = new CRC32();
        c.update(b, from, to - from);
        return c.getValue();
    }

    @Test
    void combiningTheChecksumsOfTwoRunsGivesTheChecksumOfBoth() {
        Random random = new Random(1);
        for (int i = 0; i < 200; i++) {
            byte[] b = new byte[random.nextInt(5000)];
            random.nextBytes(b);
            int cut = b.length == 0 ? 0 : random.nextInt(b.length + 1);
            assertEquals(crc(b, 0, b.length), Crc32s.combine(crc(b, 0, cut), crc(b, cut, b.length), b.length - cut));
        }
    }

    @Test
    void zerosMatchAChecksumOfZeroBytes() {
        for (int n : new int[] {0, 1, 3, 4096, 65_537}) assertEquals(crc(new byte[n], 0, n), Crc32s.zeros(n), "n=" + n);
    }

    @Test
    void zerosAppendedCanBeTakenOffAgain() {
        Random random = new Random(2);
        for (long n : new long[] {0, 1, 7, 65_535, 1L << 31, (1L << 33) + 5}) {
            byte[] b = new byte[100];
            random.nextBytes(b);
            long plain = crc(b, 0, b.length);
            long padded = Crc32s.combine(plain, Crc32s.zeros(n), n);
            assertEquals(plain, Crc32s.withoutZeros(padded, n), "n=" + n);
        }
        byte[] b = new byte[1000];
        random.nextBytes(b);
        byte[] padded = java.util.Arrays.copyOf(b, 4096);
        assertEquals(crc(b, 0, b.length), Crc32s.withoutZeros(crc(padded, 0, padded.length), 4096 - 1000));
    }
}
