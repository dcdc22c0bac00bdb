package io.nzbmount.server.matrix;

import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.archive.StoredRar5Writer;
import io.nzbmount.server.archive.StoredSevenZipWriter;
import io.nzbmount.server.matrix.Scenario.SourceSpec;
import io.nzbmount.server.repair.par2.Par2Exception;
import io.nzbmount.server.repair.par2.RecoveryWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files one source posts and where the bytes of the film lie in their articles. Articles are
 * numbered across the posted files in posting order (the volumes, then the par2 index, then the
 * recovery volume when the source posts one); that number is a {@link SourceSpec#faults()} key. A
 * plain source posts the film first (then its par2 files, when it posts recovery data), so its
 * article {@code k} holds film bytes {@code [k * part, (k + 1) * part)}. An archived source posts RAR5
 * volumes or the parts of a split 7z archive: an article of a volume holds the film bytes of the
 * part of it that lies in the volume's data, none when it holds only headers (and the par2 index
 * holds none). In a 7z set the data is one run across the parts, after the 32-byte signature
 * header at the start of the first part, and the end header follows it (in the last part, or
 * across the last two). Immutable.
 *
 * <p>The volumes' data offsets are found by matching the film's bytes in each volume (in the
 * joined 7z parts), not by repeating the writer's header arithmetic, so a writer that placed data
 * elsewhere would fail here rather than agree with itself.
 */
final class SourceLayout {
    /**
     * The bytes at the start of a file the import reads in one go (signatures, headers, par2's
     * 16 KiB hash): {@code ReleaseVolumes.HEAD}.
     */
    static final int SCANNED_HEAD = 32 * 1024;
    /** A RAR5 end-of-archive header: CRC32, size, type, flags, end flags. */
    private static final int END_HEADER = 8;

    private static final int PAR2_SLICE = 64 * 1024;
    /** The AES block: an encrypted volume's film bytes decrypt block by block. */
    private static final int BLOCK = 16;

    private static final long MODIFIED = 1_700_000_000L;

    /** One posted file: its name (the yEnc name and the NZB's) and its bytes. */
    record Posted(String name, byte[] bytes) {}

    private final int part;
    private final long filmSize;
    private final List<Posted> files = new ArrayList<>();
    /** Per article: film range {from, to} (empty when none), and whether a fault may be put on it. */
    private final List<long[]> spans = new ArrayList<>();
    /** Per article: the film bytes that cannot be had without it ({@link #span}). */
    private final List<long[]> needs = new ArrayList<>();

    private final List<Boolean> faultable = new ArrayList<>();
    /** Per article: whether it lies in a volume's scanned head but is not the volume's first article. */
    private final List<Boolean> laterHead = new ArrayList<>();
    /** Per article: the posted file that holds it (its index in {@link #files()}). */
    private final List<Integer> fileOf = new ArrayList<>();
    /** Per article: where it starts in the posted file that holds it. */
    private final List<Integer> offsetInFile = new ArrayList<>();
    /** How many posted files par2 protects (the film, or the volumes); the par2 files follow them. */
    private int protectedFiles;
    /** Whether the film is posted as it is (article k holds its bytes from k * part on). */
    private boolean plain;
    /** The slice size of the source's par2 set. */
    private int sliceSize = PAR2_SLICE;

    private SourceLayout(int part, long filmSize) {
        this.part = part;
        this.filmSize = filmSize;
    }

    /** The layout of {@code spec} holding {@code content} (the film, or an impostor's bytes). */
    static SourceLayout of(SourceSpec spec, byte[] content) {
        SourceLayout l = new SourceLayout(spec.partSize(), content.length);
        if (spec.archive() == null) {
            l.files.add(new Posted(spec.fileName(), content));
            for (long from = 0; from < content.length; from += spec.partSize()) {
                l.add(from, Math.min(content.length, from + spec.partSize()), true);
            }
            l.protectedFiles = 1;
            l.plain = true;
            if (spec.recovery() != null) {
                l.sliceSize = spec.recovery().sliceSize();
                String base = spec.fileName().replaceFirst("\\.[^.]*$", "");
                l.par2(base, spec, Map.of(spec.fileName(), content), false);
            }
            return l;
        }
        String base = spec.fileName().replaceFirst("\\.[^.]*$", "");
        Map<String, byte[]> byName = new LinkedHashMap<>();
        long film = 0;
        if (spec.archive().format() == Scenario.Format.SEVEN_ZIP) {
            List<byte[]> parts = StoredSevenZipWriter.write(
                    spec.fileName(), content, spec.archive().volumeSize(), MODIFIED);
            for (int i = 0; i < parts.size(); i++) byName.put(StoredSevenZipWriter.volumeName(base, i), parts.get(i));
            long start = filmInStream(parts, content);
            long partStart = 0;
            for (Map.Entry<String, byte[]> v : byName.entrySet()) {
                long partEnd = partStart + v.getValue().length;
                long from = Math.max(partStart, start);
                long to = Math.min(partEnd, start + content.length);
                int data = (int) Math.min(from - partStart, v.getValue().length);
                int length = (int) Math.max(0, to - from);
                l.volume(name(v.getKey(), spec), v.getValue(), data, length, film, 0);
                film += length;
                partStart = partEnd;
            }
        } else {
            String password = spec.archive().password();
            List<byte[]> volumes = password == null
                    ? StoredRar5Writer.write(
                            spec.fileName(), content, spec.archive().volumeSize(), MODIFIED)
                    : StoredRar5Writer.writeEncrypted(
                            spec.fileName(),
                            content,
                            spec.archive().volumeSize(),
                            MODIFIED,
                            password,
                            new java.util.Random(spec.fileName().hashCode() * 31L
                                    + spec.archive().volumeSize()));
            for (int i = 0; i < volumes.size(); i++)
                byName.put(StoredRar5Writer.volumeName(base, i, volumes.size()), volumes.get(i));
            for (Map.Entry<String, byte[]> v : byName.entrySet()) {
                byte[] bytes = v.getValue();
                if (password == null) {
                    int data = dataOffset(bytes, content, film);
                    int length = bytes.length - END_HEADER - data;
                    l.volume(name(v.getKey(), spec), bytes, data, length, film, 0);
                    film += length;
                } else {
                    long[] run = Rar5FileData.of(bytes);
                    int length = (int) Math.min(run[1], content.length - film);
                    l.volume(name(v.getKey(), spec), bytes, (int) run[0], length, film, (int) run[1]);
                    film += length;
                }
            }
        }
        if (film != content.length)
            throw new IllegalStateException("the volumes hold " + film + " of " + content.length + " bytes");
        l.protectedFiles = l.files.size();
        l.par2(base, spec, byName, spec.archive().obfuscated());
        return l;
    }

    /**
     * Adds the par2 index over {@code byName}, and the recovery volume when the source posts
     * recovery data: articles that hold no film bytes and take no fault.
     */
    private void par2(String base, SourceSpec spec, Map<String, byte[]> byName, boolean obfuscated) {
        byte[] index = Par2IndexWriter.write(byName, sliceSize);
        List<Posted> par2 = new ArrayList<>(List.of(new Posted(par2Name(base + ".par2", spec, obfuscated), index)));
        if (spec.recovery() != null) {
            int count = spec.recovery().slices();
            try {
                par2.add(new Posted(
                        par2Name(base + ".vol00+" + (count < 10 ? "0" : "") + count + ".par2", spec, obfuscated),
                        RecoveryWriter.volume(index, byName, 0, count)));
            } catch (Par2Exception e) {
                throw new IllegalStateException("the recovery volume cannot be written: " + e.getMessage(), e);
            }
        }
        for (Posted p : par2) {
            files.add(p);
            for (int from = 0; from < p.bytes().length; from += spec.partSize()) add(filmSize, filmSize, false);
        }
    }

    private static String par2Name(String real, SourceSpec spec, boolean obfuscated) {
        return obfuscated ? name(real, spec) : real;
    }

    /**
     * How many slices of the source's par2 set articles {@code ks} touch: the input slices a
     * repair must rebuild when they are gone (a slice never spans two files; the last slice of a
     * file is short).
     */
    int slicesTouched(Iterable<Integer> ks) {
        java.util.Set<Long> touched = new java.util.HashSet<>();
        for (int k : ks) {
            int f = fileOf.get(k);
            if (f >= protectedFiles) continue;
            long from = offsetInFile.get(k);
            long to = Math.min(files.get(f).bytes().length, from + part);
            for (long slice = from / sliceSize; slice * sliceSize < to; slice++) touched.add(((long) f << 32) | slice);
        }
        return touched.size();
    }

    /** The slice size of the source's par2 set. */
    int sliceSize() {
        return sliceSize;
    }

    /**
     * Adds a volume's articles: its {@code length} film bytes from {@code film} on start at
     * {@code data} in it. When the data is AES-CBC encrypted ({@code stored > 0}), {@code stored}
     * bytes of ciphertext begin at {@code data}, the film's bytes at the same offsets: the film is
     * one chain of 16-byte blocks from its first byte, cut wherever the volumes end (the last part
     * padded to a whole block), and a film byte needs the ciphertext of its own block and of the
     * block before it (the first block decrypts from the IV in the first volume's header), which
     * may lie in the volume before: the article holding either is one the byte needs ({@link #span}).
     */
    private void volume(String name, byte[] bytes, int data, int length, long film, int stored) {
        files.add(new Posted(name, bytes));
        boolean chained = stored > 0;
        for (int from = 0; from < bytes.length; from += part) {
            int to = Math.min(bytes.length, from + part);
            int a = Math.max(from, data);
            int b = Math.min(to, data + length);
            long at = film + a - data;
            boolean inside = from >= Math.max(data, SCANNED_HEAD) && to <= data + length;
            if (a < b) add(at, at + b - a, inside);
            else add(at, at, false);
            laterHead.set(laterHead.size() - 1, from > 0 && from < SCANNED_HEAD && a < b);
            int ca = Math.max(from, data);
            int cb = Math.min(to, data + stored);
            if (chained && ca < cb) {
                long firstBlock = (film + ca - data) / BLOCK;
                long lastBlock = (film + cb - 1 - data) / BLOCK;
                needs.set(needs.size() - 1, new long[] {firstBlock * BLOCK, Math.min(filmSize, (lastBlock + 2) * BLOCK)
                });
            }
        }
    }

    /** Where the film begins in the joined 7z parts: past the signature header, before the end header. */
    private static long filmInStream(List<byte[]> parts, byte[] content) {
        java.io.ByteArrayOutputStream joined = new java.io.ByteArrayOutputStream();
        parts.forEach(joined::writeBytes);
        byte[] stream = joined.toByteArray();
        for (int d = 0; d < 1024 && d + content.length <= stream.length; d++) {
            if (Arrays.equals(stream, d, d + content.length, content, 0, content.length)) return d;
        }
        throw new IllegalStateException("no film in the 7z parts");
    }

    /**
     * Where the film's bytes from {@code film} on begin in a volume: the first offset after which
     * the volume, up to its end header, is the film's next bytes (headers are short).
     */
    private static int dataOffset(byte[] volume, byte[] content, long film) {
        long left = content.length - film;
        for (int d = 0; d < 1024; d++) {
            int length = volume.length - END_HEADER - d;
            if (length <= 0) break;
            if (length > left) continue;
            if (Arrays.equals(volume, d, d + length, content, (int) film, (int) film + length)) return d;
        }
        throw new IllegalStateException("no film bytes from " + film + " in a volume");
    }

    private static String name(String real, SourceSpec spec) {
        if (!spec.archive().obfuscated()) return real;
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                    .digest((spec.fileName() + "/" + real).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void add(long from, long to, boolean canFault) {
        spans.add(new long[] {from, to});
        needs.add(new long[] {from, to});
        faultable.add(canFault);
        laterHead.add(false);
        int file = Math.max(0, files.size() - 1);
        int before = fileOf.isEmpty() || fileOf.get(fileOf.size() - 1) != file
                ? 0
                : offsetInFile.get(offsetInFile.size() - 1) + part;
        fileOf.add(file);
        offsetInFile.add(before);
    }

    List<Posted> files() {
        return files;
    }

    int articles() {
        return spans.size();
    }

    /**
     * The film bytes {@code [from, to)} that cannot be had without article {@code k}: those it
     * holds, and in an encrypted volume the rest of their blocks and the block after them;
     * {@code from == to} when none.
     */
    long[] span(int k) {
        return needs.get(k);
    }

    /**
     * The articles film byte {@code offset} cannot be had without: the one that holds it, and in
     * an encrypted volume the ones holding the ciphertext of its block and of the block before.
     */
    List<Integer> needing(long offset) {
        int k = articleAt(offset);
        List<Integer> out = new ArrayList<>();
        for (int j = Math.max(0, k - 2); j <= Math.min(needs.size() - 1, k + 2); j++) {
            long[] n = needs.get(j);
            if (j == k || n[0] <= offset && offset < n[1]) out.add(j);
        }
        return out;
    }

    /** The article that holds film byte {@code offset}. */
    int articleAt(long offset) {
        if (plain) return (int) (offset / part);
        int lo = 0;
        int hi = spans.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (spans.get(mid)[1] <= offset) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /**
     * Whether a fault may be drawn on article {@code k}: any article of a plain file; of a volume,
     * only one wholly inside the film's data and past the bytes the import reads from the volume's
     * start (see {@link ArchiveDraw}).
     */
    boolean faultable(int k) {
        return faultable.get(k);
    }

    /**
     * Whether article {@code k} is in the first {@link #SCANNED_HEAD} bytes of a volume, holds film
     * bytes, and is not the volume's first article: a hole there leaves the volume's signature
     * readable but its head not, so the import takes the volume for missing and refuses the set.
     */
    boolean laterHeadArticle(int k) {
        return laterHead.get(k);
    }

    /** The posted file (volume, par2) that holds article {@code k}: its index in {@link #files()}. */
    int fileOf(int k) {
        return fileOf.get(k);
    }
}
