package io.nzbmount.server.kodi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.app.DemoContent;
import io.nzbmount.server.app.DemoServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The add-on in a real Kodi (Debian's, headless) against {@code ./nzbmount --demo}: the zip the
 * server serves installed and enabled over JSON-RPC, the library and the search listed through
 * the plugin, the clock film played through it while a simulated failure moves the stream to a
 * standby (the position keeps advancing, kodi.log shows the add-on's "Switched" notice), and the
 * bytes Kodi reads equal to the film's. Screenshots of the folders and the notice go to
 * {@code target/kodi-screenshots/}. Skipped without kodi, Xvfb and pulseaudio unless env CI is set.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class RealKodiTest {
    private static final String PLUGIN = "plugin://plugin.video.nzbmount/";
    private static final String NOTICE_SWITCHED = "NZBMount notice: Switched to a standby release";
    private static final Path SCREENSHOTS = Path.of("target", "kodi-screenshots");

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theAddOnListsSearchesAndPlaysThroughASimulatedFailureWithANoticeAndTheFilmsBytes() throws Exception {
        KodiRig.kodiBinary();
        try (DemoServer demo = DemoServer.start()) {
            String base = demo.uri().toString().replaceAll("/$", "");
            byte[] zip = get(base + "/kodi/plugin.video.nzbmount.zip");
            try (KodiRig kodi = KodiRig.start(dir, SCREENSHOTS, home -> prepare(home, zip, base))) {
                try {
                    play(kodi, demo, base);
                } finally {
                    Files.createDirectories(SCREENSHOTS);
                    if (Files.exists(kodi.kodiLog)) {
                        Files.copy(kodi.kodiLog, SCREENSHOTS.resolve("kodi.log"), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
    }

    private void play(KodiRig kodi, DemoServer demo, String base) throws Exception {
        kodi.rpc("Addons.SetAddonEnabled", Map.of("addonid", "plugin.video.nzbmount", "enabled", true));
        JsonNode addon = kodi.rpc(
                        "Addons.GetAddonDetails",
                        Map.of("addonid", "plugin.video.nzbmount", "properties", List.of("enabled", "version")))
                .get("addon");
        assertTrue(addon.get("enabled").asBoolean(), addon.toString());
        kodi.await(
                "the add-on's service",
                Duration.ofSeconds(30),
                () -> kodi.log().contains("[plugin.video.nzbmount] service started"));

        List<String> library = labels(kodi, PLUGIN + "?action=library");
        assertTrue(library.contains(DemoContent.CLOCK_ITEM + "  [ready, 2 standby]"), library.toString());
        showFolder(kodi, PLUGIN + "?action=library", "kodi-library");

        String search = PLUGIN + "?action=results&q=" + URLEncoder.encode("Demo Clock", StandardCharsets.UTF_8)
                + "&type=search";
        List<String> results = labels(kodi, search);
        assertEquals(
                4, results.stream().filter(l -> l.contains("Demo.Clock.2024")).count(), results.toString());
        // The search is about the clock film's item: its primary and both standbys are marked.
        assertEquals(
                3,
                results.stream().filter(l -> l.endsWith("[already a source]")).count(),
                results.toString());
        showFolder(kodi, search, "kodi-search");

        // Both standbys proved before the film plays, so the simulated failure has one to move to.
        kodi.await(
                "the clock film's standbys proved",
                Duration.ofSeconds(90),
                () -> countOf(getText(base + "/api/items/" + demo.filmItem()), "\"state\":\"verified\"") >= 2);
        showFolder(kodi, PLUGIN + "?action=sources&item=" + demo.filmItem(), "kodi-sources");

        kodi.rpc(
                "Player.Open",
                Map.of("item", Map.of("file", PLUGIN + "?action=play&item=" + demo.filmItem() + "&file=0")));
        kodi.await("playback past 2 s", Duration.ofSeconds(60), () -> position(kodi) >= 2.0);
        kodi.await(
                "the add-on watching the film",
                Duration.ofSeconds(30),
                () -> kodi.log().contains("[plugin.video.nzbmount] watching item " + demo.filmItem()));
        int noticesBefore = countOf(kodi.log(), NOTICE_SWITCHED);

        post(base + "/api/items/" + demo.filmItem() + "/simulate-failure");
        kodi.await(
                "the simulated failure's cutover",
                Duration.ofSeconds(60),
                () -> countOf(getText(base + "/api/events?item=" + demo.filmItem()), "\"kind\":\"simulated\"") >= 1);
        kodi.await(
                "the Switched notice in kodi.log",
                Duration.ofSeconds(30),
                () -> countOf(kodi.log(), NOTICE_SWITCHED) > noticesBefore);
        kodi.await(
                "the notice on screen",
                Duration.ofSeconds(15),
                () -> kodi.rpc("XBMC.GetInfoBooleans", Map.of("booleans", List.of("Window.IsVisible(notification)")))
                        .path("Window.IsVisible(notification)")
                        .asBoolean());
        kodi.screenshot("kodi-switched-notice");
        double afterSwitch = position(kodi);
        kodi.await(
                "playback going on after the switch",
                Duration.ofSeconds(30),
                () -> position(kodi) >= afterSwitch + 3.0);
        kodi.rpc("Player.Stop", Map.of("playerid", playerId(kodi)));

        String film = base + "/" + demo.filmUrl().getRawPath().substring(1);
        JsonNode prepared = kodi.rpc("Files.PrepareDownload", Map.of("path", film));
        byte[] read = kodi.download(prepared.path("details").path("path").asText());
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        assertArrayEquals(sha.digest(demo.releases().film()), sha.digest(read), "Kodi read the film byte for byte");
        // The add-on logs a warning for each failed call (playback signal, event stream, listing) and
        // Kodi logs a Python traceback with the add-on's path: neither.
        List<String> warnings = kodi.log()
                .lines()
                .filter(l -> l.contains("plugin.video.nzbmount") && !l.contains(" info <general>:"))
                .toList();
        assertEquals(List.of(), warnings);
    }

    /** The Kodi home: the add-on from the server's zip, its server URL, a small cache so the film
     * is still being read when the failure is simulated, and the library as a source (Kodi's web
     * server hands out files of sources only). */
    private static void prepare(Path home, byte[] zip, String base) throws Exception {
        KodiRig.unpackAddon(zip, home);
        Path settings = Files.createDirectories(home.resolve("userdata/addon_data/plugin.video.nzbmount"));
        Files.writeString(settings.resolve("settings.xml"), """
                <settings version="2">
                    <setting id="server_url">%s</setting>
                </settings>
                """.formatted(base));
        Files.writeString(home.resolve("userdata/advancedsettings.xml"), """
                <advancedsettings>
                    <cache><memorysize>2097152</memorysize><readfactor>2</readfactor></cache>
                </advancedsettings>
                """);
        Files.writeString(home.resolve("userdata/sources.xml"), """
                <sources>
                    <video>
                        <default pathversion="1"></default>
                        <source><name>NZBMount</name><path pathversion="1">%s/dav/library/</path></source>
                    </video>
                </sources>
                """.formatted(base));
    }

    private static List<String> labels(KodiRig kodi, String directory) throws Exception {
        JsonNode files = kodi.rpc("Files.GetDirectory", Map.of("directory", directory, "media", "video"))
                .path("files");
        List<String> labels = new ArrayList<>();
        files.forEach(f -> labels.add(f.path("label").asText()));
        return labels;
    }

    /** Opens the folder in Kodi's video window and takes a screenshot of it. */
    private static void showFolder(KodiRig kodi, String directory, String name) throws Exception {
        kodi.dismissDialog();
        kodi.rpc("GUI.ActivateWindow", Map.of("window", "videos", "parameters", List.of(directory)));
        kodi.await("the folder " + directory + " listed on screen", Duration.ofSeconds(60), () -> {
            JsonNode labels = kodi.rpc(
                    "XBMC.GetInfoLabels", Map.of("labels", List.of("Container.FolderPath", "Container.NumItems")));
            JsonNode busy = kodi.rpc(
                    "XBMC.GetInfoBooleans",
                    Map.of(
                            "booleans",
                            List.of(
                                    "Container.IsUpdating",
                                    "Window.IsVisible(busydialog)",
                                    "Window.IsVisible(busydialognocancel)")));
            return labels.path("Container.FolderPath").asText().equals(directory)
                    && labels.path("Container.NumItems").asText().matches("[1-9][0-9]*")
                    && !busy.path("Container.IsUpdating").asBoolean()
                    && !busy.path("Window.IsVisible(busydialog)").asBoolean()
                    && !busy.path("Window.IsVisible(busydialognocancel)").asBoolean();
        });
        Thread.sleep(1000); // the list fades in
        kodi.screenshot(name);
    }

    private static int playerId(KodiRig kodi) throws Exception {
        JsonNode players = kodi.rpc("Player.GetActivePlayers", null);
        return players.size() == 0 ? -1 : players.get(0).path("playerid").asInt();
    }

    /** The playing position in seconds; -1 while nothing plays. */
    private static double position(KodiRig kodi) throws Exception {
        int id = playerId(kodi);
        if (id < 0) return -1;
        JsonNode time = kodi.rpc("Player.GetProperties", Map.of("playerid", id, "properties", List.of("time")))
                .path("time");
        return time.path("hours").asInt() * 3600
                + time.path("minutes").asInt() * 60
                + time.path("seconds").asInt()
                + time.path("milliseconds").asInt() / 1000.0;
    }

    private static int countOf(String text, String needle) {
        Matcher m = Pattern.compile(Pattern.quote(needle)).matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    private byte[] get(String url) throws Exception {
        HttpResponse<byte[]> r = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(30))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode(), url);
        return r.body();
    }

    private String getText(String url) throws Exception {
        return new String(get(url), StandardCharsets.UTF_8);
    }

    private void post(String url) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(30))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, r.statusCode(), r.body());
    }
}
