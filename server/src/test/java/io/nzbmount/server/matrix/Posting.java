package io.nzbmount.server.matrix;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import io.nzbmount.server.matrix.Scenario.Fault;
import io.nzbmount.server.matrix.Scenario.SourceSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Posts a source's articles to both providers under the same message ids (as two providers
 * carrying one post) and switches its faults on. Not thread-safe: one seed at a time.
 */
final class Posting {
    /** The post date of every source: a fixed value, so a seed does not depend on the clock. */
    private static final long POSTED_AT = 1_700_000_000L;

    private final MatrixRig rig;
    private final YencEncoder encoder = new YencEncoder();
    private final List<String> faulted = new ArrayList<>();
    private final List<Runnable> armed = new ArrayList<>();
    private final List<String> posted = new ArrayList<>();

    Posting(MatrixRig rig) {
        this.rig = rig;
    }

    /**
     * Posts the files of {@code layout} (source {@code spec}), its message ids made unique by
     * {@code tag}; returns the NZB document. Article numbers, and so fault keys, run across the
     * posted files in order.
     */
    String post(SourceSpec spec, SourceLayout layout, String tag, String title) {
        List<PostedFile> files = new ArrayList<>();
        int k = 0;
        for (int n = 0; n < layout.files().size(); n++) {
            SourceLayout.Posted p = layout.files().get(n);
            List<PostedSegment> segments = new ArrayList<>();
            k = postFile(spec, p.name(), p.bytes(), n == 0 ? "" : "f" + n, tag, k, segments);
            files.add(file(spec, p.name(), p.bytes().length, segments));
        }
        if (spec.repeat() != null) {
            SourceLayout.Posted p = layout.files().get(spec.repeat().volume());
            byte[] copy = spec.repeat().differs() ? changed(p.bytes()) : p.bytes();
            List<PostedSegment> segments = new ArrayList<>();
            postFile(spec, p.name(), copy, "again", tag, -1, segments);
            files.add(0, file(spec, p.name(), copy.length, segments));
        }
        String nzb = NzbWriter.write(files, title);
        return spec.archive() == null || spec.archive().password() == null
                ? nzb
                : withPassword(nzb, spec.archive().password());
    }

    /** The NZB with {@code password} in a {@code <meta type="password">} of its head. */
    private static String withPassword(String nzb, String password) {
        String meta =
                "    <meta type=\"password\">" + password.replace("&", "&amp;").replace("<", "&lt;") + "</meta>\n";
        if (nzb.contains("  <head>\n")) return nzb.replace("  <head>\n", "  <head>\n" + meta);
        int body = nzb.indexOf("  <file ");
        return nzb.substring(0, body) + "  <head>\n" + meta + "  </head>\n" + nzb.substring(body);
    }

    /**
     * Posts one file's articles (their faults are those from key {@code k} on; none when {@code k}
     * is negative) and lists them in {@code segments}; returns the next fault key.
     */
    private int postFile(
            SourceSpec spec,
            String name,
            byte[] content,
            String fileTag,
            String tag,
            int k,
            List<PostedSegment> segments) {
        int total = (content.length + spec.partSize() - 1) / spec.partSize();
        for (int j = 0; j < total; j++) {
            long begin = (long) j * spec.partSize();
            int len = (int) Math.min(spec.partSize(), content.length - begin);
            String id = "p" + (j + 1) + "of" + total + fileTag + "." + tag + "@matrix.nzbmount.invalid";
            byte[] body = encoder.encodePart(content, (int) begin, len, name, j + 1, total, content.length, begin);
            Fault f = k < 0 ? null : spec.faults().get(k + j);
            if (f != null && f.damage() == Scenario.Damage.UNLISTED) continue;
            if (f != null && f.damage().listedTwice()) {
                String first = "x" + id;
                if (f.damage() == Scenario.Damage.LISTED_TWICE_FIRST_CORRUPT) {
                    store(first, body, true, true);
                    inject(first, new Fault(Scenario.Damage.CORRUPT, 0));
                }
                segments.add(new PostedSegment(j + 1, first, begin, len, body.length));
            }
            store(
                    id,
                    body,
                    f == null || !(f.damage() == Scenario.Damage.MISSING || f.damage() == Scenario.Damage.MISSING_ON_A),
                    f == null
                            || !(f.damage() == Scenario.Damage.MISSING || f.damage() == Scenario.Damage.MISSING_ON_B));
            if (f != null) inject(id, f);
            segments.add(new PostedSegment(j + 1, id, begin, len, body.length));
        }
        return k < 0 ? k : k + total;
    }

    private void store(String id, byte[] body, boolean onA, boolean onB) {
        if (onB) rig.b.putArticle(id, body);
        if (onA) rig.a.putArticle(id, body);
        posted.add(id);
    }

    private static PostedFile file(SourceSpec spec, String name, int size, List<PostedSegment> segments) {
        int total = (size + spec.partSize() - 1) / spec.partSize();
        String subject = "\"" + name + "\" yEnc (1/" + total + ") " + size;
        return new PostedFile(
                name,
                size,
                spec.partSize(),
                subject,
                "Matrix <matrix@nzbmount.invalid>",
                POSTED_AT,
                List.of("alt.binaries.test"),
                segments);
    }

    /** The volume's bytes with a run in its middle changed: another copy of the same name and length. */
    private static byte[] changed(byte[] volume) {
        byte[] copy = volume.clone();
        for (int i = volume.length / 2; i < Math.min(volume.length, volume.length / 2 + 1024); i++)
            copy[i] ^= (byte) 0x5A;
        return copy;
    }

    /**
     * Damage that is part of what a provider stores (missing, corrupt) is in place from the post
     * on; a fault of the first answer waits for {@link #arm}, so the client's reads meet it rather
     * than the import's.
     */
    private void inject(String id, Fault f) {
        Faults a = rig.a.faults();
        switch (f.damage()) {
            case MISSING,
                    MISSING_ON_A,
                    MISSING_ON_B,
                    UNLISTED,
                    LISTED_TWICE_FIRST_MISSING,
                    LISTED_TWICE_FIRST_CORRUPT -> {}
            case CORRUPT -> {
                a.inject(id, new ArticleFault.CorruptData());
                rig.b.faults().inject(id, new ArticleFault.CorruptData());
            }
            case CORRUPT_ON_A -> a.inject(id, new ArticleFault.CorruptData());
            case SERVICE_ERROR_ON_A -> armed.add(() -> a.inject(id, new ArticleFault.ServiceError(), 1));
            case RESET_ON_A -> armed.add(() -> a.inject(id, new ArticleFault.ResetAfter(f.value()), 1));
            case STALL_ON_A -> armed.add(() -> a.inject(id, ArticleFault.stall(Duration.ofMillis(f.value())), 1));
            case SILENT_ON_A -> armed.add(() -> a.inject(id, ArticleFault.stallUntilReleased(), 1));
            case TRICKLE_ON_A -> armed.add(() -> a.inject(id, new ArticleFault.Trickle(f.value()), 1));
        }
        faulted.add(id);
    }

    /** Switches on the faults of first answers. */
    void arm() {
        armed.forEach(Runnable::run);
        armed.clear();
    }

    /**
     * Takes every article this posting stored off both providers, so a rig that plays thousands of
     * seeds holds only the articles of the seed it plays.
     */
    void withdraw() {
        for (String id : posted) {
            rig.a.removeArticle(id);
            rig.b.removeArticle(id);
        }
        posted.clear();
    }

    /** Switches off every fault this posting switched on and ends the stalls. */
    void clearFaults() {
        for (String id : faulted) {
            rig.a.faults().clear(id);
            rig.b.faults().clear(id);
        }
        faulted.clear();
        armed.clear();
        rig.a.faults().releaseStalls();
    }
}
