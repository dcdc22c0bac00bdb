package io.nzbmount.server.library;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.archive.Sealing;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The map of a file inside encrypted archive volumes: its bytes are the decrypted run of
 * ciphertext {@code run} maps (whole AES blocks from the one before the file's first byte), from
 * the sealing's lead on, never the padding past its size. Opened by {@link SealedUsenet} as a
 * {@link SealedReader}. Holds the key (derived once per archive, see
 * {@link io.nzbmount.server.archive.AesKeys}); immutable and thread-safe.
 */
final class SealedSegmentMap implements SegmentMap {
    private static final int BLOCK = Sealing.BLOCK;
    private final SegmentMap run;
    private final Sealing sealing;
    private final byte[] key;
    private final byte[] firstChain;
    private final long size;
    private final String text;
    private final BooleanSupplier condemned;

    SealedSegmentMap(SegmentMap run, Sealing sealing, byte[] key, long size) {
        this(run, sealing, key, sealing.iv(), size);
    }

    /** A map of a file never condemned. */
    SealedSegmentMap(SegmentMap run, Sealing sealing, byte[] key, byte[] firstChain, long size) {
        this(run, sealing, key, firstChain, size, () -> false);
    }

    /**
     * @param firstChain the chain value of the run's first block when the sealing has an IV (for
     *                   RAR3 the KDF's, see {@link io.nzbmount.server.archive.AesKeys#firstChain})
     * @param condemned  whether the file's decrypted bytes were found not to be its archive's
     *                   ({@link CondemnedFiles}): asked before every read, which then serves nothing
     */
    SealedSegmentMap(
            SegmentMap run, Sealing sealing, byte[] key, byte[] firstChain, long size, BooleanSupplier condemned) {
        if (size < 0 || sealing.lead() + size > run.size()) {
            throw new IllegalArgumentException(
                    "a sealed file of " + size + " bytes does not fit its run of " + run.size());
        }
        this.run = run;
        this.sealing = sealing;
        this.key = key.clone();
        this.firstChain = firstChain.clone();
        this.size = size;
        this.text = SealedSegmentMapText.of(sealing, run.text());
        this.condemned = condemned;
    }

    boolean condemned() {
        return condemned.getAsBoolean();
    }

    SegmentMap run() {
        return run;
    }

    Sealing sealing() {
        return sealing;
    }

    byte[] key() {
        return key.clone();
    }

    byte[] firstChain() {
        return firstChain.clone();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int articles() {
        return run.articles();
    }

    @Override
    public int partSize() {
        return run.partSize();
    }

    /**
     * The run's span at the same byte, in this file's offsets. Decrypting the span's first block
     * also takes the ciphertext block before it, which the article before may hold.
     */
    @Override
    public ArticleSpan span(long offset) {
        ArticleSpan s = runSpan(offset);
        return clipped(s.start(), s.end(), s.hole());
    }

    /** The span's blocks, and the block after them, which chains from the span's last ciphertext block. */
    @Override
    public ArticleSpan lackedWithout(long offset) {
        ArticleSpan s = runSpan(offset);
        return clipped(s.start() / BLOCK * BLOCK, ((s.end() - 1) / BLOCK + 2) * BLOCK, s.hole());
    }

    /** The run's span of articles under the file's byte at {@code offset}, in run offsets. */
    private ArticleSpan runSpan(long offset) {
        if (offset < 0 || offset >= size) throw new IndexOutOfBoundsException("offset " + offset + " of " + size);
        return run.span(sealing.lead() + offset);
    }

    /** Run offsets {@code [runStart, runEnd)} as file offsets, clipped to the file. */
    private ArticleSpan clipped(long runStart, long runEnd, boolean hole) {
        return new ArticleSpan(Math.max(0, runStart - sealing.lead()), Math.min(size, runEnd - sealing.lead()), hole);
    }

    /** The run's ranges of those articles, in this file's offsets (the parts that lie in the file). */
    @Override
    public List<ArticleSpan> spansOf(Set<String> messageIds) {
        List<ArticleSpan> spans = new ArrayList<>();
        for (ArticleSpan s : run.spansOf(messageIds)) {
            ArticleSpan inFile = clipped(s.start(), s.end(), false);
            if (inFile.end() > inFile.start()) spans.add(inFile);
        }
        return spans;
    }

    @Override
    public String text() {
        return text;
    }
}
