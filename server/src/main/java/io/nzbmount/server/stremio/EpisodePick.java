package io.nzbmount.server.stremio;

import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.release.Episodes;
import io.nzbmount.server.release.ReleaseName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Which media files of a release a player asked for: all of a film or of a single episode; the
 * asked episode's of a pack. A pack (files of two or more episodes) asked without an episode is
 * refused, never answered with its first file. Pure.
 */
final class EpisodePick {

    /** An episode asked for: season and episode number. */
    record Asked(int season, int episode) {
        String label() {
            return String.format("S%02dE%02d", season, episode);
        }
    }

    private EpisodePick() {}

    /**
     * The files to offer.
     *
     * @throws HttpProblem.BadRequest for a pack without an episode, or an episode the release lacks
     */
    static List<LibraryFileView> pick(List<LibraryFileView> files, Optional<Asked> asked) {
        TreeSet<String> held = new TreeSet<>();
        for (LibraryFileView f : files) {
            if (ReleaseName.parse(f.name()).episodes() instanceof Episodes.Numbered n) {
                for (int e : n.episodes()) held.add(new Asked(n.season(), e).label());
            }
        }
        if (asked.isEmpty()) {
            if (held.size() > 1) {
                throw new HttpProblem.BadRequest("Episode not specified: this release is a multi-episode pack ("
                        + String.join(", ", held) + "); send season and episode, or a Stremio id like"
                        + " tt1234567:1:5");
            }
            return files;
        }
        List<LibraryFileView> out = new ArrayList<>();
        for (LibraryFileView f : files) {
            if (ReleaseName.parse(f.name()).episodes() instanceof Episodes.Numbered n
                    && n.season() == asked.get().season()
                    && n.episodes().contains(asked.get().episode())) {
                out.add(f);
            }
        }
        if (out.isEmpty() && held.isEmpty() && files.size() == 1) return files;
        if (out.isEmpty()) {
            throw new HttpProblem.BadRequest("this release has no file of "
                    + asked.get().label() + (held.isEmpty() ? "" : " (it holds " + String.join(", ", held) + ")"));
        }
        return out;
    }
}
