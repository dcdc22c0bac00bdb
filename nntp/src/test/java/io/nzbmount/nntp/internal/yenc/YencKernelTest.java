package io.nzbmount.nntp.internal.yenc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Every kernel keeps the {@link YencKernel#decode} contract, checked against a byte-by-byte reading of it. */
class YencKernelTest {

    /** The contract, one byte at a time. */
    private static long reference(byte[] src, int sp, int send, byte[] dst, int dp, int dlimit) {
        int s = sp;
        int d = dp;
        while (s < send && d < dlimit) {
            byte b = src[s];
            if (b == '\r' || b == '\n') {
                int lf = b == '\r' ? s + 1 : s;
                if (lf + 1 >= send || src[lf] != '\n') break;
                byte next = src[lf + 1];
                if (next == '.' || next == '=' || next == '\r' || next == '\n') break;
                s = lf + 1;
                continue;
            }
            if (b == '=') {
                if (s + 1 >= send || src[s + 1] == '\r' || src[s + 1] == '\n') break;
                dst[d++] = (byte) (src[s + 1] - 106);
                s += 2;
            } else {
                dst[d++] = (byte) (b - 42);
                s++;
            }
        }
        return YencKernel.result(s - sp, d - dp);
    }

    private static void agreeOn(YencKernel kernel, byte[] src, int sp, int send, int dp, int dlimit, int dcap) {
        byte[] want = new byte[dcap];
        byte[] got = new byte[dcap];
        long expected = reference(src, sp, send, want, dp, dlimit);
        long actual = kernel.decode(src, sp, send, got, dp, dlimit);
        String where = kernel.name() + " sp=" + sp + " send=" + send + " dp=" + dp + " dlimit=" + dlimit;
        assertEquals(YencKernel.consumed(expected), YencKernel.consumed(actual), where + " consumed");
        assertEquals(YencKernel.produced(expected), YencKernel.produced(actual), where + " produced");
        int end = dp + YencKernel.produced(expected);
        assertArrayEquals(Arrays.copyOfRange(want, dp, end), Arrays.copyOfRange(got, dp, end), where);
        assertTrue(Arrays.equals(got, 0, dp, new byte[dp], 0, dp), where + ": wrote before dp");
    }

    /** Random input where '=', CR and LF each appear with the given odds (in 1000). */
    private static byte[] input(Random random, int length, int eqOdds, int lineEndOdds) {
        byte[] src = new byte[length];
        for (int i = 0; i < length; i++) {
            int roll = random.nextInt(1000);
            if (roll < eqOdds) src[i] = '=';
            else if (roll < eqOdds + lineEndOdds) src[i] = (byte) (random.nextBoolean() ? '\r' : '\n');
            else src[i] = (byte) random.nextInt(256);
        }
        // Line ends followed by each kind of line start, as real bodies have them.
        for (int i = 0; i + 3 < length && lineEndOdds > 0; i += 5 + random.nextInt(60)) {
            src[i] = '\r';
            src[i + 1] = '\n';
            src[i + 2] = (byte) ".=\r\nab".charAt(random.nextInt(6));
        }
        return src;
    }

    @Test
    void everyKernelDecodesLikeTheContractOnRandomInput() {
        Random random = new Random(99);
        List<YencKernel> kernels = Wire.kernels();
        for (int round = 0; round < 3000; round++) {
            int eqOdds = new int[] {0, 16, 100, 400}[round % 4];
            int lineEndOdds = new int[] {0, 8, 50}[round % 3];
            byte[] src = input(random, 1 + random.nextInt(400), eqOdds, lineEndOdds);
            int sp = random.nextInt(src.length);
            int send = sp + random.nextInt(src.length - sp + 1);
            int dcap = 1 + random.nextInt(500);
            int dp = random.nextInt(dcap);
            int dlimit = random.nextInt(4) == 0 ? dp + random.nextInt(dcap - dp + 1) : dcap;
            for (YencKernel kernel : kernels) {
                agreeOn(kernel, src, sp, send, dp, dlimit, dcap);
            }
        }
    }

    @Test
    void adjacentEscapeMarkersAtEveryPositionOfABlockDecodeLikeTheContract() {
        for (YencKernel kernel : Wire.kernels()) {
            for (int at = 0; at < 130; at++) {
                byte[] src = new byte[200];
                Arrays.fill(src, (byte) 'a');
                src[at] = '=';
                src[at + 1] = '=';
                src[at + 2] = '=';
                agreeOn(kernel, src, 0, src.length, 0, 300, 300);
                src[at + 2] = '\r';
                agreeOn(kernel, src, 0, src.length, 0, 300, 300);
                agreeOn(kernel, src, 0, at + 1, 0, 300, 300);
                agreeOn(kernel, src, 0, at + 2, 0, 300, 300);
            }
        }
    }

    /**
     * The word loop finds '=', CR and LF by arithmetic on eight bytes at once and handles escapes
     * and data line ends in place. Each special pattern is put at every position of the first
     * three words, among bytes that differ from a special only in the high bit or by one, with
     * the input and the output cut just before, inside and after the pattern.
     */
    @Test
    void specialsAtEveryPositionOfAWordAmongLookAlikeBytesDecodeLikeTheContract() {
        byte[] backgrounds = {
            'a', (byte) 0x8D, (byte) 0x8A, (byte) 0xBD, 0x0B, 0x0C, 0x3C, 0x3E, 0x00, (byte) 0xFF, 0x7F, 0x01
        };
        String[] patterns = {
            "=a", "==", "=\r\n", "=\n", "\r\na", "\r\n.", "\r\n=", "\r\n\r", "\na", "\n.", "\ra", "=\u00bd"
        };
        for (YencKernel kernel : Wire.kernels()) {
            for (byte background : backgrounds) {
                for (String pattern : patterns) {
                    for (int at = 0; at < 24; at++) {
                        byte[] src = new byte[40];
                        Arrays.fill(src, background);
                        for (int i = 0; i < pattern.length(); i++) src[at + i] = (byte) pattern.charAt(i);
                        for (int send = at; send <= at + pattern.length() + 1; send++) {
                            agreeOn(kernel, src, 0, send, 0, 60, 60);
                        }
                        agreeOn(kernel, src, 0, src.length, 0, 60, 60);
                        for (int dlimit = at - 1; dlimit <= at + 2; dlimit++) {
                            agreeOn(kernel, src, 0, src.length, 0, Math.max(0, dlimit), 60);
                        }
                        agreeOn(kernel, src, 3, src.length, 5, 60, 60);
                    }
                }
            }
        }
    }

    @Test
    void outputStopsExactlyAtTheLimitEvenInsideAVectorBlock() {
        byte[] src = new byte[300];
        Arrays.fill(src, (byte) 'q');
        src[70] = '=';
        for (YencKernel kernel : Wire.kernels()) {
            for (int dlimit = 0; dlimit <= 300; dlimit++) {
                agreeOn(kernel, src, 0, src.length, 0, dlimit, 300);
            }
        }
    }

    @Test
    void vectorKernelsAreAvailableWhenTheModuleIsPresent() {
        assertTrue(YencKernels.vectorModulePresent(), "tests run with --add-modules jdk.incubator.vector");
        assertTrue(YencKernels.named("vector-run").isPresent());
        assertTrue(YencKernels.named("vector-compress").isPresent());
        assertTrue(
                YencKernels.best().name().startsWith("vector"),
                YencKernels.best().name());
    }
}
