package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParseException;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.server.library.SealedSegmentMapText;
import io.nzbmount.server.library.SizedFile;
import io.nzbmount.server.library.importing.ArchiveContent.InnerFile;
import io.nzbmount.server.library.importing.ImportException.Reason;
import io.nzbmount.server.library.importing.PreparedRelease.PreparedFile;
import io.nzbmount.server.library.naming.FileKinds;
import io.nzbmount.server.library.naming.ItemNames;
import io.nzbmount.server.library.naming.MediaRules;
import io.nzbmount.server.library.naming.Names;
import io.nzbmount.server.store.RefusalRecord;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Turns NZB bytes into a {@link PreparedRelease}: parses, gives nameless files their real names
 * ({@link ReleaseNaming}), finds the files inside stored archives ({@link ArchiveContent}), picks
 * the media files, checks that the articles are there and learns the media files' exact sizes.
 * All the provider work of an import happens here, before anything is written. Thread-safe if
 * the reader, presence checker and archive reader are.
 *
 * <p>Only what must be read is read: a media file costs one article (its size); a file that may
 * be an archive volume (named so, or nameless) costs its first article too; archive headers are
 * read only when a signature was found. A release with forty par2 volumes and a plain film costs
 * one article fetch. The STAT sample is asked while the media files are sized ({@link SampleAhead}):
 * a plain film's import waits for one round trip to the providers, not two.
 */
final class ReleaseInspector {

    /** How many extra file names a "no media" refusal lists. */
    private static final int NAMES_LISTED = 5;

    private final ReleaseReader reader;
    private final ArticlePresence presence;
    private final ArchiveReader formats;

    ReleaseInspector(ReleaseReader reader, ArticlePresence presence, ArchiveReader formats) {
        this.reader = reader;
        this.presence = presence;
        this.formats = formats;
    }

    /** A file that may be shown: a file of the NZB ({@code nzbIndex >= 0}) or one inside archives. */
    private record Entry(int nzbIndex, InnerFile inner, String name, long weight) {
        boolean archived() {
            return inner != null;
        }
    }

    PreparedRelease inspect(byte[] bytes, String sha256, Optional<String> nameHint) throws ImportException {
        return inspect(bytes, sha256, nameHint, false, Optional.empty());
    }

    /**
     * @param nameHint the name given, which may end with {@code {{password}}} (split off here)
     * @param hintWins the name given names the release and the item even when the NZB has a title
     *                 (a download client's release title, which its search found the NZB by)
     * @param password the password given with the import, which wins over the name's and the NZB's
     */
    PreparedRelease inspect(
            byte[] bytes, String sha256, Optional<String> nameHint, boolean hintWins, Optional<String> password)
            throws ImportException {
        Nzb nzb = parse(bytes);
        Optional<NamePassword> named = nameHint.map(NamePassword::split);
        nameHint = named.map(NamePassword::name);
        PasswordOffer offer = PasswordOffer.of(
                password, named.flatMap(NamePassword::password), nzb.meta().getOrDefault("password", List.of()));
        List<NzbFile> files = nzb.files();
        ReleaseVolumes volumes = new ReleaseVolumes(reader, files);
        ReleaseNaming.Par2Found found = readHeaders(() -> ReleaseNaming.name(volumes, formats));
        Set<Integer> par2 = found.files();
        ArchiveContent archives =
                readHeaders(() -> ArchiveContent.find(volumes, par2, found.descriptions(), formats, offer.passwords()));

        List<Entry> entries = entries(volumes, par2, archives);
        boolean[] media = MediaRules.classify(
                entries.stream().map(Entry::name).toList(),
                entries.stream().map(Entry::weight).toList());
        int main = mainEntry(entries, media, volumes, archives.refused(), offer);
        SampleAhead sample = SampleAhead.start(presence, sample(volumes, entries, media, main));
        List<PreparedFile> prepared = null;
        ImportException unsized = null;
        try {
            prepared = prepare(volumes, entries, media, main);
        } catch (ImportException e) {
            // The sample's verdict wins: it says why (the first article gone, the providers not answering).
            unsized = e;
        } catch (RuntimeException | Error e) {
            sample.cancel();
            throw e;
        }
        PresenceReport report = checkPresence(sample, volumes, entries, main);
        if (unsized != null) throw unsized;
        Entry mainEntry = entries.get(main);
        Optional<String> hint =
                nameHint.map(ReleaseInspector::withoutNzbExtension).filter(s -> !s.isBlank());
        String mainStem = Names.stem(mainEntry.name());
        Optional<String> first = hintWins ? hint : nzb.title();
        Optional<String> second = hintWins ? nzb.title() : hint;
        String releaseName = Stream.of(first, second)
                .flatMap(Optional::stream)
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .findFirst()
                .orElse(mainStem);
        String itemName = Stream.of(first, second, Optional.of(mainStem))
                .flatMap(Optional::stream)
                .map(ItemNames::folder)
                .flatMap(Optional::stream)
                .findFirst()
                .orElse("Untitled");
        long postedAt = files.stream()
                .mapToLong(NzbFile::postedAt)
                .filter(t -> t > 0)
                .min()
                .orElse(0);
        return new PreparedRelease(
                bytes,
                sha256,
                releaseName,
                itemName,
                postedAt,
                prepared,
                report,
                archives.refused(),
                offer.stored(archives.password()));
    }

    /** The files that may be shown: the NZB's own (not par2, not archive volumes) and those inside archives. */
    private static List<Entry> entries(ReleaseVolumes volumes, Set<Integer> par2, ArchiveContent archives) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < volumes.count(); i++) {
            if (par2.contains(i) || archives.archived().contains(i) || FileKinds.isArchiveVolume(volumes.name(i))) {
                continue;
            }
            entries.add(new Entry(i, null, volumes.name(i), volumes.file(i).encodedBytes()));
        }
        for (InnerFile f : archives.files()) entries.add(new Entry(-1, f, f.name(), f.size()));
        return entries;
    }

    private static Nzb parse(byte[] bytes) throws ImportException {
        try {
            return NzbParser.parse(new ByteArrayInputStream(bytes));
        } catch (NzbParseException e) {
            throw new ImportException(Reason.MALFORMED, "not a usable NZB: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new ImportException(Reason.MALFORMED, "not a usable NZB: " + e.getMessage(), e);
        }
    }

    /** The largest media entry; refuses a release without any, saying why when archives were refused. */
    private static int mainEntry(
            List<Entry> entries,
            boolean[] media,
            ReleaseVolumes volumes,
            List<RefusalRecord> refused,
            PasswordOffer offer)
            throws ImportException {
        int main = -1;
        for (int i = 0; i < entries.size(); i++) {
            if (media[i]
                    && (main < 0 || entries.get(i).weight() > entries.get(main).weight())) main = i;
        }
        if (main >= 0) return main;
        if (!refused.isEmpty()) {
            throw new ImportException(
                    Reason.UNPLAYABLE,
                    "nothing in this release can be streamed: "
                            + refused.stream().map(RefusalRecord::message).collect(Collectors.joining("; "))
                            + passwordHint(refused, offer));
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < volumes.count() && names.size() < NAMES_LISTED; i++) names.add(volumes.name(i));
        throw new ImportException(
                Reason.UNPLAYABLE,
                "the NZB holds no media files, only " + String.join(", ", names)
                        + (volumes.count() > NAMES_LISTED ? ", ..." : ""));
    }

    /** Where a password came from, or where one can be given, when an archive needs one. */
    private static String passwordHint(List<RefusalRecord> refused, PasswordOffer offer) {
        if (refused.stream().anyMatch(r -> r.reason().equals("wrong-password"))) {
            return " (the password" + (offer.candidates().size() > 1 ? "s" : "") + " came from "
                    + offer.origin().described() + ")";
        }
        if (refused.stream().anyMatch(r -> r.reason().equals("encrypted"))
                && offer.candidates().isEmpty()) {
            return "; give its password as password= to POST /api/nzbs or to SABnzbd's addfile or addurl, as"
                    + " {{password}} at the end of the NZB's name, or in the NZB as <meta type=\"password\">";
        }
        return "";
    }

    /** The articles the import STATs: see {@link PresenceSample}. */
    private static List<NzbSegment> sample(ReleaseVolumes volumes, List<Entry> entries, boolean[] media, int main) {
        List<NzbSegment> firsts = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (media[i]) firsts.add(segments(volumes, entries.get(i)).get(0));
        }
        return PresenceSample.choose(segments(volumes, entries.get(main)), firsts);
    }

    private static PresenceReport checkPresence(
            SampleAhead sample, ReleaseVolumes volumes, List<Entry> entries, int main) throws ImportException {
        PresenceReport report;
        try {
            report = sample.await();
        } catch (IOException e) {
            throw new ImportException(
                    Reason.PROVIDERS_UNAVAILABLE,
                    "the providers could not be asked whether the articles exist, try again later: " + e.getMessage(),
                    e);
        }
        NzbSegment first = segments(volumes, entries.get(main)).get(0);
        if (report.missingIds().contains(first.messageId())) {
            throw new ImportException(
                    Reason.UNPLAYABLE,
                    "the first article of \"" + entries.get(main).name() + "\" (<" + first.messageId()
                            + ">) is missing on every provider: this release cannot be played");
        }
        return report;
    }

    /** The articles of an entry: its own, or those of the volumes holding it, in volume order. */
    private static List<NzbSegment> segments(ReleaseVolumes volumes, Entry e) {
        if (!e.archived()) return volumes.file(e.nzbIndex()).segments();
        List<NzbSegment> all = new ArrayList<>();
        for (int v : e.inner().volumes()) all.addAll(volumes.file(v).segments());
        return all;
    }

    /**
     * The files to store: the NZB's files in order, then the files inside archives. Media files
     * get their names first, so a clash renames an extra rather than the film.
     */
    private List<PreparedFile> prepare(ReleaseVolumes volumes, List<Entry> entries, boolean[] media, int main)
            throws ImportException {
        Set<String> taken = new HashSet<>();
        String[] entryNames = new String[entries.size()];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entries.get(i);
                if (media[i] != (pass == 0)) continue;
                entryNames[i] =
                        claim(e.name(), taken, "file " + (e.archived() ? volumes.count() + i + 1 : e.nzbIndex() + 1));
            }
        }
        String[] nzbNames = new String[volumes.count()];
        boolean[] mediaByIndex = new boolean[volumes.count()];
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (e.archived()) continue;
            nzbNames[e.nzbIndex()] = entryNames[i];
            mediaByIndex[e.nzbIndex()] = media[i];
        }
        for (int i = 0; i < volumes.count(); i++) {
            if (nzbNames[i] == null) nzbNames[i] = claim(volumes.name(i), taken, "file " + (i + 1));
        }

        List<PreparedFile> prepared = new ArrayList<>();
        for (int i = 0; i < volumes.count(); i++) {
            SizedFile sized = mediaByIndex[i]
                    ? size(volumes, i, entries.get(main).nzbIndex() == i)
                    : volumes.isSized(i) ? sizedOrNull(volumes, i) : null;
            prepared.add(
                    sized == null
                            ? new PreparedFile(i, nzbNames[i], -1, "", false, List.of())
                            : new PreparedFile(
                                    i,
                                    nzbNames[i],
                                    sized.size(),
                                    sized.mapText(),
                                    mediaByIndex[i],
                                    List.of(),
                                    sized.holes()));
        }
        int innerIndex = volumes.count();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (e.archived() && media[i]) prepared.add(innerFile(volumes, e.inner(), innerIndex++, entryNames[i]));
        }
        return prepared;
    }

    private static String claim(String raw, Set<String> taken, String fallback) {
        String name = Names.unique(Names.safeSegment(raw).orElse(fallback), taken, true);
        taken.add(name.toLowerCase(Locale.ROOT));
        return name;
    }

    /** A media file inside archive volumes: its map spliced from the volumes' (which are sized). */
    private PreparedFile innerFile(ReleaseVolumes volumes, InnerFile f, int index, String name) throws ImportException {
        List<NzbFile> nzbFiles = new ArrayList<>();
        List<SizedFile> sized = new ArrayList<>();
        for (int v : f.volumes()) {
            nzbFiles.add(volumes.file(v));
            SizedFile s = size(volumes, v, true);
            sized.add(s);
        }
        String run = reader.splice(nzbFiles, sized, f.slices());
        String mapText = f.sealing().map(s -> SealedSegmentMapText.of(s, run)).orElse(run);
        return new PreparedFile(index, name, f.size(), mapText, true, f.volumes(), List.of(), f.crcToVerify());
    }

    private static SizedFile sizedOrNull(ReleaseVolumes volumes, int index) {
        try {
            return volumes.sized(index);
        } catch (IOException e) {
            return null;
        }
    }

    /** The file's size, or null when its articles are gone for good (the main file then refuses the import). */
    private static SizedFile size(ReleaseVolumes volumes, int index, boolean isMain) throws ImportException {
        NzbFile file = volumes.file(index);
        try {
            return volumes.sized(index);
        } catch (ReadFailure e) {
            if (!e.permanent()) throw unavailable(file, e);
            if (isMain) {
                throw new ImportException(
                        Reason.UNPLAYABLE,
                        "the size of \"" + file.name() + "\" cannot be learned, its first article cannot be read: "
                                + e.getMessage(),
                        e);
            }
            return null;
        } catch (IOException e) {
            throw unavailable(file, e);
        }
    }

    private static ImportException unavailable(NzbFile file, IOException e) {
        return new ImportException(
                Reason.PROVIDERS_UNAVAILABLE,
                "the size of \"" + file.name() + "\" could not be learned now, try again later: " + e.getMessage(),
                e);
    }

    /** Reading the release's names and archive headers. */
    @FunctionalInterface
    private interface HeaderRead<T> {
        T read() throws IOException;
    }

    private static <T> T readHeaders(HeaderRead<T> read) throws ImportException {
        try {
            return read.read();
        } catch (ReadFailure e) {
            if (e.permanent()) {
                throw new ImportException(
                        Reason.UNPLAYABLE,
                        "the archive headers of this release cannot be read," + " an article they need is gone: "
                                + e.getMessage(),
                        e);
            }
            throw new ImportException(
                    Reason.PROVIDERS_UNAVAILABLE,
                    "the release's file headers could not be read now, try again later: " + e.getMessage(),
                    e);
        } catch (IOException e) {
            throw new ImportException(
                    Reason.PROVIDERS_UNAVAILABLE,
                    "the release's file headers could not be read now, try again later: " + e.getMessage(),
                    e);
        }
    }

    private static String withoutNzbExtension(String name) {
        String s = name.strip();
        return s.toLowerCase(Locale.ROOT).endsWith(".nzb") ? s.substring(0, s.length() - 4) : s;
    }
}
