package io.nzbmount.kodi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds the add-on's zip and its one-entry Kodi repository index at build time (run by Maven in
 * this module's {@code process-classes} phase):
 *
 * <pre>AddonBuild PROJECT_VERSION SOURCE_DIR DIST_DIR RESOURCE_DIR</pre>
 *
 * writes {@code DIST_DIR/plugin.video.nzbmount-VERSION.zip}, and in {@code RESOURCE_DIR} the same
 * zip as {@code plugin.video.nzbmount.zip}, {@code addons.xml} and {@code addons.xml.md5} (what the
 * server serves under {@code /kodi/}). VERSION is the project's version without a Maven qualifier:
 * Kodi compares plain dotted numbers. The zip is the same bytes for the same sources (entries
 * sorted, fixed times, no compiled Python), on any machine and in any time zone.
 */
public final class AddonBuild {
    static final String ADDON_ID = "plugin.video.nzbmount";
    private static final LocalDateTime FIXED_TIME = LocalDateTime.of(2024, 1, 1, 0, 0);
    private static final Pattern KODI_VERSION = Pattern.compile("[0-9]+(\\.[0-9]+){0,3}");

    private AddonBuild() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: AddonBuild PROJECT_VERSION SOURCE_DIR DIST_DIR RESOURCE_DIR");
        }
        String version = addonVersion(args[0]);
        Path source = Path.of(args[1]);
        Path dist = Files.createDirectories(Path.of(args[2]));
        Path resources = Files.createDirectories(Path.of(args[3]));
        String manifest = manifest(source, version);
        byte[] zip = zip(source, manifest);
        Files.write(dist.resolve(ADDON_ID + "-" + version + ".zip"), zip);
        Files.write(resources.resolve(ADDON_ID + ".zip"), zip);
        byte[] index = repositoryIndex(manifest).getBytes(StandardCharsets.UTF_8);
        Files.write(resources.resolve("addons.xml"), index);
        Files.writeString(resources.resolve("addons.xml.md5"), md5(index), StandardCharsets.US_ASCII);
        System.out.println("built " + ADDON_ID + "-" + version + ".zip (" + zip.length + " bytes)");
    }

    static String addonVersion(String projectVersion) {
        String version = projectVersion.split("-", 2)[0];
        if (!KODI_VERSION.matcher(version).matches()) {
            throw new IllegalArgumentException("cannot make a Kodi version of \"" + projectVersion + "\"");
        }
        return version;
    }

    private static String manifest(Path source, String version) throws IOException {
        String text = Files.readString(source.resolve("addon.xml"), StandardCharsets.UTF_8);
        if (!text.contains("@VERSION@")) throw new IllegalArgumentException("addon.xml has no @VERSION@ to fill in");
        return text.replace("@VERSION@", version);
    }

    static byte[] zip(Path source, String manifest) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(source)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !p.toString().contains("__pycache__"))
                    .filter(p -> !p.toString().endsWith(".pyc") && !p.toString().endsWith(".pyo"))
                    .sorted()
                    .toList();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Path file : files) {
                String name =
                        ADDON_ID + "/" + source.relativize(file).toString().replace('\\', '/');
                ZipEntry entry = new ZipEntry(name);
                // Local DOS time, not an instant: the same bytes in every time zone.
                entry.setTimeLocal(FIXED_TIME);
                zip.putNextEntry(entry);
                zip.write(
                        name.equals(ADDON_ID + "/addon.xml")
                                ? manifest.getBytes(StandardCharsets.UTF_8)
                                : Files.readAllBytes(file));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    static String repositoryIndex(String manifest) {
        String body = manifest.strip().replaceFirst("^<\\?xml[^>]*\\?>\\s*", "");
        return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<addons>\n" + body + "\n</addons>\n";
    }

    private static String md5(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
