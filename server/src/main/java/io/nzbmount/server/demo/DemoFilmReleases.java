package io.nzbmount.server.demo;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.archive.StoredRar5Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo film posted four times to the embedded server, as the same content reaches Usenet:
 * <ul>
 *   <li>{@link #broken()}: the library's primary, with {@link #HOLE_ARTICLES} articles about a
 *       minute in taken down, so every player that reaches them is carried past the hole by a
 *       standby;</li>
 *   <li>{@link #repost()}: the same file posted again, whole;</li>
 *   <li>{@link #obfuscated()}: the film under another name inside a stored RAR5 volume set, every
 *       posted file named by hex digits only, with other article boundaries;</li>
 *   <li>{@link #spare()}: one more whole post, left out of the pool, for the demo indexer to offer.</li>
 * </ul>
 * All four read the same film bytes, generated once; parts are yEnc-encoded when asked for, so
 * memory holds the film and its volumes once each.
 */
public final class DemoFilmReleases {
    public static final String FILE = "Demo.Clock.2024.SD.PCM-NZBMOUNT.avi";
    public static final String TITLE = "Demo.Clock.2024.SD.PCM-NZBMOUNT";
    public static final String REPOST_TITLE = "Demo.Clock.2024.SD.PCM-REPOST";
    public static final String OBFUSCATED_TITLE = "Demo.Clock.2024.PCM-HEXPACK";
    public static final String SPARE_TITLE = "Demo.Clock.2024.SD.PCM-SPARE";
    /** Where the hole starts, in seconds of film. */
    public static final int HOLE_SECOND = 60;

    public static final int HOLE_ARTICLES = 2;
    private static final int PART_SIZE = 384_000;
    private static final int OBFUSCATED_PART_SIZE = 250_000;
    private static final int SPARE_PART_SIZE = 500_000;
    private static final int VOLUME_SIZE = 5_000_000;
    private static final String INNER_NAME = "dc24.avi";
    private static final long MODIFIED = 1_704_067_200L; // 2024-01-01, so the volumes are the same every run

    private final byte[] film;
    private final byte[] broken;
    private final byte[] repost;
    private final byte[] obfuscated;
    private final byte[] spare;
    private final long holeStart;
    private final long holeEnd;

    private DemoFilmReleases(
            byte[] film, byte[] broken, byte[] repost, byte[] obfuscated, byte[] spare, long holeStart, long holeEnd) {
        this.film = film;
        this.broken = broken;
        this.repost = repost;
        this.obfuscated = obfuscated;
        this.spare = spare;
        this.holeStart = holeStart;
        this.holeEnd = holeEnd;
    }

    /** Posts the film's releases to {@code server} and takes the hole's articles down again. */
    public static DemoFilmReleases post(EmbeddedNntpServer server, byte[] film) {
        PostedFile primary = server.postLazy(
                FILE, film.length, PART_SIZE, (o, d, off, len) -> System.arraycopy(film, (int) o, d, off, len));
        PostedSegment first = primary.segmentAt(DemoFilm.offsetOfSecond(HOLE_SECOND));
        long holeEnd = first.begin();
        for (int i = 0; i < HOLE_ARTICLES; i++) {
            PostedSegment s = primary.segments().get(first.number() - 1 + i);
            server.removeArticle(s.messageId());
            holeEnd = s.end();
        }
        PostedFile again = server.postLazy(
                FILE, film.length, PART_SIZE, (o, d, off, len) -> System.arraycopy(film, (int) o, d, off, len));
        PostedFile spare = server.postLazy(
                FILE, film.length, SPARE_PART_SIZE, (o, d, off, len) -> System.arraycopy(film, (int) o, d, off, len));
        return new DemoFilmReleases(
                film,
                nzb(List.of(primary), TITLE),
                nzb(List.of(again), REPOST_TITLE),
                nzb(packed(server, film), OBFUSCATED_TITLE),
                nzb(List.of(spare), SPARE_TITLE),
                first.begin(),
                holeEnd);
    }

    private static List<PostedFile> packed(EmbeddedNntpServer server, byte[] film) {
        List<byte[]> volumes = StoredRar5Writer.write(INNER_NAME, film, VOLUME_SIZE, MODIFIED);
        Map<String, byte[]> byRealName = new LinkedHashMap<>();
        for (int i = 0; i < volumes.size(); i++) {
            byRealName.put(StoredRar5Writer.volumeName("dc24", i, volumes.size()), volumes.get(i));
        }
        List<PostedFile> posted = new ArrayList<>();
        posted.add(
                server.post(hexName("dc24.par2"), Par2IndexWriter.write(byRealName, 256 * 1024), OBFUSCATED_PART_SIZE));
        for (Map.Entry<String, byte[]> v : byRealName.entrySet()) {
            byte[] volume = v.getValue();
            posted.add(server.postLazy(
                    hexName(v.getKey()),
                    volume.length,
                    OBFUSCATED_PART_SIZE,
                    (o, d, off, len) -> System.arraycopy(volume, (int) o, d, off, len)));
        }
        return posted;
    }

    /** A name that says nothing: 32 hex digits derived from the real one (the same every run). */
    public static String hexName(String realName) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(realName.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static byte[] nzb(List<PostedFile> files, String title) {
        return NzbWriter.write(files, title).getBytes(StandardCharsets.UTF_8);
    }

    /** The film's bytes (do not change them). */
    public byte[] film() {
        return film;
    }

    /** The primary's NZB: the post with the hole. */
    public byte[] broken() {
        return broken;
    }

    public byte[] repost() {
        return repost;
    }

    public byte[] obfuscated() {
        return obfuscated;
    }

    public byte[] spare() {
        return spare;
    }

    /** The first film byte the broken post cannot give. */
    public long holeStart() {
        return holeStart;
    }

    /** The first film byte after the hole. */
    public long holeEnd() {
        return holeEnd;
    }
}
