package io.nzbmount.config;

import java.net.URI;
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
 * @param publicUrl   what a {@code .strm} URL starts with ({@code http://nas.lan:8080/}: scheme, host,
 *                    port and path {@code /}); empty: the server's bind address and port
 * @param strmLinks   what a {@code .strm} file's URL is: the WebDAV path or a signed stream link
 * @param streamLinkHours how long a signed stream link handed out for playing ({@code /api/nzb/streams})
 *                    stays valid, 1..{@value #MAX_STREAM_LINK_HOURS}
 * @param allowedNzbHosts hosts {@code addurl} may fetch from although they are on this machine or
 *                    its network (loopback, the LAN); none by default
 */
public record DownloadSettings(
        Optional<Path> completeDir,
        Layout layout,
        Optional<Path> mountPath,
        List<String> categories,
        Optional<URI> publicUrl,
        StrmLinks strmLinks,
        int streamLinkHours,
        List<HostPort> allowedNzbHosts) {

    /** How long a signed stream link is valid when nothing is configured: two days. */
    public static final int DEFAULT_STREAM_LINK_HOURS = 48;
    /** The longest validity that may be configured: a year. */
    public static final int MAX_STREAM_LINK_HOURS = 8760;

    /** What the URL in a {@code .strm} file is. */
    public enum StrmLinks {
        /** The file's WebDAV URL ({@code /dav/library/<item>/<file>}); a player logs in itself. */
        DAV,
        /** A signed stream link ({@code /s/<token>/<file>}) that needs no login and opens that file alone. */
        SIGNED;

        /** The word used in the configuration. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

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
        Objects.requireNonNull(publicUrl, "publicUrl");
        Objects.requireNonNull(strmLinks, "strmLinks");
        if (streamLinkHours < 1 || streamLinkHours > MAX_STREAM_LINK_HOURS) {
            throw new IllegalArgumentException("streamLinkHours must be 1.." + MAX_STREAM_LINK_HOURS);
        }
        allowedNzbHosts = List.copyOf(allowedNzbHosts);
    }

    /** Settings whose {@code .strm} files hold WebDAV URLs, with signed links valid for the default time. */
    public DownloadSettings(
            Optional<Path> completeDir,
            Layout layout,
            Optional<Path> mountPath,
            List<String> categories,
            Optional<URI> publicUrl) {
        this(
                completeDir,
                layout,
                mountPath,
                categories,
                publicUrl,
                StrmLinks.DAV,
                DEFAULT_STREAM_LINK_HOURS,
                List.of());
    }

    /** Settings that let {@code addurl} fetch from no host of this machine. */
    public DownloadSettings(
            Optional<Path> completeDir,
            Layout layout,
            Optional<Path> mountPath,
            List<String> categories,
            Optional<URI> publicUrl,
            StrmLinks strmLinks,
            int streamLinkHours) {
        this(completeDir, layout, mountPath, categories, publicUrl, strmLinks, streamLinkHours, List.of());
    }

    /** Settings whose {@code .strm} files hold WebDAV URLs. */
    public DownloadSettings(
            Optional<Path> completeDir,
            Layout layout,
            Optional<Path> mountPath,
            List<String> categories,
            Optional<URI> publicUrl,
            List<HostPort> allowedNzbHosts) {
        this(
                completeDir,
                layout,
                mountPath,
                categories,
                publicUrl,
                StrmLinks.DAV,
                DEFAULT_STREAM_LINK_HOURS,
                allowedNzbHosts);
    }

    /** Settings whose {@code .strm} URLs start with the server's bind address and port. */
    public DownloadSettings(
            Optional<Path> completeDir, Layout layout, Optional<Path> mountPath, List<String> categories) {
        this(completeDir, layout, mountPath, categories, Optional.empty());
    }

    public static DownloadSettings defaults() {
        return new DownloadSettings(Optional.empty(), Layout.STRM, Optional.empty(), DEFAULT_CATEGORIES);
    }
}
