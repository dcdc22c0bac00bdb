package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which articles to STAT at import: the main file's first article first (without it nothing can
 * play), the first article of every other media file, then articles of the main file at even
 * steps up to its last. For a file inside archive volumes, its articles are those of the volumes
 * that hold it, in volume order. Deterministic. Pure and thread-safe.
 */
public final class PresenceSample {

    /** Articles checked across the main file, its first and last included. */
    public static final int MAIN_FILE_SAMPLES = 20;

    private PresenceSample() {}

    /**
     * @param files the NZB's files
     * @param media which of them are media
     * @param main  the index of the main file (a media file)
     */
    public static List<NzbSegment> choose(List<NzbFile> files, boolean[] media, int main) {
        List<NzbSegment> others = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            if (media[i]) others.add(files.get(i).segments().get(0));
        }
        return choose(files.get(main).segments(), others);
    }

    /**
     * @param main   the articles of the main file (of the volumes holding it), in order
     * @param firsts the first article of every other media file
     */
    public static List<NzbSegment> choose(List<NzbSegment> main, List<NzbSegment> firsts) {
        Set<NzbSegment> chosen = new LinkedHashSet<>();
        chosen.add(main.get(0));
        chosen.addAll(firsts);
        int n = main.size();
        int samples = Math.min(MAIN_FILE_SAMPLES, n);
        for (int k = 1; k < samples; k++) {
            chosen.add(main.get((int) ((long) k * (n - 1) / (samples - 1))));
        }
        return new ArrayList<>(chosen);
    }
}
