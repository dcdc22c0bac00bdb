package io.nzbmount.server.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.standby.Tiering;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parser against the long-tail name set: {@code release/longtail-heldout.tsv} (written before
 * the long-tail rules), {@code release/longtail-heldout-2.tsv} and
 * {@code release/longtail-heldout-pairs.tsv} (written after them), none tuned on, and
 * {@code release/longtail.tsv} (one block per pattern family). Each field must be right for at
 * least 90% of the names of each file, and the same-content rule must merge no pair labelled
 * different and miss at most one same pair in five. The figures are printed for
 * docs/benchmarks.md.
 */
class LongTailEvaluationTest {
    private static final double FLOOR = 0.90;

    @Test
    void everyFieldIsRightForNineInTenHeldOutNames() throws IOException {
        assertFloor("release/longtail-heldout.tsv", 100);
    }

    @Test
    void everyFieldIsRightForNineInTenNamesWrittenAfterTheRules() throws IOException {
        assertFloor("release/longtail-heldout-2.tsv", 100);
    }

    @Test
    void everyFieldIsRightForNineInTenNamesOfEveryFamily() throws IOException {
        assertFloor("release/longtail.tsv", 200);
    }

    @Test
    void noDifferentPairIsMergedAndFewSamePairsAreMissed() throws IOException {
        assertNoWrongMerge("release/longtail-pairs.tsv", 60);
    }

    @Test
    void noHeldOutDifferentPairIsMergedAndFewSamePairsAreMissed() throws IOException {
        assertNoWrongMerge("release/longtail-heldout-pairs.tsv", 30);
    }

    private static void assertNoWrongMerge(String resource, int minimum) throws IOException {
        List<String[]> rows = EvaluationTest.rows(resource, 3);
        assertTrue(rows.size() >= minimum, resource + " has " + rows.size() + " pairs");
        int same = 0;
        int missed = 0;
        List<String> merged = new ArrayList<>();
        for (String[] row : rows) {
            boolean called = Tiering.sameContent(ReleaseName.parse(row[0]), ReleaseName.parse(row[1]));
            if (row[2].equals("yes")) {
                same++;
                missed += called ? 0 : 1;
                if (!called) {
                    System.out.println("missed same: " + row[0] + " | " + row[1]);
                }
            } else if (called) {
                merged.add(row[0] + " | " + row[1]);
            }
        }
        System.out.println(resource + ": " + same + " same, " + missed + " missed; " + (rows.size() - same)
                + " different, " + merged.size() + " merged");
        assertEquals(List.of(), merged);
        assertTrue(missed * 5 <= same, missed + " of " + same + " same pairs missed");
    }

    private static void assertFloor(String resource, int minimum) throws IOException {
        List<String[]> rows = EvaluationTest.rows(resource, 8);
        assertTrue(rows.size() >= minimum, resource + " has " + rows.size() + " names");
        Map<String, Integer> right = new LinkedHashMap<>();
        List<String> wrong = new ArrayList<>();
        for (String[] row : rows) {
            ReleaseInfo info = ReleaseName.parse(row[0]);
            check(right, wrong, row[0], "title", TitleKey.of(row[1]), info.titleKey());
            check(right, wrong, row[0], "year", row[2], String.valueOf(info.year()));
            check(right, wrong, row[0], "episodes", row[3], dash(info.episodes().label()));
            check(right, wrong, row[0], "resolution", row[4], dash(info.resolution().label()));
            check(right, wrong, row[0], "group", row[5], dash(info.group()));
            check(right, wrong, row[0], "revision", row[6], info.revision().label());
            check(right, wrong, row[0], "part", row[7], dash(info.part().label()));
        }
        StringBuilder report = new StringBuilder(resource + ", " + rows.size() + " names:");
        right.forEach((field, n) -> report.append(String.format(" %s %.1f%%", field, 100.0 * n / rows.size())));
        System.out.println(report);
        wrong.forEach(System.out::println);
        right.forEach((field, n) -> assertTrue(n >= FLOOR * rows.size(),
                resource + ": " + field + " right for " + n + " of " + rows.size()));
    }

    private static void check(Map<String, Integer> right, List<String> wrong, String name, String field,
            String expected, String actual) {
        right.merge(field, expected.equals(actual) ? 1 : 0, Integer::sum);
        if (!expected.equals(actual)) {
            wrong.add("  " + field + ": expected '" + expected + "' got '" + actual + "' in " + name);
        }
    }

    private static String dash(String value) {
        return value.isEmpty() ? "-" : value;
    }
}
