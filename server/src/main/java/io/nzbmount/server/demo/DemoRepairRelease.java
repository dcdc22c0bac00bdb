package io.nzbmount.server.demo;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.repair.par2.Par2Exception;
import io.nzbmount.server.repair.par2.RecoveryWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The demo's release with real holes, PAR2 recovery files and no standby: the film posted with a
 * par2 index and one recovery volume made by our own PAR2 code, then one article of the film
 * taken down. The server rebuilds that article from the recovery data within seconds of start,
 * and the item's page shows the repair. Stateless.
 */
public final class DemoRepairRelease {
    /** The release's name and its item's name in the library. */
    public static final String TITLE = "Demo.Repaired.Film.2024.360p";
    /** The film's file name. */
    public static final String FILE = TITLE + ".mkv";

    private static final int PART_SIZE = 128 * 1024;
    private static final int SLICE_SIZE = 16 * 1024;
    /** Recovery slices: one article touches at most nine slices of 16 KiB. */
    private static final int RECOVERY_SLICES = 12;
    /** The article taken down: not the first, which places the others. */
    private static final int HOLE = 2;

    private DemoRepairRelease() {}

    /** Posts the release to {@code server}, takes the hole's article down, and returns its NZB. */
    public static byte[] post(EmbeddedNntpServer server, byte[] film) {
        Map<String, byte[]> files = Map.of(FILE, film);
        byte[] index = Par2IndexWriter.write(files, SLICE_SIZE);
        byte[] volume;
        try {
            volume = RecoveryWriter.volume(index, files, 0, RECOVERY_SLICES);
        } catch (Par2Exception e) {
            throw new IllegalStateException("the demo's own par2 index does not read back", e);
        }
        PostedFile posted = server.post(FILE, film, PART_SIZE);
        PostedFile par2 = server.post(TITLE + ".par2", index, PART_SIZE);
        PostedFile vol = server.post(TITLE + ".vol00+" + RECOVERY_SLICES + ".par2", volume, PART_SIZE);
        server.removeArticle(posted.messageIds().get(HOLE));
        return NzbWriter.write(List.of(posted, par2, vol), TITLE).getBytes(StandardCharsets.UTF_8);
    }
}
