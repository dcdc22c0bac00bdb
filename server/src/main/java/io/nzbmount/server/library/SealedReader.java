package io.nzbmount.server.library;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.server.archive.Sealing;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

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
    private final SealedSegmentMap map;
    private final Sealing sealing;
    private final long size;
    private final byte[] firstChain;
    /** The ciphertext block that ends at {@link #chainEnd} in the run, kept for the next read. */
    private byte[] chain;

    private long chainEnd = -1;
    /** The reading thread's cipher and buffers, made once: a read decrypts in place, without allocating. */
    private final Cipher cipher;

    private final SecretKeySpec keySpec;
    private byte[] buffer = new byte[0];

    SealedReader(NzbReader run, SealedSegmentMap map) {
        this.run = run;
        this.map = map;
        this.sealing = map.sealing();
        this.size = map.size();
        this.firstChain = map.firstChain();
        this.keySpec = new SecretKeySpec(map.key(), "AES");
        try {
            this.cipher = Cipher.getInstance("AES/CBC/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has AES/CBC/NoPadding", e);
        }
    }

    @Override
    public int read(long offset, byte[] buf, int off, int len) throws ReadFailure, ReadCancelledException {
        if (offset >= size) return -1;
        if (len == 0) return 0;
        if (map.condemned()) {
            // its decrypted bytes are not what its archive records: a wrong password or wrong data
            throw new ArticleCorruptException(
                            "",
                            "the decrypted file does not match the CRC-32 its archive records"
                                    + " (a wrong password or damaged data): it is not served",
                            null)
                    .locatedAt(offset);
        }
        long at = sealing.lead() + offset;
        long blockStart = at / BLOCK * BLOCK;
        byte[] before = chainBefore(blockStart);
        long want = Math.min(len, size - offset);
        // one read decrypts one chain: it stops where the next part's chain starts
        long end = Math.min(Math.min(roundUp(at + want), run.size()), sealing.nextRestart(blockStart));
        int max = (int) (end - blockStart);
        if (buffer.length < max) buffer = new byte[max];
        int got = readAtLeast(blockStart, buffer, max, BLOCK);
        int whole = got / BLOCK * BLOCK;
        byte[] next = java.util.Arrays.copyOfRange(buffer, whole - BLOCK, whole);
        decrypt(before, whole);
        chain = next;
        chainEnd = blockStart + whole;
        int from = (int) (at - blockStart);
        int n = (int) Math.min(want, whole - from);
        System.arraycopy(buffer, from, buf, off, n);
        return n;
    }

    /** The chain value of the block at {@code blockStart}: the IV, the block kept, or the one read back. */
    private byte[] chainBefore(long blockStart) throws ReadFailure, ReadCancelledException {
        if (blockStart == 0 && firstChain.length == BLOCK) return firstChain.clone();
        java.util.Optional<byte[]> restart = sealing.restartAt(blockStart);
        if (restart.isPresent()) return restart.get();
        if (blockStart == chainEnd) return chain;
        byte[] back = new byte[BLOCK];
        readAtLeast(blockStart - BLOCK, back, BLOCK, BLOCK);
        return back;
    }

    /** Decrypts the first {@code length} bytes of the buffer in place, chained from {@code before}. */
    private void decrypt(byte[] before, int length) {
        try {
            cipher.init(Cipher.DECRYPT_MODE, keySpec, new IvParameterSpec(before));
            cipher.doFinal(buffer, 0, length, buffer, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC/NoPadding refused whole blocks", e);
        }
    }

    /**
     * Reads into {@code into[0, length)} from the run's {@code offset}: what one article gives,
     * and on until {@code least} bytes.
     */
    private int readAtLeast(long offset, byte[] into, int length, int least)
            throws ReadFailure, ReadCancelledException {
        int got = 0;
        while (got < least) {
            int r;
            try {
                r = run.read(offset + got, into, got, length - got);
            } catch (ReadFailure f) {
                // the article that failed holds this byte of the run, which may lie a block before
                // the offset asked for or in the next article: say which file byte it is
                throw f.locatedAt(Math.min(size - 1, Math.max(0, offset + got - sealing.lead())));
            }
            if (r < 0)
                throw new IllegalStateException("the run of ciphertext ends inside a block at " + (offset + got));
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
        return new Stats(
                Math.max(0, Math.min(size, s.offset() - sealing.lead())),
                s.bytesRead(),
                s.articlesFetched(),
                s.window(),
                s.fetching(),
                s.ready());
    }

    @Override
    public void close() {
        run.close();
    }
}
