package io.nzbmount.server.library.naming;

import io.nzbmount.server.release.Episodes;
import io.nzbmount.server.release.ReleaseInfo;
import io.nzbmount.server.release.ReleaseName;
import java.util.Optional;

/**
 * The library folder name of a new item, the same for every way an item is imported (upload,
 * REST, watch folder, WebDAV {@code PUT}, the download client's {@code addfile} and
 * {@code addurl}, the demo), so that Kodi's and Jellyfin's scrapers find the content. Pure and
 * thread-safe.
 *
 * <p>A name that says a year or an episode ({@link ReleaseName#parse}) is written the way the
 * scrapers match best: {@code Title (Year)} for a film, {@code Title S01E02} or
 * {@code Title (Year) S01E02} for an episode (the season or air date for other series releases).
 * {@code Demo.Clock.2024.SD.PCM-NZBMOUNT} and {@code Demo Clock (2024)} both give
 * {@code Demo Clock (2024)}. A name that says neither is kept as written: without a year or an
 * episode the parser cannot tell the title from the rest. Either way the name is then made safe
 * as a path segment ({@link Names#safeSegment}); the importer makes it unique.
 */
public final class ItemNames {
    private ItemNames() {}

    /** The folder name for an item named {@code name}; empty when nothing usable is left. */
    public static Optional<String> folder(String name) {
        return Names.safeSegment(scraperName(name));
    }

    private static String scraperName(String name) {
        ReleaseInfo info = ReleaseName.parse(name);
        boolean episode = !(info.episodes() instanceof Episodes.None);
        if (!info.recognised() || !(info.hasYear() || episode)) return name;
        StringBuilder folder = new StringBuilder(info.title());
        if (info.hasYear()) folder.append(" (").append(info.year()).append(')');
        if (episode) folder.append(' ').append(info.episodes().label());
        return folder.toString();
    }
}
