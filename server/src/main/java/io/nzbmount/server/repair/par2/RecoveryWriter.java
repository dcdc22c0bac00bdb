package io.nzbmount.server.repair.par2;

import io.nzbmount.server.archive.Par2IndexWriter;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Writes a PAR2 recovery volume: the packets of the set's index file, then the recovery slices of
 * the given exponents, each {@code sum over input slices i of c_i^e * slice_i} as the
 * specification defines them (a file's last slice padded with zeros). For the demo content and
 * for tests; par2 clients read what it writes. Pure and stateless.
 */
public final class RecoveryWriter {
    private RecoveryWriter() {}

    /**
     * @param index    an index file of the set (as {@link Par2IndexWriter#write} makes it)
     * @param files    the set's files by the names the index gives them
     * @param first    the first exponent
     * @param count    how many recovery slices
     * @throws Par2Exception when the index cannot be read or does not describe {@code files}
     */
    public static byte[] volume(byte[] index, Map<String, byte[]> files, int first, int count) throws Par2Exception {
        Par2RecoverySet set = Par2RecoverySet.read(List.of(index));
        int sliceSize = (int) set.sliceSize();
        int[] constants = InputConstants.first(set.inputSlices().size());
        byte[][] recovery = new byte[count][sliceSize];
        byte[] slice = new byte[sliceSize];
        int input = 0;
        for (Par2InputFile f : set.files()) {
            byte[] data = files.get(f.name());
            if (data == null || data.length != f.length())
                throw new Par2Exception("no file " + f.name() + " of " + f.length() + " bytes");
            for (long at = 0; at < data.length; at += sliceSize, input++) {
                int n = (int) Math.min(sliceSize, data.length - at);
                System.arraycopy(data, (int) at, slice, 0, n);
                Arrays.fill(slice, n, sliceSize, (byte) 0);
                for (int r = 0; r < count; r++) {
                    new Gf16Region(Gf16.power(constants[input], first + r)).multiplyAdd(slice, recovery[r]);
                }
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(index);
        for (int r = 0; r < count; r++)
            out.writeBytes(Par2IndexWriter.recoveryPacket(set.setId(), first + r, recovery[r]));
        return out.toByteArray();
    }
}
