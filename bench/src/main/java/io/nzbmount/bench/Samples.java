package io.nzbmount.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A named series of measurements and its median. Not thread-safe. */
final class Samples {
    private final String name;
    private final String unit;
    private final List<Double> values = new ArrayList<>();

    Samples(String name, String unit) {
        this.name = name;
        this.unit = unit;
    }

    void add(double value) {
        values.add(value);
    }

    double median() {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        if (n == 0) return Double.NaN;
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The value added last. */
    double last() {
        return values.getLast();
    }

    String name() {
        return name;
    }

    /** One line: name, median, min-max and every value in the order measured. */
    String summary() {
        List<Double> sorted = values.stream().sorted().toList();
        StringBuilder all = new StringBuilder();
        for (double v : values) all.append(all.isEmpty() ? "" : " ").append(format(v));
        return String.format(
                Locale.ROOT,
                "%-34s median %s %s (min %s, max %s, n=%d) [%s]",
                name,
                format(median()),
                unit,
                format(sorted.getFirst()),
                format(sorted.getLast()),
                values.size(),
                all);
    }

    static String format(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    static String ratio(Samples a, Samples b) {
        return String.format(Locale.ROOT, "%-34s %.3f", a.name + " / " + b.name, a.median() / b.median());
    }
}
