package io.nzbmount.server.health;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Which articles a sample check asks about: {@code size} of them, spread by a seeded shuffle, so
 * each day's seed picks others and a week of samples covers much of a release. Pure.
 */
final class SampleChoice {
    private SampleChoice() {}

    /** {@code size} of {@code all} (all of them when there are no more), in their order, chosen by {@code seed}. */
    static <T> List<T> of(List<T> all, int size, long seed) {
        if (size >= all.size()) return List.copyOf(all);
        int[] index = new int[all.size()];
        for (int i = 0; i < index.length; i++) index[i] = i;
        SplittableRandom random = new SplittableRandom(seed);
        // The first size places of a Fisher-Yates shuffle.
        for (int i = 0; i < size; i++) {
            int j = i + random.nextInt(index.length - i);
            int t = index[i];
            index[i] = index[j];
            index[j] = t;
        }
        int[] chosen = Arrays.copyOf(index, size);
        Arrays.sort(chosen);
        List<T> out = new ArrayList<>(size);
        for (int i : chosen) out.add(all.get(i));
        return out;
    }
}
