package io.nzbmount.server.sweep;

import io.nzbmount.nntp.SegmentMap;
import java.util.List;

/**
 * A media file of the primary and the standby's file that must hold the same bytes, with the
 * samples to compare (each inside one article span of both maps, so it costs at most one article
 * fetch on each side, also for irregular posts and files inside archive volumes).
 *
 * @param primaryIndex the file's index in the primary's NZB (the key of its stored hashes)
 * @param standbyIndex the standby file's index in the standby's NZB (the key of its holes)
 * @param name         the primary file's name, for messages
 * @param primary      the primary file's map
 * @param standby      the standby file's map
 * @param samples      the byte ranges to compare
 */
public record FilePair(
        int primaryIndex, int standbyIndex, String name, SegmentMap primary, SegmentMap standby, List<Sample> samples) {
    public FilePair {
        samples = List.copyOf(samples);
    }

    /** A pair whose files have the same index in both NZBs. */
    public FilePair(int index, String name, SegmentMap primary, SegmentMap standby, List<Sample> samples) {
        this(index, index, name, primary, standby, samples);
    }

    /** The samples of a file of {@code size} bytes, aligned to the articles of both maps. */
    public static List<Sample> plan(long size, SegmentMap primary, SegmentMap standby) {
        List<Sample> samples = SamplePlan.forSize(size);
        if (samples.isEmpty()) return samples;
        return SamplePlan.alignToArticles(samples, size, primary, standby);
    }
}
