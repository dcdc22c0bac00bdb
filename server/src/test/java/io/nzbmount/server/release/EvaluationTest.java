package io.nzbmount.server.release;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The parser against real-world names it was not written from ({@code release/evaluation.tsv},
 * labelled by hand): each field must be right for at least 90% of them, and the same-content
 * rule must call no different-content pair the same and miss at most one same pair in five
 * ({@code release/evaluation-pairs.tsv}). The figures are printed for docs/benchmarks.md.
 */
class EvaluationTest {

    @Test
    void everyFieldIsRightForNineInTenRealNames() throws IOException {
        NameSets.assertNineInTenPerField("release/evaluation.tsv", 7, 80);
    }

    @Test
    void noDifferentPairIsCalledTheSameAndFewSamePairsAreMissed() throws IOException {
        NameSets.assertNoWrongMerge("release/evaluation-pairs.tsv", 20);
    }
}
