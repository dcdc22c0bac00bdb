package io.nzbmount.config;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/** Reads the {@code rclone} section: the remote control NZBMount asks to refresh the library's listing. */
final class RcloneReader {

    /** The folder of the items; the remote's root must be it or a folder above it. */
    private static final String LIBRARY = "/dav/library/";

    private RcloneReader() {}

    static RcloneSettings read(Section s) {
        Optional<URI> rcUrl = rcUrl(s);
        Optional<Credentials> login = SettingsReader.credentials(s, true);
        String root = remoteRoot(s);
        if (rcUrl.isEmpty() && login.isPresent() && !s.reported("rcUrl")) {
            s.problem(
                    "rcUrl",
                    "required with username and password (the address of rclone's remote control,"
                            + " like http://127.0.0.1:5572)",
                    null);
        }
        s.finish();
        return new RcloneSettings(rcUrl, login, root);
    }

    /** An http(s) URL; never echoed back, as a pasted one may carry a login. */
    private static Optional<URI> rcUrl(Section s) {
        Optional<Section.Value> raw = s.value("rcUrl");
        if (raw.isEmpty() || raw.get().text().isBlank()) return Optional.empty();
        HttpUrls.Parsed parsed = HttpUrls.parse(raw.get().text());
        URI uri = parsed.uri();
        String problem = parsed.problem();
        if (problem != null && uri != null && uri.getHost() != null && uri.getRawUserInfo() != null) {
            problem += "; put them in rclone.username and rclone.password";
        } else if (problem == null && (uri.getRawQuery() != null || uri.getRawFragment() != null)) {
            problem = "must not have a query or fragment";
        }
        if (problem != null) {
            s.problem("rcUrl", problem, raw.get());
            return Optional.empty();
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return Optional.of(URI.create(uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority()
                + (path.endsWith("/") ? path : path + "/")));
    }

    private static String remoteRoot(Section s) {
        Optional<Section.Value> raw = s.value("remoteRoot");
        if (raw.isEmpty() || raw.get().text().isBlank()) return RcloneSettings.DEFAULT_REMOTE_ROOT;
        String text = raw.get().text().strip();
        String root = text.endsWith("/") ? text : text + "/";
        if (!LIBRARY.startsWith(root) || !root.startsWith("/")) {
            s.problem(
                    "remoteRoot",
                    "must be /, /dav/ or /dav/library/ (the path of NZBMount the rclone remote's"
                            + " URL ends in), got " + Section.quote(text),
                    raw.get());
            return RcloneSettings.DEFAULT_REMOTE_ROOT;
        }
        return root;
    }
}
