package io.nzbmount.server.repair;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.repair.par2.Rebuild;
import io.nzbmount.server.repair.par2.RepairPlan;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Reads every readable input slice of a recovery set in order, at background priority, and adds
 * it to a rebuild; a file's last slice is padded with zeros as par2 does. Saves the rebuild's rows
 * every {@link #SAVE_EVERY} bytes read, so a restart continues from there. Not thread-safe: one
 * job runs it.
 */
final class InputFeed {
    /** Bytes read between two saves of the progress. */
    static final long SAVE_EVERY = 64L << 20;

    /** Reading found input bytes missing that the scan had not found: the plan must be made again. */
    static final class NewDamage extends Exception {
        NewDamage(String message) {
            super(message, null, false, false);
        }
    }

    private InputFeed() {}

    /**
     * @param from     the first input slice to read (0, or where a saved state stopped)
     * @param progress told the index of each input slice once it is added
     * @throws NewDamage  when a slice the plan takes as readable is missing; {@code damage} has it now
     * @throws ReadFailure a failure that may pass
     */
    static void feed(
            Rebuild rebuild,
            RepairPlan plan,
            Par2Release release,
            List<NzbFile> files,
            PostedBytes bytes,
            Damage damage,
            int from,
            Saver saver,
            IntConsumer progress)
            throws NewDamage, ReadFailure, ReadCancelledException, IOException {
        int sliceSize = plan.sliceSize();
        byte[] slice = new byte[sliceSize];
        long sinceSave = 0;
        for (int i = 0; i < release.inputs().size(); i++) {
            Par2Release.Input in = release.inputs().get(i);
            int count = in.described().slices().size();
            if (in.firstSlice() + count <= from || !in.posted()) continue;
            try (NzbReader reader = bytes.open(in.map())) {
                for (int s = 0; s < count; s++) {
                    int index = in.firstSlice() + s;
                    if (index < from || Arrays.binarySearch(plan.missing(), index) >= 0) continue;
                    long offset = (long) s * sliceSize;
                    int length = (int) Math.min(sliceSize, in.described().length() - offset);
                    long gap = bytes.read(reader, offset, slice, length);
                    if (gap >= 0) {
                        recordGap(damage, release, i, files.get(in.nzbIndex()), in.map(), gap);
                        throw new NewDamage("input slice " + index + " of "
                                + in.described().name() + " cannot be read at offset " + gap);
                    }
                    Arrays.fill(slice, length, sliceSize, (byte) 0);
                    rebuild.addInput(index, slice);
                    progress.accept(index);
                    sinceSave += length;
                    if (sinceSave >= SAVE_EVERY) {
                        saver.save(index + 1);
                        sinceSave = 0;
                    }
                }
            }
        }
    }

    /** Saves the progress: every readable slice below {@code next} is in the rebuild. */
    @FunctionalInterface
    interface Saver {
        void save(int next) throws IOException;
    }

    /** Records the article at {@code at} as missing (or its range, when the map is not the regular grid). */
    static void recordGap(Damage damage, Par2Release release, int input, NzbFile file, SegmentMap map, long at) {
        Par2Release.Input in = release.inputs().get(input);
        List<NzbSegment> segments = file.segments();
        ArticleSpan span = map.span(at);
        int k = map.partSize() > 0 ? (int) (span.start() / map.partSize()) : -1;
        if (!span.hole()
                && k < segments.size()
                && span.start() == (long) k * map.partSize()
                && span.length() == Math.min(map.partSize(), map.size() - span.start())) {
            NzbSegment s = segments.get(k);
            damage.article(new Damage.Article(s.messageId(), input, s.number(), span.start(), (int) span.length()), in);
        } else {
            damage.range(in, span.start(), span.end());
        }
    }
}
