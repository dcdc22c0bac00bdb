package io.nzbmount.server.http;

import java.util.Locale;
import java.util.Map;

/**
 * Content-Type of a served file from its extension. Never {@code text/html}: some players (Kodi)
 * take an HTML answer for a folder, so HTML files are sent as opaque bytes.
 */
public final class ContentTypes {

    /** Type of anything not listed. */
    public static final String DEFAULT = "application/octet-stream";

    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("mkv", "video/x-matroska"),
            Map.entry("mk3d", "video/x-matroska"),
            Map.entry("mka", "audio/x-matroska"),
            Map.entry("mks", "video/x-matroska"),
            Map.entry("mp4", "video/mp4"),
            Map.entry("m4v", "video/mp4"),
            Map.entry("m4a", "audio/mp4"),
            Map.entry("avi", "video/x-msvideo"),
            Map.entry("ts", "video/mp2t"),
            Map.entry("m2ts", "video/mp2t"),
            Map.entry("mts", "video/mp2t"),
            Map.entry("webm", "video/webm"),
            Map.entry("mov", "video/quicktime"),
            Map.entry("wmv", "video/x-ms-wmv"),
            Map.entry("mpg", "video/mpeg"),
            Map.entry("mpeg", "video/mpeg"),
            Map.entry("vob", "video/mpeg"),
            Map.entry("flv", "video/x-flv"),
            Map.entry("ogv", "video/ogg"),
            Map.entry("mp3", "audio/mpeg"),
            Map.entry("flac", "audio/flac"),
            Map.entry("aac", "audio/aac"),
            Map.entry("ogg", "audio/ogg"),
            Map.entry("opus", "audio/opus"),
            Map.entry("wav", "audio/wav"),
            Map.entry("srt", "application/x-subrip"),
            Map.entry("ass", "text/x-ssa"),
            Map.entry("ssa", "text/x-ssa"),
            Map.entry("vtt", "text/vtt"),
            Map.entry("sub", "text/plain"),
            Map.entry("nfo", "text/plain"),
            Map.entry("txt", "text/plain"),
            Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"),
            Map.entry("png", "image/png"),
            Map.entry("nzb", "application/x-nzb"),
            Map.entry("iso", "application/x-iso9660-image"),
            Map.entry("rar", "application/vnd.rar"),
            Map.entry("zip", "application/zip"),
            Map.entry("7z", "application/x-7z-compressed"));

    private ContentTypes() {}

    /** The Content-Type for a file name; {@link #DEFAULT} when the extension is unknown. */
    public static String forName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0 || dot == fileName.length() - 1) {
            return DEFAULT;
        }
        return BY_EXTENSION.getOrDefault(fileName.substring(dot + 1).toLowerCase(Locale.ROOT), DEFAULT);
    }
}
