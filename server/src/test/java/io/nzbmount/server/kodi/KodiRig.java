package io.nzbmount.server.kodi;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nzbmount.server.demo.MediaTools;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A real Kodi (Debian's {@code kodi}) running headless for a test: its own X server (Xvfb on a
 * display it picks), a PulseAudio null sink, a fresh Kodi home in {@code home} with the web
 * server (JSON-RPC) on a free loopback port, screenshots going to {@code screenshots}. Kodi 20
 * keeps add-ons copied into its home disabled until enabled, and asks about them in a dialog:
 * {@link #dismissDialog} closes it. Every wait is bounded. Closing stops the three processes it
 * started (and only those). Not thread-safe: one test drives it.
 */
final class KodiRig implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final int YES_NO_DIALOG = 10100;

    final Path home;
    final Path screenshots;
    final Path kodiLog;
    private final int port;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Process> processes = new ArrayList<>();
    private int rpcId;

    private KodiRig(Path home, Path screenshots, int port) {
        this.home = home;
        this.screenshots = screenshots;
        this.port = port;
        this.kodiLog = home.resolve(".kodi/temp/kodi.log");
    }

    /** The Kodi binary (Debian's {@code /usr/bin/kodi} is a script that runs it), or the test stops. */
    static Path kodiBinary() throws IOException {
        MediaTools.require("kodi");
        MediaTools.require("Xvfb");
        MediaTools.require("pulseaudio");
        try (DirectoryStream<Path> libs = Files.newDirectoryStream(Path.of("/usr/lib"), "*")) {
            for (Path lib : libs) {
                Path bin = lib.resolve("kodi/kodi.bin");
                if (Files.isExecutable(bin)) return bin;
            }
        }
        return fail("kodi is installed but no /usr/lib/*/kodi/kodi.bin was found");
    }

    /** Prepares the home (add-ons, settings, sources) with {@code prepare}, then starts everything. */
    static KodiRig start(Path dir, Path screenshots, HomeSetup prepare) throws Exception {
        Path kodi = kodiBinary();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Files.createDirectories(screenshots);
        KodiRig rig = new KodiRig(dir.resolve("home"), screenshots, port);
        try {
            Files.createDirectories(rig.home.resolve(".kodi/userdata"));
            Files.createDirectories(rig.home.resolve(".kodi/addons"));
            Files.writeString(rig.home.resolve(".kodi/userdata/guisettings.xml"), guiSettings(port, screenshots));
            prepare.prepare(rig.home.resolve(".kodi"));
            Path runtime = Files.createDirectories(dir.resolve("run"));
            Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwx------"));
            String display = rig.startXvfb(dir);
            Map<String, String> env =
                    Map.of("HOME", rig.home.toString(), "XDG_RUNTIME_DIR", runtime.toString(), "DISPLAY", display);
            rig.spawn(
                    dir.resolve("pulseaudio.log"),
                    env,
                    "/usr/bin/pulseaudio",
                    "-n",
                    "--daemonize=no",
                    "--exit-idle-time=-1",
                    "--load=module-null-sink sink_name=nzbmount_null",
                    "--load=module-native-protocol-unix");
            rig.await(
                    "PulseAudio's socket", Duration.ofSeconds(20), () -> Files.exists(runtime.resolve("pulse/native")));
            rig.spawn(dir.resolve("kodi.out"), env, kodi.toString(), "--standalone", "--windowing=x11");
            rig.await("Kodi's JSON-RPC", Duration.ofSeconds(90), () -> {
                try {
                    return "pong".equals(rig.rpc("JSONRPC.Ping", null).asText());
                } catch (Exception e) {
                    return false;
                }
            });
            return rig;
        } catch (Exception | Error e) {
            rig.close();
            throw e;
        }
    }

    /** Fills a fresh Kodi home ({@code ~/.kodi}) before Kodi starts. */
    interface HomeSetup {
        void prepare(Path kodiHome) throws Exception;
    }

    /** Unpacks an add-on zip into the home's add-ons, as Kodi's "Install from zip file" does. */
    static void unpackAddon(byte[] zip, Path kodiHome) throws IOException {
        Path addons = kodiHome.resolve("addons").normalize();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                Path target = addons.resolve(e.getName()).normalize();
                if (!target.startsWith(addons)) fail("the zip names a path outside the add-ons folder: " + e.getName());
                if (e.isDirectory()) continue;
                Files.createDirectories(target.getParent());
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static String guiSettings(int port, Path screenshots) {
        return """
                <settings version="2">
                    <setting id="services.webserver">true</setting>
                    <setting id="services.webserverport">%d</setting>
                    <setting id="services.webserverauthentication">false</setting>
                    <setting id="debug.screenshotpath">%s/</setting>
                    <setting id="general.addonupdates">2</setting>
                    <setting id="lookandfeel.enablerssfeeds">false</setting>
                </settings>
                """.formatted(port, screenshots.toAbsolutePath());
    }

    /** Starts Xvfb on a display it picks itself ({@code -displayfd}); returns {@code :N}. */
    private String startXvfb(Path dir) throws Exception {
        Process x = new ProcessBuilder(
                        "/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp")
                .redirectError(dir.resolve("xvfb.log").toFile())
                .start();
        processes.add(x);
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return new BufferedReader(new InputStreamReader(x.getInputStream(), StandardCharsets.US_ASCII))
                        .readLine();
            } catch (IOException e) {
                return null;
            }
        });
        String number = line.get(30, TimeUnit.SECONDS);
        if (number == null || !number.strip().matches("[0-9]+")) fail("Xvfb did not say its display: " + number);
        return ":" + number.strip();
    }

    private void spawn(Path log, Map<String, String> env, String... command) throws IOException {
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().putAll(env);
        processes.add(b.start());
    }

    /** Calls a JSON-RPC method; returns its {@code result}, or fails the test on an error answer. */
    JsonNode rpc(String method, Map<String, ?> params) throws IOException, InterruptedException {
        ObjectNode call =
                JSON.createObjectNode().put("jsonrpc", "2.0").put("id", ++rpcId).put("method", method);
        if (params != null) call.set("params", JSON.valueToTree(params));
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/jsonrpc"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(call)))
                .build();
        JsonNode answer = JSON.readTree(
                http.send(request, HttpResponse.BodyHandlers.ofString()).body());
        if (answer.has("error")) throw new IOException(method + " " + params + ": " + answer.get("error"));
        return answer.get("result");
    }

    /** What Kodi's web server gives for a path it answered in Files.PrepareDownload. */
    byte[] download(String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/" + path))
                        .timeout(Duration.ofSeconds(90))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) fail("Kodi answered " + r.statusCode() + " for " + path);
        return r.body();
    }

    /** Closes Kodi's yes/no dialog if one is open (the one about add-ons found disabled). */
    void dismissDialog() throws IOException, InterruptedException {
        if (rpc("GUI.GetProperties", Map.of("properties", List.of("currentwindow")))
                        .path("currentwindow")
                        .path("id")
                        .asInt()
                == YES_NO_DIALOG) {
            rpc("Input.Back", null);
        }
    }

    /** Takes a screenshot with Kodi's own action and names it {@code name.png}. */
    Path screenshot(String name) throws Exception {
        dismissDialog();
        List<Path> before = shots();
        rpc("Input.ExecuteAction", Map.of("action", "screenshot"));
        Path[] taken = new Path[1];
        await("the screenshot " + name, Duration.ofSeconds(20), () -> {
            for (Path p : shots()) {
                // Kodi writes the PNG from another thread: it is whole once its IEND chunk is there.
                if (!before.contains(p) && endsWithIend(p)) {
                    taken[0] = p;
                    return true;
                }
            }
            return false;
        });
        return Files.move(taken[0], screenshots.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Whether {@code png} ends with the IEND chunk (its length, type and CRC), the last of every PNG. */
    private static boolean endsWithIend(Path png) {
        byte[] iend = {0, 0, 0, 0, 'I', 'E', 'N', 'D', (byte) 0xAE, 0x42, 0x60, (byte) 0x82};
        try (var file = new java.io.RandomAccessFile(png.toFile(), "r")) {
            if (file.length() < 8 + iend.length) return false;
            byte[] tail = new byte[iend.length];
            file.seek(file.length() - iend.length);
            file.readFully(tail);
            return java.util.Arrays.equals(tail, iend);
        } catch (IOException e) {
            return false;
        }
    }

    private List<Path> shots() {
        try (var files = Files.list(screenshots)) {
            return files.filter(p -> p.getFileName().toString().startsWith("screenshot"))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Kodi's log so far. */
    String log() throws IOException {
        return Files.exists(kodiLog) ? Files.readString(kodiLog, StandardCharsets.UTF_8) : "";
    }

    /** Waits until {@code condition} holds, polling; fails the test after {@code limit}. */
    void await(String what, Duration limit, CheckedCondition condition) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            if (condition.holds()) return;
            if (System.nanoTime() > deadline) fail("waited " + limit.toSeconds() + " s for " + what);
            for (Process p : processes) {
                if (!p.isAlive()) fail(p.info().command().orElse("a process") + " ended while waiting for " + what);
            }
            Thread.sleep(250);
        }
    }

    /** A condition that may throw. */
    interface CheckedCondition {
        boolean holds() throws Exception;
    }

    /** Quits Kodi over JSON-RPC, then ends whatever of its processes is left, newest first. */
    @Override
    public void close() {
        try {
            rpc("Application.Quit", null);
        } catch (Exception | Error e) {
            // Kodi is not answering: it is ended below.
        }
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process p = processes.get(i);
            try {
                if (!p.waitFor(i == processes.size() - 1 ? 15 : 0, TimeUnit.SECONDS)) {
                    p.destroy();
                    if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        http.close();
    }
}
