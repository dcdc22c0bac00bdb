package io.nzbmount.server.kodi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The Kodi repository add-on {@code repository.nzbmount} for one server address: installed from
 * zip, it makes Kodi read {@code BASE/kodi/addons.xml} (and its md5) to offer NZBMount's add-on and
 * its updates. The address is the one the request came to (the server answers only allowed host
 * names); no login is put in it. Stateless.
 */
final class RepositoryAddon {
    static final String ID = "repository.nzbmount";
    static final String VERSION = "1.0.0";
    private static final FileTime FIXED_TIME = FileTime.from(Instant.parse("2024-01-01T00:00:00Z"));

    private RepositoryAddon() {}

    /** The repository's addon.xml for a server reached at {@code base} ({@code http://host:port}). */
    static String manifest(String base) {
        String kodi = escape(base) + "/kodi/";
        return """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <addon id="%s" name="NZBMount repository" version="%s" provider-name="NZBMount">
                  <extension point="xbmc.addon.repository" name="NZBMount repository">
                    <dir>
                      <info compressed="false">%saddons.xml</info>
                      <checksum>%saddons.xml.md5</checksum>
                      <datadir zip="true">%s</datadir>
                    </dir>
                  </extension>
                  <extension point="xbmc.addon.metadata">
                    <summary lang="en_GB">NZBMount's add-on from the NZBMount server at %s</summary>
                    <description lang="en_GB">Offers the NZBMount add-on and its updates from this server.</description>
                    <platform>all</platform>
                  </extension>
                </addon>
                """.formatted(ID, VERSION, kodi, kodi, kodi, escape(base));
    }

    /** The repository add-on as a zip Kodi installs. */
    static byte[] zip(String base) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            ZipEntry entry = new ZipEntry(ID + "/addon.xml");
            entry.setLastModifiedTime(FIXED_TIME);
            zip.putNextEntry(entry);
            zip.write(manifest(base).getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException("a zip in memory cannot fail to write", e);
        }
        return bytes.toByteArray();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
