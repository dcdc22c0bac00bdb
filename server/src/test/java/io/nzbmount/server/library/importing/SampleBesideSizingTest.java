package io.nzbmount.server.library.importing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Slice;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.SizedFile;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.store.Database;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An import's STAT sample and the main file's sizing (its first article) are each a round trip
 * to the providers, and neither needs the other's answer: both are out at once. Each side here
 * waits for the other to have started; asked one after the other, the first waits in vain.
 */
class SampleBesideSizingTest {

    /** Far longer than either side takes once the other has started. */
    private static final long PATIENCE_SECONDS = 10;

    @TempDir
    Path dir;

    Database db;
    final CountDownLatch sampleOut = new CountDownLatch(1);
    final CountDownLatch sizingOut = new CountDownLatch(1);
    volatile boolean sampleSawSizing;
    volatile boolean sizingSawSample;

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
    }

    @AfterEach
    void close() throws Exception {
        db.close();
    }

    @Test
    void theSampleIsAskedWhileTheMainFileIsSized() throws Exception {
        FakePresence answers = new FakePresence();
        ArticlePresence presence = segments -> {
            sampleOut.countDown();
            sampleSawSizing = await(sizingOut);
            return answers.check(segments);
        };
        FakeSizer sizes = new FakeSizer();
        ReleaseReader reader = new ReleaseReader() {
            @Override
            public SizedFile size(NzbFile file) throws IOException {
                sizingOut.countDown();
                sizingSawSample = await(sampleOut);
                return sizes.size(file);
            }

            @Override
            public byte[] read(NzbFile file, SizedFile sized, long offset, int length) throws IOException {
                return sizes.read(file, sized, offset, length);
            }

            @Override
            public String splice(List<NzbFile> volumes, List<SizedFile> sized, List<Slice> slices) {
                return sizes.splice(volumes, sized, slices);
            }
        };
        LibraryImporter importer =
                new LibraryImporter(db, reader, presence, new MutableClock(Instant.parse("2025-03-01T10:00:00Z")), 2);

        ImportResult r = importer.importNzb(TestNzbs.film("a", "T"), Optional.empty());

        assertTrue(sampleSawSizing, "the main file's first article was not asked while the sample was out");
        assertTrue(sizingSawSample, "the sample was not out while the main file was sized");
        assertEquals(List.of("movie.mkv"), sizes.sized);
        assertEquals(FakeSizer.expectedSize(50), r.item().files().get(0).size());
        NzbSegment first = answers.asked.get(0).get(0);
        assertEquals(TestNzbs.id("a", "movie.mkv", 1), first.messageId());
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
