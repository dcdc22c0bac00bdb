package io.nzbmount.config;

import java.net.URI;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Reads the {@code downloads} section: the download client for Sonarr and Radarr. */
final class DownloadsReader {

    /** A category is also a folder name and a URL parameter: keep it to plain lower-case words. */
    private static final String CATEGORY = "[a-z0-9][a-z0-9._-]{0,63}";

    private DownloadsReader() {}

    static DownloadSettings read(Section s) {
        Optional<Path> completeDir = path(s, "completeDir", false);
        DownloadSettings.Layout layout = layout(s);
        Optional<Path> mountPath = path(s, "mountPath", true);
        if (layout == DownloadSettings.Layout.SYMLINK && mountPath.isEmpty() && !s.reported("mountPath")) {
            s.problem(
                    "mountPath",
                    "required with layout: symlink (the folder where /dav/ is mounted, e.g." + " /mnt/nzbmount)",
                    null);
        }
        List<String> categories = categories(s);
        Optional<URI> publicUrl = publicUrl(s);
        DownloadSettings.StrmLinks strmLinks = strmLinks(s);
        int streamLinkHours = s.integer(
                "streamLinkHours",
                DownloadSettings.DEFAULT_STREAM_LINK_HOURS,
                1,
                DownloadSettings.MAX_STREAM_LINK_HOURS);
        List<HostPort> allowedNzbHosts = allowedNzbHosts(s);
        s.finish();
        return new DownloadSettings(
                completeDir, layout, mountPath, categories, publicUrl, strmLinks, streamLinkHours, allowedNzbHosts);
    }

    private static DownloadSettings.StrmLinks strmLinks(Section s) {
        return word(
                s,
                "strmLinks",
                DownloadSettings.StrmLinks.values(),
                DownloadSettings.StrmLinks::word,
                DownloadSettings.StrmLinks.DAV,
                "dav or signed");
    }

    /** An http(s) URL of scheme, host and port only (a {@code .strm} URL adds {@code /dav/...}). */
    private static Optional<URI> publicUrl(Section s) {
        Optional<Section.Value> raw = s.value("publicUrl");
        if (raw.isEmpty() || raw.get().text().isBlank()) return Optional.empty();
        HttpUrls.Parsed parsed = HttpUrls.parse(raw.get().text());
        URI uri = parsed.uri();
        String problem = parsed.problem();
        String path = uri == null || uri.getRawPath() == null ? "" : uri.getRawPath();
        if (problem == null
                && (!path.isEmpty() && !path.equals("/")
                        || uri.getRawQuery() != null
                        || uri.getRawFragment() != null)) {
            problem = "must be scheme, host and port only, like http://nas.lan:8080 (the .strm URLs add /dav/...)";
        }
        if (problem != null) {
            s.problem("publicUrl", problem + ", got " + Section.quote(raw.get().text()), raw.get());
            return Optional.empty();
        }
        return Optional.of(URI.create(uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority() + "/"));
    }

    private static List<HostPort> allowedNzbHosts(Section s) {
        List<Section.Value> raw = s.textList("allowedNzbHosts");
        List<HostPort> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            Optional<HostPort> host = HostPort.parse(raw.get(i).text());
            String key = "allowedNzbHosts[" + i + "]";
            if (host.isEmpty()) {
                s.problem(
                        key,
                        "must be a host name or IP address with an optional port, like indexer.lan,"
                                + " 127.0.0.1:5076 or [fd00::5]:5076 (no scheme or path), got "
                                + Section.quote(raw.get(i).text()),
                        raw.get(i));
            } else if (host.get().linkLocal()) {
                s.problem(
                        key,
                        Section.quote(raw.get(i).text()) + " is a link-local address (where cloud metadata"
                                + " services answer); NZBs are never fetched from there",
                        raw.get(i));
            } else {
                out.add(host.get());
            }
        }
        return out;
    }

    private static DownloadSettings.Layout layout(Section s) {
        return word(
                s,
                "layout",
                DownloadSettings.Layout.values(),
                DownloadSettings.Layout::word,
                DownloadSettings.Layout.STRM,
                "strm or symlink");
    }

    /** The value of an enum key by its word (any case); {@code fallback} when unset or wrong (then a problem). */
    private static <E extends Enum<E>> E word(
            Section s, String key, E[] values, Function<E, String> word, E fallback, String allowed) {
        Optional<Section.Value> raw = s.value(key);
        if (raw.isEmpty() || raw.get().text().isBlank()) return fallback;
        String asked = raw.get().text().strip().toLowerCase(Locale.ROOT);
        for (E v : values) {
            if (word.apply(v).equals(asked)) return v;
        }
        s.problem(key, "must be " + allowed + ", got " + Section.quote(raw.get().text()), raw.get());
        return fallback;
    }

    private static Optional<Path> path(Section s, String key, boolean absolute) {
        Optional<Section.Value> raw = s.value(key);
        if (raw.isEmpty() || raw.get().text().isBlank()) return Optional.empty();
        try {
            Path p = Path.of(raw.get().text().strip());
            if (absolute && !p.isAbsolute()) {
                s.problem(
                        key,
                        "must be an absolute path, got "
                                + Section.quote(raw.get().text()),
                        raw.get());
                return Optional.empty();
            }
            return Optional.of(p);
        } catch (InvalidPathException e) {
            s.problem(key, "not a valid path: " + e.getReason(), raw.get());
            return Optional.empty();
        }
    }

    private static List<String> categories(Section s) {
        List<Section.Value> raw = s.textList("categories");
        if (raw.isEmpty()) return DownloadSettings.DEFAULT_CATEGORIES;
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < raw.size(); i++) {
            String name = raw.get(i).text();
            String key = "categories[" + i + "]";
            if (!name.matches(CATEGORY)) {
                s.problem(
                        key,
                        "must be a lower-case word of letters, digits, '.', '_' or '-' (like tv or movies)," + " got "
                                + Section.quote(name),
                        raw.get(i));
            } else if (!seen.add(name)) {
                s.problem(key, Section.quote(name) + " is listed twice", raw.get(i));
            } else {
                out.add(name);
            }
        }
        return out.isEmpty() ? DownloadSettings.DEFAULT_CATEGORIES : out;
    }
}
