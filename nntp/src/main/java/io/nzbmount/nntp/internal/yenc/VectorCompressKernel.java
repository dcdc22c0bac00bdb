package io.nzbmount.nntp.internal.yenc;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The kernel for CPUs with AVX-512 VBMI2: 64 bytes at a time, escapes and line ends included.
 * In each block the byte after every {@code '='} gets the extra -64, and the {@code '='}, CR and
 * LF bytes are dropped with one {@code compress}. A block is cut before the first byte the
 * kernel may not consume (see {@link YencKernel#decode}): a line end whose next line might not
 * be data, or an {@code '='} whose pair is not in the block. A block holding two adjacent
 * {@code '='} (an escaped {@code '='}, which encoders never write) is done by the scalar code.
 *
 * <p>Only for CPUs whose byte {@code compress} is one instruction: elsewhere the Vector API
 * emulates it and this is slower than scalar code. Loaded only when the module
 * {@code jdk.incubator.vector} is present (see {@link YencKernels}).
 */
final class VectorCompressKernel implements YencKernel {

    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_512;
    private static final int LANES = 64;
    private static final long LAST = 1L << 63;

    /** Whether the JVM's preferred vectors are 512 bits wide, so this kernel is not emulated. */
    static boolean fullWidth() {
        return ByteVector.SPECIES_PREFERRED.vectorBitSize() >= 512;
    }

    @Override
    public long decode(byte[] src, int sp0, int send, byte[] dst, int dp0, int dlimit) {
        int sp = sp0;
        int dp = dp0;
        int dcap = dst.length;
        while (sp + LANES <= send && dp + LANES <= dcap) {
            ByteVector v = ByteVector.fromArray(SPECIES, src, sp);
            long eq = v.compare(VectorOperators.EQ, (byte) '=').toLong();
            if ((eq & (eq << 1)) != 0) {
                long r = ScalarKernel.decodeFrom(src, sp, sp, Math.min(send, sp + LANES), dst, dp, dp, dlimit);
                if (YencKernel.consumed(r) == 0) break;
                sp += YencKernel.consumed(r);
                dp += YencKernel.produced(r);
                continue;
            }
            long cr = v.compare(VectorOperators.EQ, (byte) '\r').toLong();
            long lf = v.compare(VectorOperators.EQ, (byte) '\n').toLong();
            long stops = eq & LAST;
            if ((cr | lf) != 0) {
                long dot = v.compare(VectorOperators.EQ, (byte) '.').toLong();
                long notDataStart = dot | eq | cr | lf;
                long dataLf = lf & ~(notDataStart >>> 1) & ~LAST;
                stops |= (lf & ~dataLf) | (cr & ~(dataLf >>> 1)) | (eq & ((cr | lf) >>> 1));
            }
            long taken = stops == 0 ? -1L : Long.lowestOneBit(stops) - 1;
            long dropped = (eq | cr | lf) & taken;
            long kept = taken & ~dropped;
            int produced = Long.bitCount(kept);
            // Staying below the limit leaves the exact stop at the limit to the scalar code.
            if (dp + produced >= dlimit) break;
            ByteVector d = v.sub((byte) 42);
            long escaped = (eq & taken) << 1;
            if (escaped != 0) d = d.sub((byte) 64, VectorMask.fromLong(SPECIES, escaped));
            if (dropped != 0) d = d.compress(VectorMask.fromLong(SPECIES, kept));
            d.intoArray(dst, dp);
            dp += produced;
            sp += Long.bitCount(taken);
            // A cut at the block's edge (an '=' or line end whose next byte is in the next block)
            // resolves in the next block; a real stop shows up there as nothing taken.
            if (taken == 0) break;
        }
        return ScalarKernel.decodeFrom(src, sp0, sp, send, dst, dp0, dp, dlimit);
    }

    @Override
    public String name() {
        return "vector-compress-512";
    }
}
