package io.nzbmount.server.library.importing;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.store.Database;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Nameless files take their real names from every par2 set of the release, never one name twice. */
class Par2NamingTest {
    @TempDir
    Path dir;

    Database db;
    final FakeSizer sizer = new FakeSizer();

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
    }

    @AfterEach
    void close() throws Exception {
        db.close();
    }

    private List<String> importedNames(byte[] nzb) throws Exception {
        LibraryImporter importer = new LibraryImporter(
                db,
                sizer,
                new FakePresence(),
                ArchiveReader.STANDARD,
                new MutableClock(Instant.parse("2025-03-01T10:00:00Z")),
                5);
        return importer.importNzb(nzb, Optional.of("release")).item().files().stream()
                .map(LibraryFileView::name)
                .toList();
    }

    /** A file of {@code segments} parts (as the sizer sizes it) starting with {@code head}, zeros after. */
    private static byte[] content(byte[] head, int segments) {
        return Arrays.copyOf(head, (int) FakeSizer.expectedSize(segments));
    }

    private static byte[] head(String text) {
        return ("\u001aE\u00df\u00a3 " + text).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static final String A = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
    private static final String B = "1b2c3d4e5f60718293a4b5c6d7e8f90a";

    /** Posts A and B as nameless files starting with these texts. */
    private void nameless(String startOfA, String startOfB) {
        sizer.heads.put(A, head(startOfA));
        sizer.heads.put(B, head(startOfB));
    }

    /** A par2 index file describing files that start with a text: name, text, segment count, ... */
    private static byte[] par2(Object... described) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < described.length; i += 3) {
            files.put((String) described[i], content(head((String) described[i + 1]), (Integer) described[i + 2]));
        }
        return Par2IndexWriter.write(files, 1 << 20);
    }

    @Test
    void everyPar2SetOfTheReleaseNamesItsFiles() throws Exception {
        nameless("film", "extra");
        sizer.heads.put("film.par2", par2("Real.Film.2020.mkv", "film", 4));
        sizer.heads.put("extras.par2", par2("Real.Film.2020.Extras.mkv", "extra", 3));

        List<String> names = importedNames(TestNzbs.nzb(
                "two-sets",
                null,
                List.of(
                        file(A, 4, 740_000),
                        file(B, 3, 740_000),
                        file("film.par2", 1, 30_000),
                        file("extras.par2", 1, 30_000))));

        assertEquals(List.of("Real.Film.2020.mkv", "Real.Film.2020.Extras.mkv"), names.subList(0, 2));
    }

    @Test
    void twoFilesWithTheSameFirst16KiBNeverGetTheSameName() throws Exception {
        nameless("same start", "same start");
        sizer.heads.put("show.par2", par2("Episode.01.mkv", "same start", 4, "Episode.02.mkv", "same start", 3));

        List<String> names = importedNames(TestNzbs.nzb(
                "same-hash", null, List.of(file(A, 3, 740_000), file(B, 4, 740_000), file("show.par2", 1, 30_000))));

        assertEquals(List.of("Episode.02.mkv", "Episode.01.mkv"), names.subList(0, 2), "told apart by their sizes");
    }

    @Test
    void aDescriptionTwoPostedFilesMatchNamesNeither() throws Exception {
        nameless("same start", "same start");
        sizer.heads.put("show.par2", par2("Episode.01.mkv", "same start", 4));

        List<String> names = importedNames(TestNzbs.nzb(
                "same-file", null, List.of(file(A, 4, 740_000), file(B, 4, 740_000), file("show.par2", 1, 30_000))));

        assertEquals(List.of(A, B), names.subList(0, 2));
    }
}
