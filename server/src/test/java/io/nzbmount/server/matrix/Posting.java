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
            byte[] content = p.bytes();
            int total = (content.length + spec.partSize() - 1) / spec.partSize();
            List<PostedSegment> segments = new ArrayList<>(total);
            for (int j = 0; j < total; j++, k++) {
                long begin = (long) j * spec.partSize();
                int len = (int) Math.min(spec.partSize(), content.length - begin);
                String id = "p" + (j + 1) + "of" + total + (n == 0 ? "" : "f" + n) + "." + tag + "@matrix.nzbmount.invalid";
                byte[] body = encoder.encodePart(content, (int) begin, len, p.name(), j + 1, total, content.length, begin);
                Fault f = spec.faults().get(k);
                if (f == null || !(f.damage() == Scenario.Damage.MISSING || f.damage() == Scenario.Damage.MISSING_ON_B)) {
                    rig.b.putArticle(id, body);
                }
                if (f == null || !(f.damage() == Scenario.Damage.MISSING || f.damage() == Scenario.Damage.MISSING_ON_A)) {
                    rig.a.putArticle(id, body);
                }
                posted.add(id);
                if (f != null) inject(id, f);
                segments.add(new PostedSegment(j + 1, id, begin, len, body.length));
            }
            String subject = "\"" + p.name() + "\" yEnc (1/" + total + ") " + content.length;
            files.add(new PostedFile(p.name(), content.length, spec.partSize(), subject,
                    "Matrix <matrix@nzbmount.invalid>", POSTED_AT, List.of("alt.binaries.test"), segments));
        }
        return NzbWriter.write(files, title);
    }

    /**
     * Damage that is part of what a provider stores (missing, corrupt) is in place from the post
     * on; a fault of the first answer waits for {@link #arm}, so the client's reads meet it rather
     * than the import's.
     */
    private void inject(String id, Fault f) {
        Faults a = rig.a.faults();
        switch (f.damage()) {
            case MISSING, MISSING_ON_A, MISSING_ON_B -> { }
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
