package io.nzbmount.server.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.standby.Tiering;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parser against real-world names it was not written from ({@code release/evaluation.tsv},
 * labelled by hand): each field must be right for at least 90% of them, and the same-content
 * rule must call no different-content pair the same and miss at most one same pair in five
 * ({@code release/evaluation-pairs.tsv}). The figures are printed for docs/benchmarks.md.
 */
class EvaluationTest {
    private static final double FLOOR = 0.90;

    @Test
    void everyFieldIsRightForNineInTenRealNames() throws IOException {
        List<String[]> rows = rows("release/evaluation.tsv", 7);
        assertTrue(rows.size() >= 80, "evaluation has " + rows.size() + " names");
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
        }
        StringBuilder report = new StringBuilder("evaluation, " + rows.size() + " names:");
        right.forEach((field, n) -> report.append(String.format(" %s %.1f%%", field, 100.0 * n / rows.size())));
        System.out.println(report);
        wrong.forEach(System.out::println);
        right.forEach((field, n) -> assertTrue(n >= FLOOR * rows.size(),
                field + " right for " + n + " of " + rows.size() + "\n" + String.join("\n", wrong)));
    }

    @Test
    void noDifferentPairIsCalledTheSameAndFewSamePairsAreMissed() throws IOException {
        int same = 0;
        int missed = 0;
        List<String> falseSame = new ArrayList<>();
        for (String[] row : rows("release/evaluation-pairs.tsv", 3)) {
            boolean called = Tiering.sameContent(ReleaseName.parse(row[0]), ReleaseName.parse(row[1]));
            if (row[2].equals("yes")) {
                same++;
                missed += called ? 0 : 1;
                if (!called) {
                    System.out.println("missed same: " + row[0] + " | " + row[1]);
                }
            } else if (called) {
                falseSame.add(row[0] + " | " + row[1]);
            }
        }
        System.out.println("evaluation pairs: " + same + " same, " + missed + " missed; " + falseSame.size()
                + " different called the same");
        assertEquals(List.of(), falseSame);
        assertTrue(missed * 5 <= same, missed + " of " + same + " same pairs missed");
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

    static List<String[]> rows(String resource, int columns) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = EvaluationTest.class.getClassLoader().getResourceAsStream(resource)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            boolean header = true;
            for (String line : text.split("\n")) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                String[] fields = line.split("\t", -1);
                assertEquals(columns, fields.length, line);
                rows.add(fields);
            }
        }
        return rows;
    }
}
