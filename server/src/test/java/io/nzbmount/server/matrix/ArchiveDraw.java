package io.nzbmount.server.matrix;

import io.nzbmount.server.matrix.Scenario.Archive;
import io.nzbmount.server.matrix.Scenario.Fault;
import io.nzbmount.server.matrix.Scenario.SourceSpec;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Puts some of a drawn scenario's sources inside stored RAR5 volume sets or split stored 7z
 * archives (with a par2 index, under real or hex names), after everything else is drawn and from a
 * random stream of its own, so a seed it leaves plain is exactly the scenario it was before
 * archives were drawn.
 *
 * <p>Which format an archived seed uses (one for all its archived sources, half the seeds each)
 * comes from a further stream that nothing else reads, so the draw of everything else is the one
 * made before 7z was drawn, and a seed that draws RAR5 is the case it was then. The hex names of
 * a 7z set are told apart by the par2 descriptions, as RAR volumes are (the import renames them
 * from the 16 KiB hashes, then orders the parts by those names and proves the order with the
 * file's CRC against par2's part checksums). A regression named for an archive case keeps the
 * format it was named with ({@link Regressions#format}).
 *
 * <p>One eligible seed in four is archived: a seed whose provider {@code a} refuses connections is
 * not eligible (what a 503 import refusal depends on then is the scan's read order, which the
 * oracle does not model), nor is a file under {@link #MIN_SIZE} (a volume must have articles past
 * its scanned head). Each source but an impostor is then archived or left plain, at least one
 * archived, so a plain primary meets archived standbys and the other way round. Volume sizes are
 * drawn freely, so volume boundaries fall inside articles of the film's own article grid and the
 * volumes' articles end where the volumes do.
 *
 * <p>Which holes and faults are drawn: the draw placed them on the film's articles; on an archived
 * source each moves to the volume article that holds the same film byte, or to the nearest
 * {@linkplain SourceLayout#faultable faultable} one, and is dropped when the source has none free.
 * Never on an article that holds a volume's headers or the first {@link SourceLayout#SCANNED_HEAD}
 * bytes of a volume, nor on the par2 index: the import reads those (signatures, headers, the par2
 * 16 KiB hashes that prove the volumes' order), and whether a hole there refuses the whole source,
 * leaves it unproved or is read past depends on which read the scan makes first. That cannot be
 * predicted from the scenario alone, so it is not drawn; the plain draws cover refused imports.
 * One case is drawn on purpose ({@link #holeInAHead}): a hole in a later article of a volume's
 * head, which the import must refuse (its head cannot be read, so the set lacks a volume, whether
 * the volume's first bytes are a signature or, for a later 7z part, film data only par2's
 * description of the part tells apart); such a source is no source at all ({@link Oracle#importable}).
 *
 * <p>A RAR5 source may have its data encrypted ({@code -p}, the password in the NZB's meta,
 * {@link #ENCRYPTED_THIRDS}); its film bytes then need the article of their AES block and of the
 * block before ({@link SourceLayout#span}).
 *
 * <p>A {@linkplain Regressions#plainOnly plain-only regression} is never archived: it was named for
 * the plain case it drew before archives existed, and a regression that stopped drawing that case
 * would no longer guard the fix it was named for.
 */
final class ArchiveDraw {
    static final int MIN_SIZE = 512 * 1024;
    private static final long STREAM = 0x2545F4914F6CDD1DL;
    private static final long FORMAT_STREAM = 0x9E3779B97F4A7C15L;
    private static final long PASSWORD_STREAM = 0xBF58476D1CE4E5B9L;
    /** How many thirds of the RAR5 seeds are encrypted: one, unless {@code -Dmatrix.encrypted=0..3} says otherwise. */
    private static final int ENCRYPTED_THIRDS = Integer.getInteger("matrix.encrypted", 1);
    /** Passwords the encrypted sources draw from: ASCII, and one that UTF-8 encodes in more bytes than it has letters. */
    private static final List<String> PASSWORDS = List.of("matrix", "Pässwörd 7", "s3cr3t-with-a-long-tail-0123456789");

    private ArchiveDraw() {}

    static void apply(long seed, int size, List<SourceSpec> sources, boolean loginFault) {
        if (Regressions.plainOnly(seed)) return;
        SplittableRandom r = new SplittableRandom(seed ^ STREAM);
        if (loginFault || size < MIN_SIZE || r.nextInt(4) != 0) return;
        int candidates = 0;
        for (SourceSpec s : sources) if (!s.impostor()) candidates++;
        int forced = r.nextInt(candidates);
        Scenario.Format format = Regressions.format(seed)
                .orElseGet(() -> new SplittableRandom(seed ^ FORMAT_STREAM).nextBoolean()
                        ? Scenario.Format.SEVEN_ZIP
                        : Scenario.Format.RAR5);
        SplittableRandom p = new SplittableRandom(seed ^ PASSWORD_STREAM);
        boolean encrypted = format == Scenario.Format.RAR5
                && !Regressions.namedBefore(seed, Regressions.Era.ENCRYPTED_ARCHIVES)
                && p.nextInt(3) < ENCRYPTED_THIRDS;
        byte[] content = null;
        for (int i = 0, c = 0; i < sources.size(); i++) {
            SourceSpec s = sources.get(i);
            if (s.impostor()) continue;
            boolean archived = c++ == forced || r.nextBoolean();
            int volumes = 2 + r.nextInt(Math.min(7, size / (256 * 1024) - 1));
            int volumeSize = size / volumes + 1 + r.nextInt(s.partSize() * 2);
            boolean obfuscated = r.nextBoolean();
            if (!archived) continue;
            if (content == null) content = SeedRun.content(seed, size, 1);
            String password = encrypted ? PASSWORDS.get(p.nextInt(PASSWORDS.size())) : null;
            sources.set(i, archive(s, new Archive(volumeSize, obfuscated, format, password), content));
        }
        if (content != null && r.nextInt(4) == 0) holeInAHead(r, sources, content);
    }

    /**
     * One archived source gets a hole in an article of a volume's scanned head that is not the
     * volume's first (possible when articles are shorter than the head), if the hole budget allows:
     * the import must refuse that source as an incomplete set, whichever volume it is.
     */
    private static void holeInAHead(SplittableRandom r, List<SourceSpec> sources, byte[] content) {
        int holes = 0;
        for (SourceSpec s : sources) holes += s.holes().size();
        int i = r.nextInt(sources.size());
        SourceSpec s = sources.get(i);
        if (holes >= ScenarioDraw.MAX_HOLES || s.archive() == null) return;
        SourceLayout layout = SourceLayout.of(s, content);
        List<Integer> heads = new java.util.ArrayList<>();
        for (int k = 0; k < layout.articles(); k++) if (layout.laterHeadArticle(k)) heads.add(k);
        if (heads.isEmpty()) return;
        TreeMap<Integer, Fault> faults = new TreeMap<>(s.faults());
        faults.put(
                heads.get(r.nextInt(heads.size())),
                new Fault(r.nextBoolean() ? Scenario.Damage.MISSING : Scenario.Damage.CORRUPT, 0));
        sources.set(i, new SourceSpec(s.fileName(), s.partSize(), faults, false, s.archive()));
    }

    /** {@code plain} inside volumes, its faults moved onto the volumes' articles that hold the same film bytes. */
    private static SourceSpec archive(SourceSpec plain, Archive archive, byte[] content) {
        SourceSpec bare = new SourceSpec(plain.fileName(), plain.partSize(), new TreeMap<>(), false, archive);
        SourceLayout layout = SourceLayout.of(bare, content);
        TreeMap<Integer, Fault> moved = new TreeMap<>();
        for (Map.Entry<Integer, Fault> e : plain.faults().entrySet()) {
            long at = Math.min((long) e.getKey() * plain.partSize(), content.length - 1);
            int k = nearestFree(layout, layout.articleAt(at), moved);
            if (k >= 0) moved.put(k, e.getValue());
        }
        return new SourceSpec(plain.fileName(), plain.partSize(), moved, false, archive);
    }

    private static int nearestFree(SourceLayout layout, int k, Map<Integer, Fault> taken) {
        for (int d = 0; d < layout.articles(); d++) {
            if (k + d < layout.articles() && layout.faultable(k + d) && !taken.containsKey(k + d)) return k + d;
            if (k - d >= 0 && layout.faultable(k - d) && !taken.containsKey(k - d)) return k - d;
        }
        return -1;
    }
}
