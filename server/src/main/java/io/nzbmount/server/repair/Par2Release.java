package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.archive.Par2Descriptions;
import io.nzbmount.server.library.naming.FileKinds;
import io.nzbmount.server.policy.FailureKind;
import io.nzbmount.server.repair.par2.Par2Exception;
import io.nzbmount.server.repair.par2.Par2InputFile;
import io.nzbmount.server.repair.par2.Par2RecoverySet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The PAR2 recovery set of a release and the posted files it covers: the set read from its
 * smallest readable par2 file, each of its input files matched to the NZB file posted for it (by
 * size and the MD5 of its first 16 KiB, whatever the names, see {@link InputMatch}), and the par2
 * files that may carry recovery slices, fewest bytes first. For an archived film the input files are the archive volumes. Immutable.
 *
 * @param set    the set's descriptions and checksums (the recovery slices of the index file too)
 * @param inputs the set's input files in the set's order
 * @param par2   NZB positions of the release's par2 files, fewest encoded bytes first
 * @param index  the NZB position of the par2 file the set was read from
 */
record Par2Release(Par2RecoverySet set, List<Input> inputs, List<Integer> par2, int index) {

    /**
     * One input file of the set.
     *
     * @param described  what par2 says of it
     * @param nzbIndex   its position in the NZB; -1 when the release did not post it
     * @param map        its map; null when not posted
     * @param firstSlice the index of its first slice among the set's input slices
     */
    record Input(Par2InputFile described, int nzbIndex, SegmentMap map, int firstSlice) {
        boolean posted() {
            return nzbIndex >= 0;
        }
    }

    Par2Release {
        inputs = List.copyOf(inputs);
        par2 = List.copyOf(par2);
    }

    /** Whether a posted file's name says it is a par2 file. */
    static boolean isPar2Name(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(".par2");
    }

    /**
     * Finds the set among the release's files: those named as par2 files, or, when none is, those
     * under names that say nothing whose first bytes are a par2 packet (a release posted under
     * obfuscated names; a file named as what it is costs no read).
     *
     * @param naming the names the import gave the files and the copies of repeated parts it chose
     * @param stored the maps the import stored of the release's files
     * @return empty when the release carries no par2 file
     * @throws Par2Exception when no par2 file of it can be read as a set
     * @throws ReadFailure   when a file could not be mapped for a reason that may pass
     */
    static Optional<Par2Release> find(
            List<NzbFile> files, SourceFiles.Naming naming, Usenet usenet, PostedBytes bytes, StoredSegmentMaps stored)
            throws Par2Exception, ReadFailure, ReadCancelledException {
        List<Integer> par2 = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            if (isPar2Name(files.get(i).name()) || isPar2Name(naming.names().get(i))) par2.add(i);
        }
        if (par2.isEmpty()) par2 = startingAsPar2(files, naming, usenet, bytes, stored);
        if (par2.isEmpty()) return Optional.empty();
        par2.sort(Comparator.comparingLong((Integer i) -> files.get(i).encodedBytes())
                .thenComparingInt(i -> i));
        Par2Exception last = null;
        for (int i : par2) {
            try {
                byte[] whole = bytes.readTolerating(usenet.map(files.get(i), Priority.BACKGROUND));
                Par2RecoverySet set = Par2RecoverySet.read(List.of(whole));
                return Optional.of(
                        new Par2Release(set, inputs(set, files, naming, par2, usenet, bytes, stored), par2, i));
            } catch (Par2Exception e) {
                last = e;
            }
        }
        throw last;
    }

    /**
     * The files under names that say nothing (in the NZB and after the import) whose first bytes
     * are a par2 packet's magic; a file whose first article is gone for good is none. Each file is
     * placed by the map the import stored when there is one (no fetch to size it).
     */
    private static List<Integer> startingAsPar2(
            List<NzbFile> files, SourceFiles.Naming naming, Usenet usenet, PostedBytes bytes, StoredSegmentMaps stored)
            throws ReadFailure, ReadCancelledException {
        List<Integer> par2 = new ArrayList<>();
        byte[] head = new byte[8];
        for (int i = 0; i < files.size(); i++) {
            if (!FileKinds.looksObfuscated(files.get(i).name())
                    || !FileKinds.looksObfuscated(naming.names().get(i))) {
                continue;
            }
            SegmentMap map;
            try {
                Optional<SegmentMap> kept = stored.of(i);
                map = kept.isPresent() ? kept.get() : usenet.map(files.get(i), Priority.BACKGROUND);
            } catch (ReadFailure e) {
                if (FailureKind.of(e) != FailureKind.PERMANENT) throw e;
                continue;
            }
            if (map.size() < head.length) continue;
            try (NzbReader reader = bytes.open(map)) {
                if (bytes.read(reader, 0, head, head.length) < 0 && Par2Descriptions.isPar2(head)) par2.add(i);
            }
        }
        return par2;
    }

    private static List<Input> inputs(
            Par2RecoverySet set,
            List<NzbFile> files,
            SourceFiles.Naming naming,
            List<Integer> par2,
            Usenet usenet,
            PostedBytes bytes,
            StoredSegmentMaps stored)
            throws ReadFailure, ReadCancelledException {
        InputMatch match = new InputMatch(files, naming, par2, usenet, bytes, stored);
        List<Integer> at = match.match(set.files());
        List<Input> inputs = new ArrayList<>();
        int first = 0;
        for (int k = 0; k < at.size(); k++) {
            Par2InputFile f = set.files().get(k);
            int i = at.get(k);
            inputs.add(new Input(f, i, i < 0 ? null : match.map(i), first));
            first += f.slices().size();
        }
        return inputs;
    }
}
