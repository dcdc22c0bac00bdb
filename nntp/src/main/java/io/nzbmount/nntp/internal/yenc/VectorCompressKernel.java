package io.nzbmount.nntp.internal.yenc;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The kernel for CPUs with AVX-512 VBMI2: 64 bytes at a time, escapes included. In each block
 * the byte after every {@code '='} gets the extra -64 and the {@code '='} bytes are dropped with
 * one {@code compress}. A block is cut before its first CR or LF (the line end is the state
 * machine's) and before a trailing {@code '='} (its pair is in the next block). Two adjacent
 * {@code '='} (an escaped {@code '='}, which encoders never write) go to the scalar code.
 *
 * <p>Only for CPUs whose byte {@code compress} is one instruction: elsewhere the Vector API
 * emulates it and this is slower than scalar code. Loaded only when the module
 * {@code jdk.incubator.vector} is present (see {@link YencKernels}).
 */
final class VectorCompressKernel implements YencKernel {

    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_512;
    private static final int LANES = 64;

    @Override
    public long decode(byte[] src, int sp0, int send, byte[] dst, int dp0, int dlimit) {
        int sp = sp0;
        int dp = dp0;
        int dcap = dst.length;
        while (sp + LANES <= send && dp + LANES <= dcap) {
            ByteVector v = ByteVector.fromArray(SPECIES, src, sp);
            long escapes = v.compare(VectorOperators.EQ, (byte) '=').toLong();
            long lineEnds = v.compare(VectorOperators.EQ, (byte) '\r')
                    .or(v.compare(VectorOperators.EQ, (byte) '\n'))
                    .toLong();
            long taken = lineEnds == 0 ? -1L : Long.lowestOneBit(lineEnds) - 1;
            escapes &= taken;
            // Checked before the cut below, which could otherwise split an "==" pair.
            if ((escapes & (escapes << 1)) != 0) break;
            long last = Long.highestOneBit(taken);
            if ((escapes & last) != 0) {
                taken &= ~last;
                escapes &= ~last;
            }
            long kept = taken & ~escapes;
            int produced = Long.bitCount(kept);
            if (dp + produced > dlimit) break;
            ByteVector d = v.sub((byte) 42);
            if (escapes != 0) {
                d = d.sub((byte) 64, VectorMask.fromLong(SPECIES, escapes << 1))
                        .compress(VectorMask.fromLong(SPECIES, kept));
            }
            d.intoArray(dst, dp);
            dp += produced;
            sp += Long.bitCount(taken);
            if (lineEnds != 0) break;
        }
        return ScalarKernel.decodeFrom(src, sp0, sp, send, dst, dp0, dp, dlimit);
    }

    /** Whether the JVM's preferred vectors are 512 bits wide, so this kernel is not emulated. */
    static boolean fullWidth() {
        return ByteVector.SPECIES_PREFERRED.vectorBitSize() >= 512;
    }

    @Override
    public String name() {
        return "vector-compress-512";
    }
}
