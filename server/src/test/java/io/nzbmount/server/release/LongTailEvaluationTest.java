package io.nzbmount.server.release;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The parser against the long-tail name set: {@code release/longtail-heldout.tsv} (written before
 * the long-tail rules), {@code release/longtail-heldout-2.tsv} and
 * {@code release/longtail-heldout-pairs.tsv} (written after them), none tuned on, and
 * {@code release/longtail.tsv} with {@code release/longtail-pairs.tsv} (one block per pattern
 * family). Each field must be right for at least 90% of the names of each file, and the
 * same-content rule must merge no pair labelled different and miss at most one same pair in
 * five. The figures are printed for docs/benchmarks.md.
 */
class LongTailEvaluationTest {

    @Test
    void everyFieldIsRightForNineInTenHeldOutNames() throws IOException {
        NameSets.assertNineInTenPerField("release/longtail-heldout.tsv", 8, 100);
    }

    @Test
    void everyFieldIsRightForNineInTenNamesWrittenAfterTheRules() throws IOException {
        NameSets.assertNineInTenPerField("release/longtail-heldout-2.tsv", 8, 100);
    }

    @Test
    void everyFieldIsRightForNineInTenNamesOfEveryFamily() throws IOException {
        NameSets.assertNineInTenPerField("release/longtail.tsv", 8, 200);
    }

    @Test
    void noDifferentPairIsMergedAndFewSamePairsAreMissed() throws IOException {
        NameSets.assertNoWrongMerge("release/longtail-pairs.tsv", 60);
    }

    @Test
    void noHeldOutDifferentPairIsMergedAndFewSamePairsAreMissed() throws IOException {
        NameSets.assertNoWrongMerge("release/longtail-heldout-pairs.tsv", 30);
    }
}
