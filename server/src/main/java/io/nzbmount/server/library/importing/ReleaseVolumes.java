package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.server.archive.VolumeSource;
import io.nzbmount.server.library.SizedFile;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The files of a release as the import reads them: sized on first use (one article each), their
 * first {@value #HEAD} bytes kept once read, and the last block read of each file kept, so
 * signature sniffing, the par2 16 KiB hash and an archive's first headers share one article
 * fetch, and a header read in small steps costs one fetch instead of one per step.
 *
 * <p>Not thread-safe: one import reads from one thread. Holds at most {@value #HEAD} +
 * {@value #BLOCK} bytes per file read.
 */
final class ReleaseVolumes {

    /** Kept from the start of each file read: covers the 16 KiB par2 hash and an archive's first headers. */
    static final int HEAD = 32 * 1024;
    /** Read (and kept) around a header read past the head, so the next small read nearby is free. */
    static final int BLOCK = 64 * 1024;

    private final ReleaseReader reader;
    private final List<NzbFile> files;
    private final String[] names;
    private final SizedFile[] sized;
    private final byte[][] heads;
    private final long[] blockStarts;
    private final byte[][] blocks;

    ReleaseVolumes(ReleaseReader reader, List<NzbFile> files) {
        this.reader = reader;
        this.files = List.copyOf(files);
        this.names = files.stream().map(NzbFile::name).toArray(String[]::new);
        this.sized = new SizedFile[files.size()];
        this.heads = new byte[files.size()][];
        this.blockStarts = new long[files.size()];
        this.blocks = new byte[files.size()][];
    }

    int count() {
        return files.size();
    }

    NzbFile file(int index) {
        return files.get(index);
    }

    /** The file's name: the subject's until {@link #rename} gives a better one. */
    String name(int index) {
        return names[index];
    }

    void rename(int index, String name) {
        names[index] = name;
    }

    /** Whether the file has been sized (so knowing its size costs nothing more). */
    boolean isSized(int index) {
        return sized[index] != null;
    }

    /** The file's size and segment map's text, learned on first use. */
    SizedFile sized(int index) throws IOException {
        if (sized[index] == null) sized[index] = reader.size(files.get(index));
        return sized[index];
    }

    /** The first {@value #HEAD} bytes of the file (all of it when shorter). */
    byte[] head(int index) throws IOException {
        if (heads[index] == null) {
            heads[index] = reader.read(files.get(index), sized(index), 0, (int)
                    Math.min(HEAD, sized(index).size()));
        }
        return heads[index];
    }

    /**
     * The first {@code length} bytes of the file (all of it when shorter), read on their own when
     * its {@linkplain #head head} is not kept: they may be readable when a later article of the
     * head is gone.
     */
    byte[] first(int index, int length) throws IOException {
        int wanted = (int) Math.min(length, sized(index).size());
        if (heads[index] != null) return Arrays.copyOf(heads[index], Math.min(wanted, heads[index].length));
        return reader.read(files.get(index), sized(index), 0, wanted);
    }

    /** {@code length} bytes from {@code offset}, fewer only at the end of the file. */
    byte[] read(int index, long offset, int length) throws IOException {
        if (offset < 0 || length < 0) throw new IllegalArgumentException("offset " + offset + ", length " + length);
        long size = sized(index).size();
        if (offset >= size || length == 0) return new byte[0];
        long end = Math.min(size, offset + length);
        if (end <= Math.min(HEAD, size)) {
            return Arrays.copyOfRange(head(index), (int) offset, (int) end);
        }
        byte[] block = blocks[index];
        if (block != null && offset >= blockStarts[index] && end <= blockStarts[index] + block.length) {
            int from = (int) (offset - blockStarts[index]);
            return Arrays.copyOfRange(block, from, from + (int) (end - offset));
        }
        if (end - offset > BLOCK) return reader.read(files.get(index), sized(index), offset, (int) (end - offset));
        block = reader.read(files.get(index), sized(index), offset, (int) Math.min(BLOCK, size - offset));
        blocks[index] = block;
        blockStarts[index] = offset;
        return Arrays.copyOf(block, (int) (end - offset));
    }

    /**
     * The files at {@code indexes}, as a {@link VolumeSource}; {@code unreadNames} are the names
     * the NZB gives the files left out because their first bytes cannot be read (a name the
     * import gave a file from its par2 hash may differ: an unread file cannot be hashed).
     */
    VolumeSource only(List<Integer> indexes, Set<String> unreadNames) {
        int[] at = indexes.stream().mapToInt(Integer::intValue).toArray();
        return new VolumeSource() {
            @Override
            public int count() {
                return at.length;
            }

            @Override
            public String name(int file) {
                return names[at[file]];
            }

            @Override
            public long size(int file) throws IOException {
                return sized(at[file]).size();
            }

            @Override
            public byte[] read(int file, long offset, int length) throws IOException {
                return ReleaseVolumes.this.read(at[file], offset, length);
            }

            @Override
            public boolean postedAgainUnread(int file) {
                return unreadNames.contains(files.get(at[file]).name());
            }

            @Override
            public boolean sameArticles(int a, int b) {
                List<NzbSegment> x = files.get(at[a]).segments();
                List<NzbSegment> y = files.get(at[b]).segments();
                if (x.size() != y.size()) return false;
                for (int i = 0; i < x.size(); i++) {
                    if (!x.get(i).messageId().equals(y.get(i).messageId())) return false;
                }
                return true;
            }
        };
    }
}
