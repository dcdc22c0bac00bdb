package io.nzbmount.nntp.internal.yenc;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API kernel for any CPU with SIMD: 32 bytes at a time (16 where the CPU has no
 * 256-bit vectors), decoding whole blocks while they hold no special byte and handling each
 * escape with scalar code. Needs no compress instruction, so it is the choice on CPUs without
 * AVX-512 VBMI2.
 *
 * <p>Loaded only when the module {@code jdk.incubator.vector} is present (see {@link YencKernels}).
 */
final class VectorRunKernel implements YencKernel {

    // 256 bits beat 512 here: runs between specials average ~40 bytes, so wider blocks
    // mostly end on a special anyway.
    private static final VectorSpecies<Byte> SPECIES =
            ByteVector.SPECIES_PREFERRED.vectorBitSize() >= 256 ? ByteVector.SPECIES_256 : ByteVector.SPECIES_128;
    private static final int LANES = SPECIES.length();

    @Override
    public long decode(byte[] src, int sp0, int send, byte[] dst, int dp0, int dlimit) {
        int sp = sp0;
        int dp = dp0;
        int dcap = dst.length;
        while (true) {
            while (sp + LANES <= send && dp + LANES <= dcap) {
                ByteVector v = ByteVector.fromArray(SPECIES, src, sp);
                long special = v.compare(VectorOperators.EQ, (byte) '=')
                        .or(v.compare(VectorOperators.EQ, (byte) '\r'))
                        .or(v.compare(VectorOperators.EQ, (byte) '\n'))
                        .toLong();
                v.sub((byte) 42).intoArray(dst, dp);
                int n = special == 0 ? LANES : Long.numberOfTrailingZeros(special);
                if (dp + n > dlimit) {
                    n = dlimit - dp;
                    return YencKernel.result(sp + n - sp0, dlimit - dp0);
                }
                sp += n;
                dp += n;
                if (special != 0) break;
            }
            if (sp + 1 < send && src[sp] == '=' && dp < dlimit) {
                byte e = src[sp + 1];
                if (e == '\r' || e == '\n') break;
                dst[dp++] = (byte) (e - 106);
                sp += 2;
            } else {
                break;
            }
        }
        return ScalarKernel.decodeFrom(src, sp0, sp, send, dst, dp0, dp, dlimit);
    }

    @Override
    public String name() {
        return "vector-run-" + SPECIES.vectorBitSize();
    }
}
