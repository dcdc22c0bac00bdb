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

/**
 * Measures the parser on a labelled name set (tab-separated: name, title, year, episodes,
 * resolution, group, revision, and optionally part) or a pair set (a, b, same), prints the
 * figures, and asserts the floors the evaluation tests share.
 */
final class NameSets {
    private static final double FLOOR = 0.90;

    private NameSets() {}

    /** Every field right for at least 90% of the names of {@code resource}, which holds at least {@code minimum}. */
    static void assertNineInTenPerField(String resource, int columns, int minimum) throws IOException {
        List<String[]> rows = rows(resource, columns);
        assertTrue(rows.size() >= minimum, resource + " has " + rows.size() + " names");
        Map<String, Integer> right = new LinkedHashMap<>();
        List<String> wrong = new ArrayList<>();
        for (String[] row : rows) {
            ReleaseInfo info = ReleaseName.parse(row[0]);
            check(right, wrong, row[0], "title", TitleKey.of(row[1]), info.titleKey());
            check(right, wrong, row[0], "year", row[2], String.valueOf(info.year()));
            check(right, wrong, row[0], "episodes", row[3], dash(info.episodes().label()));
            check(
                    right,
                    wrong,
                    row[0],
                    "resolution",
                    row[4],
                    dash(info.resolution().label()));
            check(right, wrong, row[0], "group", row[5], dash(info.group()));
            check(right, wrong, row[0], "revision", row[6], info.revision().label());
            if (columns > 7) {
                check(right, wrong, row[0], "part", row[7], dash(info.part().label()));
            }
        }
        StringBuilder report = new StringBuilder(resource + ", " + rows.size() + " names:");
        right.forEach((field, n) -> report.append(String.format(" %s %.1f%%", field, 100.0 * n / rows.size())));
        System.out.println(report);
        wrong.forEach(System.out::println);
        right.forEach((field, n) -> assertTrue(
                n >= FLOOR * rows.size(),
                resource + ": " + field + " right for " + n + " of " + rows.size() + "\n" + String.join("\n", wrong)));
    }

    /** No pair labelled different is called the same; at most one same pair in five is missed. */
    static void assertNoWrongMerge(String resource, int minimum) throws IOException {
        List<String[]> rows = rows(resource, 3);
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

    private static void check(
            Map<String, Integer> right, List<String> wrong, String name, String field, String expected, String actual) {
        right.merge(field, expected.equals(actual) ? 1 : 0, Integer::sum);
        if (!expected.equals(actual)) {
            wrong.add("  " + field + ": expected '" + expected + "' got '" + actual + "' in " + name);
        }
    }

    private static String dash(String value) {
        return value.isEmpty() ? "-" : value;
    }

    private static List<String[]> rows(String resource, int columns) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = NameSets.class.getClassLoader().getResourceAsStream(resource)) {
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
