package io.nzbmount.server.library;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.Slice;
import io.nzbmount.server.library.importing.ReleaseReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Sizes a file as 716800 bytes per part but the last (half a part), the text naming part count
 * and part size. Files can be made unreadable (first article missing) or all sizing unavailable.
 * Their bytes are zero past what {@link #heads} gives them (no signature of any kind by
 * default); {@link #postedNames} gives yEnc names; spliced maps' texts name their slices.
 */
public final class FakeSizer implements ReleaseReader {

    public static final long PART = 716_800;

    public final Set<String> missing = new HashSet<>();
    public final List<String> sized = new ArrayList<>();
    /** The names of the files whose bytes were read, once per read. */
    public final List<String> read = new ArrayList<>();

    public volatile boolean unavailable;
    /** The first bytes of a file, by its subject name; the rest of it is zeros. */
    public final Map<String, byte[]> heads = new HashMap<>();
    /** Where a file's bytes stop being readable for good (an article gone), by its subject name. */
    public final Map<String, Long> goneFrom = new HashMap<>();
    /** The ranges a file's NZB lists no article for, by its subject name. */
    public final Map<String, List<ArticleSpan>> holes = new HashMap<>();
    /** The yEnc name of a file, by its subject name. */
    public final Map<String, String> postedNames = new HashMap<>();

    public static long expectedSize(int segments) {
        return (segments - 1) * PART + PART / 2;
    }

    @Override
    public synchronized SizedFile size(NzbFile file) throws IOException {
        String first = file.segments().get(0).messageId();
        if (unavailable) throw new ProvidersUnavailableException(first, "no provider answers", null);
        if (missing.contains(file.name())) throw new ArticleMissingException(first, "430 on every provider");
        sized.add(file.name());
        int n = file.segments().size();
        return new SizedFile(
                expectedSize(n),
                "yenc:" + n + "x" + PART,
                Optional.ofNullable(postedNames.get(file.name())),
                holes.getOrDefault(file.name(), List.of()));
    }

    @Override
    public synchronized byte[] read(NzbFile file, SizedFile sized, long offset, int length) throws IOException {
        if (unavailable)
            throw new ProvidersUnavailableException(file.segments().get(0).messageId(), "no provider answers", null);
        read.add(file.name());
        Long gone = goneFrom.get(file.name());
        if (gone != null && offset + length > gone) {
            throw new ArticleMissingException(file.segments().get(0).messageId(), "430 on every provider");
        }
        byte[] out = new byte[(int) Math.max(0, Math.min(length, sized.size() - offset))];
        byte[] head = heads.getOrDefault(file.name(), new byte[0]);
        for (int i = 0; i < out.length && offset + i < head.length; i++) out[i] = head[(int) offset + i];
        return out;
    }

    @Override
    public String splice(List<NzbFile> volumes, List<SizedFile> sized, List<Slice> slices) {
        return "splice:" + slices;
    }
}
