package io.nzbmount.server.library;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParseException;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.server.library.ImportException.Reason;
import io.nzbmount.server.library.PreparedRelease.PreparedFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Turns NZB bytes into a {@link PreparedRelease}: parses, picks the media files, checks that the
 * articles are there and learns the media files' exact sizes. All the provider work of an import
 * happens here, before anything is written. Thread-safe if the sizer and presence checker are.
 *
 * <p>Only media files are sized (one article each): extras are never served, and a release with
 * forty par2 volumes should not cost forty article fetches to import.
 */
final class ReleaseInspector {

    /** How many extra file names a "no media" refusal lists. */
    private static final int NAMES_LISTED = 5;

    private final FileSizer sizer;
    private final ArticlePresence presence;

    ReleaseInspector(FileSizer sizer, ArticlePresence presence) {
        this.sizer = sizer;
        this.presence = presence;
    }

    PreparedRelease inspect(byte[] bytes, String sha256, Optional<String> nameHint) throws ImportException {
        Nzb nzb = parse(bytes);
        List<NzbFile> files = nzb.files();
        boolean[] media = MediaRules.classify(files.stream().map(NzbFile::name).toList(),
                files.stream().map(NzbFile::encodedBytes).toList());
        int main = mainFile(files, media);
        PresenceReport report = checkPresence(files, media, main);

        List<PreparedFile> prepared = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < files.size(); i++) {
            NzbFile f = files.get(i);
            String name = Names.unique(Names.safeSegment(f.name()).orElse("file " + (i + 1)), taken, true);
            taken.add(name.toLowerCase(Locale.ROOT));
            SizedFile sized = media[i] ? size(f, i == main) : null;
            prepared.add(sized == null
                    ? new PreparedFile(i, name, -1, "", false)
                    : new PreparedFile(i, name, sized.size(), sized.layout(), true));
        }

        Optional<String> hint = nameHint.map(ReleaseInspector::withoutNzbExtension).filter(s -> !s.isBlank());
        String mainStem = Names.stem(files.get(main).name());
        String releaseName = Stream.of(nzb.title(), hint).flatMap(Optional::stream)
                .map(String::strip).filter(s -> !s.isEmpty()).findFirst().orElse(mainStem);
        String itemName = Stream.of(nzb.title(), hint, Optional.of(mainStem)).flatMap(Optional::stream)
                .map(Names::safeSegment).flatMap(Optional::stream).findFirst().orElse("Untitled");
        long postedAt = files.stream().mapToLong(NzbFile::postedAt).filter(t -> t > 0).min().orElse(0);
        return new PreparedRelease(bytes, sha256, releaseName, itemName, postedAt, prepared, report);
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

    /** The largest media file by its encoded size; refuses an NZB without any. */
    private static int mainFile(List<NzbFile> files, boolean[] media) throws ImportException {
        int main = -1;
        for (int i = 0; i < files.size(); i++) {
            if (media[i] && (main < 0 || files.get(i).encodedBytes() > files.get(main).encodedBytes())) main = i;
        }
        if (main < 0) {
            List<String> names = files.stream().map(NzbFile::name).limit(NAMES_LISTED).toList();
            throw new ImportException(Reason.UNPLAYABLE, "the NZB holds no media files, only "
                    + String.join(", ", names) + (files.size() > NAMES_LISTED ? ", ..." : ""));
        }
        return main;
    }

    private PresenceReport checkPresence(List<NzbFile> files, boolean[] media, int main) throws ImportException {
        List<NzbSegment> sample = PresenceSample.choose(files, media, main);
        PresenceReport report;
        try {
            report = presence.check(sample);
        } catch (IOException e) {
            throw new ImportException(Reason.PROVIDERS_UNAVAILABLE,
                    "the providers could not be asked whether the articles exist, try again later: " + e.getMessage(), e);
        }
        NzbSegment first = files.get(main).segments().get(0);
        if (report.missingIds().contains(first.messageId())) {
            throw new ImportException(Reason.UNPLAYABLE, "the first article of \"" + files.get(main).name()
                    + "\" (<" + first.messageId() + ">) is missing on every provider: this release cannot be played");
        }
        return report;
    }

    /** The file's size, or null when its articles are gone for good (the main file then refuses the import). */
    private SizedFile size(NzbFile file, boolean isMain) throws ImportException {
        try {
            return sizer.size(file);
        } catch (ReadFailure e) {
            if (!e.permanent()) throw unavailable(file, e);
            if (isMain) {
                throw new ImportException(Reason.UNPLAYABLE, "the size of \"" + file.name()
                        + "\" cannot be learned, its first article cannot be read: " + e.getMessage(), e);
            }
            return null;
        } catch (IOException e) {
            throw unavailable(file, e);
        }
    }

    private static ImportException unavailable(NzbFile file, IOException e) {
        return new ImportException(Reason.PROVIDERS_UNAVAILABLE, "the size of \"" + file.name()
                + "\" could not be learned now, try again later: " + e.getMessage(), e);
    }

    private static String withoutNzbExtension(String name) {
        String s = name.strip();
        return s.toLowerCase(Locale.ROOT).endsWith(".nzb") ? s.substring(0, s.length() - 4) : s;
    }
}
