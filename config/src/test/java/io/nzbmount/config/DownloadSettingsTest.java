package io.nzbmount.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DownloadSettingsTest {

    private static Settings load(String yaml, Map<String, String> env) throws ConfigException {
        return ConfigLoader.fromText(yaml, "test.yaml", env);
    }

    private static List<String> problems(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml, Map.of())).problems();
    }

    @Test
    void withoutTheSectionTheClientOffersTvAndMoviesAsStrmFiles() throws ConfigException {
        DownloadSettings d = load("", Map.of()).downloads();
        assertEquals(DownloadSettings.Layout.STRM, d.layout());
        assertEquals(List.of("tv", "movies"), d.categories());
        assertEquals(Optional.empty(), d.completeDir());
    }

    @Test
    void thePublicUrlIsSchemeHostAndPortOnly() throws ConfigException {
        assertEquals(
                Optional.of(java.net.URI.create("https://media.example.lan:8443/")),
                load("downloads: {publicUrl: 'HTTPS://media.example.lan:8443'}", Map.of())
                        .downloads()
                        .publicUrl());
        assertEquals(
                Optional.of(java.net.URI.create("http://10.0.0.5:8080/")),
                load("", Map.of("NZBMOUNT_DOWNLOADS_PUBLICURL", "http://10.0.0.5:8080/"))
                        .downloads()
                        .publicUrl());
        assertTrue(problems("downloads: {publicUrl: 'http://nas.lan:8080/dav'}")
                .getFirst()
                .startsWith("downloads.publicUrl: must be scheme, host and port only"));
        assertTrue(problems("downloads: {publicUrl: 'ftp://nas.lan/'}")
                .getFirst()
                .startsWith("downloads.publicUrl: must be an http:// or https:// URL"));
        assertTrue(problems("downloads: {publicUrl: 'http://u:p@nas.lan/'}")
                .getFirst()
                .startsWith("downloads.publicUrl: must not contain a user name or password"));
    }

    @Test
    void symlinkLayoutTakesAnAbsoluteMountPathAndCategoriesFromTheEnvironment() throws ConfigException {
        DownloadSettings d = load(
                        "downloads: {layout: symlink, mountPath: /mnt/nzb, completeDir: /srv/c}",
                        Map.of("NZBMOUNT_DOWNLOADS_CATEGORIES", "tv,anime"))
                .downloads();
        assertEquals(DownloadSettings.Layout.SYMLINK, d.layout());
        assertEquals(Optional.of(Path.of("/mnt/nzb")), d.mountPath());
        assertEquals(Optional.of(Path.of("/srv/c")), d.completeDir());
        assertEquals(List.of("tv", "anime"), d.categories());
    }

    @Test
    void strmFilesHoldSignedLinksOnlyWhenAskedAndLinkHoursAreBounded() throws ConfigException {
        DownloadSettings d = load("", Map.of()).downloads();
        assertEquals(DownloadSettings.StrmLinks.DAV, d.strmLinks());
        assertEquals(48, d.streamLinkHours());
        DownloadSettings signed = load("downloads: {strmLinks: Signed, streamLinkHours: 6}", Map.of())
                .downloads();
        assertEquals(DownloadSettings.StrmLinks.SIGNED, signed.strmLinks());
        assertEquals(6, signed.streamLinkHours());
        assertTrue(problems("downloads: {strmLinks: public}")
                .getFirst()
                .startsWith("downloads.strmLinks: must be dav or signed"));
        assertTrue(problems("downloads: {streamLinkHours: 0}").getFirst().startsWith("downloads.streamLinkHours"));
    }

    @Test
    void symlinkLayoutWithoutMountPathIsAnError() {
        List<String> p = problems("downloads: {layout: symlink}");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).startsWith("downloads.mountPath: required with layout: symlink"), p.toString());
    }

    @Test
    void badLayoutRelativeMountPathAndBadCategoriesAreNamedWithTheirKeys() {
        List<String> p = problems("downloads: {layout: copy, mountPath: mnt, categories: [tv, TV Shows, tv]}");
        assertEquals(
                List.of(
                        "downloads.layout: must be strm or symlink, got 'copy'",
                        "downloads.mountPath: must be an absolute path, got 'mnt'",
                        "downloads.categories[1]: must be a lower-case word of letters, digits, '.', '_' or '-' (like tv or"
                                + " movies), got 'TV Shows'",
                        "downloads.categories[2]: 'tv' is listed twice"),
                p);
    }
}
