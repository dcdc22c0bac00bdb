package io.nzbmount.server.stream;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.cutover.Cutovers;
import io.nzbmount.server.dav.ContentReader;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.MountedFile;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.observe.LiveStream;
import io.nzbmount.server.observe.StreamRegistry;
import io.nzbmount.server.observe.StreamStart;
import io.nzbmount.server.standby.PlaybackTracker;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Opens readers on library files: restores the file's segment map from its stored text (no
 * article fetch; see {@link SegmentMaps}, plain or inside archive volumes), starts a foreground
 * reader at the requested offset and hands it to {@link Cutovers}, whose session the response
 * reads through. Thread-safe.
 */
public final class StreamOpener {
    private static final int CACHED_MAPS = 64;

    private final SegmentMaps segmentMaps;
    private final Usenet usenet;
    private final PlaybackTracker playback;
    private final StreamRegistry streams;
    private final Cutovers cutovers;
    /** By what a map is made from, which no other file can share: ids alone could be given again. */
    private final Map<MapKey, SegmentMap> maps = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<MapKey, SegmentMap> eldest) {
            return size() > CACHED_MAPS;
        }
    };

    /**
     * @param segmentMaps the maps of stored files, built over {@code usenet}
     * @param playback told which items are being played (standby pools follow it)
     * @param streams  where open streams are listed for the health and stream views
     * @param cutovers what every stream reads through: the failure policy decides what a failed
     *                 read means, with automatic cutover off as well as on
     */
    public StreamOpener(
            SegmentMaps segmentMaps,
            Usenet usenet,
            PlaybackTracker playback,
            StreamRegistry streams,
            Cutovers cutovers) {
        this.segmentMaps = segmentMaps;
        this.usenet = usenet;
        this.playback = playback;
        this.streams = streams;
        this.cutovers = cutovers;
    }

    /** A reader of {@code mounted} for a response that reads {@code [offset, end)} in order. */
    ContentReader open(MountedFile mounted, long offset, long end, String client) throws IOException {
        SegmentMap map = map(mounted.file());
        NzbReader reader = usenet.open(map, Priority.FOREGROUND);
        LibraryFileView file = mounted.file();
        LiveStream live = streams.open(
                new StreamStart(
                        mounted.itemId(),
                        mounted.itemName(),
                        file.name(),
                        client,
                        String.valueOf(file.sourceId()),
                        offset,
                        file.size() - offset),
                reader::stats);
        PlaybackTracker.Stream played = playback.opened(mounted.itemId());
        try {
            return cutovers.open(mounted, offset, end, map, reader, played, live);
        } catch (IOException | RuntimeException e) {
            reader.close();
            played.closed();
            live.close();
            throw e;
        }
    }

    /**
     * What a file's map is a function of: the NZB (by its hash), the file's position in it, the
     * map learned at import and the volumes it is spliced from.
     */
    private record MapKey(String nzbSha256, int index, String mapText, List<Integer> volumes) {
        static MapKey of(LibraryFileView f) {
            return new MapKey(f.sourceSha256(), f.index(), f.mapText(), f.volumes());
        }
    }

    private SegmentMap map(LibraryFileView file) throws IOException {
        MapKey key = MapKey.of(file);
        synchronized (maps) {
            SegmentMap cached = maps.get(key);
            if (cached != null) return cached;
        }
        SegmentMap map;
        try {
            map = segmentMaps
                    .restore(file)
                    .orElseThrow(() -> new IOException("the source of " + file.name() + " is gone"));
        } catch (StoreException e) {
            throw new IOException("the library database cannot be read: " + e.getMessage(), e);
        }
        synchronized (maps) {
            maps.put(key, map);
        }
        return map;
    }
}
