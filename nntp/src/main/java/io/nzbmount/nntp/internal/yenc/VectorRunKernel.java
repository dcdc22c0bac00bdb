package io.nzbmount.nntp.internal.yenc;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API kernel for any CPU with SIMD: a block of the CPU's widest vector at a time
 * (16, 32 or 64 bytes), decoding whole blocks up to their first special byte and handling that byte
 * (an escape, a line end) with scalar code. Needs no compress instruction, so it is the choice
 * on CPUs without AVX-512 VBMI2.
 *
 * <p>Loaded only when the module {@code jdk.incubator.vector} is present (see {@link YencKernels}).
 */
final class VectorRunKernel implements YencKernel {

    // The widest the CPU has: measured on AVX-512, 512 bits beat 256 even though runs between
    // specials average ~40 bytes (fewer loop trips over the long runs).
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();

    @Override
    public long decode(byte[] src, int sp0, int send, byte[] dst, int dp0, int dlimit) {
        int sp = sp0;
        int dp = dp0;
        int dcap = dst.length;
        while (sp + LANES <= send && dp + LANES <= dcap) {
            ByteVector v = ByteVector.fromArray(SPECIES, src, sp);
            long special = v.compare(VectorOperators.EQ, (byte) '=')
                    .or(v.compare(VectorOperators.EQ, (byte) '\r'))
                    .or(v.compare(VectorOperators.EQ, (byte) '\n'))
                    .toLong();
            int n = special == 0 ? LANES : Long.numberOfTrailingZeros(special);
            // Staying below the limit leaves the exact stop at the limit to the scalar code.
            if (dp + n >= dlimit) break;
            v.sub((byte) 42).intoArray(dst, dp);
            sp += n;
            dp += n;
            if (special == 0) continue;
            byte b = src[sp];
            if (b == '=') {
                if (sp + 1 >= send) break;
                byte e = src[sp + 1];
                if (e == '\r' || e == '\n') break;
                dst[dp++] = (byte) (e - 106);
                sp += 2;
            } else {
                int skip = ScalarKernel.dataLineEnd(src, sp, send);
                if (skip == 0) break;
                sp += skip;
            }
        }
        return ScalarKernel.decodeFrom(src, sp0, sp, send, dst, dp0, dp, dlimit);
    }

    @Override
    public String name() {
        return "vector-run-" + SPECIES.vectorBitSize();
    }
}
