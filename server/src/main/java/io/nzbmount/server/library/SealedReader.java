package io.nzbmount.server.library;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.server.archive.AesKeys;
import io.nzbmount.server.archive.Sealing;

/**
 * Reads a file inside encrypted archive volumes through a reader of its run of ciphertext: a read
 * at any offset decrypts from the block holding it, chained from the ciphertext block before it
 * (kept from the read before when reading on in order, else read back, from the previous volume
 * if that is where it sits; or the IV where a part's chain starts), and never from the start. Bytes past the file's size (the padding)
 * are never served.
 *
 * <p>Thread safety as {@link NzbReader}: one thread reads; {@link #close()}, {@link #retire()},
 * {@link #heldUntil} and {@link #stats()} may be called from any thread (they go to the run's
 * reader, which allows that).
 */
final class SealedReader implements NzbReader {
    private static final int BLOCK = Sealing.BLOCK;

    private final NzbReader run;
    private final Sealing sealing;
    private final byte[] key;
    private final long size;
    /** The ciphertext block that ends at {@link #chainEnd} in the run, kept for the next read. */
    private byte[] chain;
    private long chainEnd = -1;

    SealedReader(NzbReader run, SealedFileMap map) {
        this.run = run;
        this.sealing = map.sealing();
        this.key = map.key();
        this.size = map.size();
    }

    @Override
    public int read(long offset, byte[] buf, int off, int len) throws ReadFailure, ReadCancelledException {
        if (offset >= size) return -1;
        if (len == 0) return 0;
        long at = sealing.lead() + offset;
        long blockStart = at / BLOCK * BLOCK;
        byte[] before = chainBefore(blockStart);
        long want = Math.min(len, size - offset);
        // one read decrypts one chain: it stops where the next part's chain starts
        long end = Math.min(Math.min(roundUp(at + want), run.size()), sealing.nextRestart(blockStart));
        int max = (int) (end - blockStart);
        byte[] cipher = new byte[max];
        int got = readAtLeast(blockStart, cipher, BLOCK);
        int whole = got / BLOCK * BLOCK;
        byte[] plain = AesKeys.decrypt(key, before, cipher, 0, whole);
        chain = java.util.Arrays.copyOfRange(cipher, whole - BLOCK, whole);
        chainEnd = blockStart + whole;
        int from = (int) (at - blockStart);
        int n = (int) Math.min(want, whole - from);
        System.arraycopy(plain, from, buf, off, n);
        return n;
    }

    /** The chain value of the block at {@code blockStart}: the IV, the block kept, or the one read back. */
    private byte[] chainBefore(long blockStart) throws ReadFailure, ReadCancelledException {
        java.util.Optional<byte[]> restart = sealing.restartAt(blockStart);
        if (restart.isPresent()) return restart.get();
        if (blockStart == chainEnd) return chain;
        byte[] back = new byte[BLOCK];
        readAtLeast(blockStart - BLOCK, back, BLOCK);
        return back;
    }

    /** Reads into {@code into} from the run's {@code offset}: what one article gives, and on until {@code least} bytes. */
    private int readAtLeast(long offset, byte[] into, int least) throws ReadFailure, ReadCancelledException {
        int got = 0;
        while (got < least) {
            int r = run.read(offset + got, into, got, into.length - got);
            if (r < 0) throw new IllegalStateException("the run of ciphertext ends inside a block at " + (offset + got));
            got += r;
        }
        return got;
    }

    private static long roundUp(long n) {
        return (n + BLOCK - 1) / BLOCK * BLOCK;
    }

    @Override
    public void retire() {
        run.retire();
    }

    @Override
    public long heldUntil(long offset) {
        if (offset >= size || offset < 0) return offset;
        long at = sealing.lead() + offset;
        long held = run.heldUntil(at / BLOCK * BLOCK) / BLOCK * BLOCK - sealing.lead();
        return Math.max(offset, Math.min(size, held));
    }

    @Override
    public void readAheadFrom(long offset, long end) throws ReadCancelledException {
        run.readAheadFrom(runStart(offset), runEnd(end));
    }

    @Override
    public void willRead(long offset, long end) throws ReadCancelledException {
        run.willRead(runStart(offset), runEnd(end));
    }

    private long runStart(long offset) {
        return Math.max(0, (sealing.lead() + offset) / BLOCK * BLOCK);
    }

    private long runEnd(long end) {
        return Math.min(run.size(), roundUp(sealing.lead() + Math.min(end, size)));
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public Stats stats() {
        Stats s = run.stats();
        return new Stats(Math.max(0, Math.min(size, s.offset() - sealing.lead())), s.bytesRead(), s.articlesFetched(),
                s.window(), s.fetching(), s.ready());
    }

    @Override
    public void close() {
        run.close();
    }
}
