package io.nzbmount.server.release;

import java.time.LocalDate;
import java.util.List;

/** Which part of a series a release holds, if any. Values compare by content. */
public sealed interface Episodes {

    /** A short canonical label: "" for a film, "S01E02E03", "S01", "S01-S03", "2024-05-01", "#12", "?237" (unsure). */
    String label();

    /** Not part of a series (a film), or the name does not say. */
    record None() implements Episodes {
        @Override
        public String label() {
            return "";
        }
    }

    /**
     * One or more episodes of one season.
     *
     * @param season season number, {@code >= 0}
     * @param episodes episode numbers, ascending, no duplicates, not empty
     */
    record Numbered(int season, List<Integer> episodes) implements Episodes {
        public Numbered {
            episodes = List.copyOf(episodes);
            if (season < 0 || episodes.isEmpty()) {
                throw new IllegalArgumentException("season " + season + " episodes " + episodes);
            }
            for (int i = 1; i < episodes.size(); i++) {
                if (episodes.get(i) <= episodes.get(i - 1)) {
                    throw new IllegalArgumentException("episodes not ascending: " + episodes);
                }
            }
        }

        @Override
        public String label() {
            StringBuilder label = new StringBuilder(String.format("S%02d", season));
            for (int episode : episodes) {
                label.append(String.format("E%02d", episode));
            }
            return label.toString();
        }
    }

    /**
     * Whole seasons ("S01", "S01-S03").
     *
     * @param first first season
     * @param last last season, {@code >= first}
     */
    record Seasons(int first, int last) implements Episodes {
        public Seasons {
            if (first < 0 || last < first) {
                throw new IllegalArgumentException("seasons " + first + "-" + last);
            }
        }

        @Override
        public String label() {
            return first == last ? String.format("S%02d", first) : String.format("S%02d-S%02d", first, last);
        }
    }

    /**
     * Episodes numbered from the first of the series, not per season (anime: "Title - 012").
     *
     * @param episodes episode numbers, ascending, no duplicates, not empty
     */
    record Absolute(List<Integer> episodes) implements Episodes {
        public Absolute {
            episodes = List.copyOf(episodes);
            if (episodes.isEmpty() || episodes.getFirst() < 0) {
                throw new IllegalArgumentException("episodes " + episodes);
            }
            for (int i = 1; i < episodes.size(); i++) {
                if (episodes.get(i) <= episodes.get(i - 1)) {
                    throw new IllegalArgumentException("episodes not ascending: " + episodes);
                }
            }
        }

        /** "#12", "#1-15" for a run, "#3#7" otherwise. */
        @Override
        public String label() {
            int first = episodes.getFirst();
            int last = episodes.getLast();
            if (episodes.size() > 1 && last - first == episodes.size() - 1) {
                return "#" + first + "-" + last;
            }
            StringBuilder label = new StringBuilder();
            for (int episode : episodes) {
                label.append('#').append(episode);
            }
            return label.toString();
        }
    }

    /**
     * A series position the name gives but not for certain: a bare "237" that may be season 2,
     * episode 37 or part of the title, two different episodes in one name. Compares by identity, so an unsure reading equals no
     * other reading, not even the same words read from another name: no two releases are taken
     * for the same content on it.
     *
     * @param text the words as written ("237"; "S01E05 S01E06" for two episodes)
     */
    record Unknown(String text) implements Episodes {
        /** The words as written, behind a "?": "?237". */
        @Override
        public String label() {
            return "?" + text;
        }

        @Override
        public boolean equals(Object other) {
            return this == other;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** An episode of a daily show, named by its air date. */
    record Daily(LocalDate date) implements Episodes {
        @Override
        public String label() {
            return date.toString();
        }
    }
}
