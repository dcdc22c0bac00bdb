package io.nzbmount.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The download client for Sonarr and Radarr (SABnzbd's API): where finished "downloads" appear
 * and what they hold.
 *
 * @param completeDir where job folders are made ({@code <completeDir>/<category>/<job>}); empty:
 *                    {@code <server.dataDir>/complete}
 * @param layout      what a job folder holds
 * @param mountPath   where the user mounts {@code /dav/} (an rclone mount); required for
 *                    {@link Layout#SYMLINK}, absolute
 * @param categories  the categories offered, each also the name of its folder under completeDir;
 *                    at least one, unique
 */
public record DownloadSettings(Optional<Path> completeDir, Layout layout, Optional<Path> mountPath,
                               List<String> categories) {

    /** The categories when none are configured: Sonarr's and Radarr's defaults. */
    public static final List<String> DEFAULT_CATEGORIES = List.of("tv", "movies");

    /** What a finished job's folder holds. */
    public enum Layout {
        /** One {@code .strm} file per media file, holding the file's WebDAV URL. */
        STRM,
        /** One symbolic link per media file, to the file under {@code mountPath}. */
        SYMLINK;

        /** The word used in the configuration. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public DownloadSettings {
        Objects.requireNonNull(completeDir, "completeDir");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(mountPath, "mountPath");
        categories = List.copyOf(categories);
    }

    public static DownloadSettings defaults() {
        return new DownloadSettings(Optional.empty(), Layout.STRM, Optional.empty(), DEFAULT_CATEGORIES);
    }
}
