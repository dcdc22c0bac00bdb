package io.nzbmount.webui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the browser UI's static files live: on the class path under {@code webui/} in this
 * module's jar. The server serves them at {@code /}; the UI itself routes with hash fragments
 * ({@code #/items/7}), so every page is {@code index.html}.
 *
 * <p>Stateless and thread safe.
 */
public final class WebUi {

    /** The page served for {@code /}. */
    public static final String INDEX = "index.html";

    /** Class-path folder of the files, without leading or trailing slash. */
    private static final String ROOT = "webui";

    /**
     * Names that may be asked for: path segments of letters, digits, dot, dash and underscore,
     * none starting with a dot. This rules out {@code ..}, hidden files, back slashes and
     * percent escapes before the class loader is ever asked.
     */
    private static final Pattern SAFE_NAME =
            Pattern.compile("([A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private WebUi() {}

    /** Whether {@code name} is a well-formed resource name (it may still not exist). */
    public static boolean isSafeName(String name) {
        return name.length() <= 200 && SAFE_NAME.matcher(name).matches();
    }

    /**
     * The bytes of the UI file {@code name} (relative, e.g. {@code "app.js"}), empty when there is
     * no such file or the name is not {@linkplain #isSafeName safe}.
     *
     * @throws UncheckedIOException when the file exists but cannot be read
     */
    public static Optional<byte[]> read(String name) {
        if (!isSafeName(name)) {
            return Optional.empty();
        }
        try (InputStream in = WebUi.class.getClassLoader().getResourceAsStream(ROOT + "/" + name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read UI file " + name, e);
        }
    }
}
