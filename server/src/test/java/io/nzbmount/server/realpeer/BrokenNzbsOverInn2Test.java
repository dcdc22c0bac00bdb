package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * NZBs as takedowns and re-posts leave them, posted with nyuu to inn2, with real cancelled
 * articles, imported and read whole over HTTP with curl: a part the NZB lists twice (its first
 * copy cancelled) and an NZB whose list lacks the last part (with a cancelled article in the
 * middle).
 */
@Tag("realpeer")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class BrokenNzbsOverInn2Test {
    private static final int PART = RealPeer.PART_SIZE;
    private static final long SIZE = 8L * PART + 123_457;
    private static final Pattern SEGMENT =
            Pattern.compile("<segment bytes=\"(\\d+)\" number=\"(\\d+)\">([^<]+)</segment>");

    @TempDir(factory = TargetTempDir.class)
    Path work;

    /** One {@code <segment>} of an NZB as nyuu wrote it. */
    private record Segment(int number, String element, String id) {}

    private static List<Segment> segments(String nzb) {
        List<Segment> out = new ArrayList<>();
        Matcher m = SEGMENT.matcher(nzb);
        while (m.find()) out.add(new Segment(Integer.parseInt(m.group(2)), m.group(), m.group(3)));
        return out;
    }

    private static Segment numbered(List<Segment> segments, int number) {
        return segments.stream().filter(s -> s.number() == number).findFirst().orElseThrow();
    }

    /** The body of a full GET with curl, kept whether or not the response ended early. */
    private Path get(String url, String name) throws Exception {
        Path body = work.resolve(name);
        Tool.command("curl", "-sS", "--max-time", "240", "-o", body.toString(), url)
                .timeout(Duration.ofSeconds(250))
                .run();
        return body;
    }

    @Test
    void partListedTwiceIsServedWholeFromItsRepostWhenTheFirstCopyIsCancelled() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("curl");
        Path film = RealPeer.randomFile(SIZE, 2601);
        String first = Files.readString(RealPeer.postFile(film), StandardCharsets.UTF_8);
        // The same file posted again: every part re-posted under new message ids.
        String again = Files.readString(RealPeer.postFile(film), StandardCharsets.UTF_8);
        Segment gone = numbered(segments(first), 4);
        Segment repost = numbered(segments(again), 4);
        assertNotEquals(gone.id(), repost.id());
        String nzb = first.replace(gone.element(), gone.element() + "\n" + repost.element());
        RealPeer.cancelArticle(gone.id());

        try (LibraryServer server = LibraryServer.onInn2(work.resolve("data"))) {
            LibraryServer.MountedFile file = server.importNzb(nzb.getBytes(StandardCharsets.UTF_8), "Listed Twice")
                    .get(0);
            assertEquals(SIZE, file.size());
            Originals.assertSameFile(
                    film, get(file.uri().toString(), "listed-twice.bin"), "GET of a part listed twice");
        }
    }

    @Test
    void nzbLackingItsLastSegmentImportsAndServesEveryByteBeforeTheFirstUnavailableOne() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("curl");
        Path film = RealPeer.randomFile(SIZE, 2602);
        String posted = Files.readString(RealPeer.postFile(film), StandardCharsets.UTF_8);
        List<Segment> segments = segments(posted);
        assertEquals(9, segments.size());
        String nzb = posted.replace(numbered(segments, 9).element(), "");
        Segment middle = numbered(segments, 5);
        RealPeer.cancelArticle(middle.id());

        try (LibraryServer server = LibraryServer.onInn2(work.resolve("data"))) {
            LibraryServer.MountedFile file = server.importNzb(nzb.getBytes(StandardCharsets.UTF_8), "Lacks Its Tail")
                    .get(0);
            assertEquals(SIZE, file.size(), "the size comes from the articles, not from the list");
            Path body = get(file.uri().toString(), "lacks-its-tail.bin");
            long firstUnavailable = 4L * PART;
            assertEquals(firstUnavailable, Files.size(body), "the response ends at the cancelled article");
            Originals.assertSameBytes(film, 0, Files.readAllBytes(body), "bytes before the cancelled article");

            // Past the cancelled article the parts still listed are served exactly, up to the tail.
            Path ranged = work.resolve("after-the-gap.bin");
            long from = 5L * PART;
            long to = 8L * PART - 1;
            Tool.command(
                            "curl",
                            "-sS",
                            "-r",
                            from + "-" + to,
                            "-o",
                            ranged.toString(),
                            file.uri().toString())
                    .run()
                    .assertSuccess();
            assertEquals(to - from + 1, Files.size(ranged));
            Originals.assertSameBytes(film, from, Files.readAllBytes(ranged), "bytes between the gap and the tail");
        }
    }
}
