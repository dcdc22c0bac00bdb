package io.nzbmount.server.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.app.DemoHint;
import io.nzbmount.server.demo.DemoFilm;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The container image the build wrote ({@code mvn -Pimage verify}, system property
 * {@code nzbmount.image.tar}) runs, without a container engine: its layers are unpacked into one
 * folder, and its own entrypoint starts with its own environment, working directory and user (see
 * {@link LayerRun}), as {@code docker run IMAGE --demo -e ...} would. The server answers
 * {@code /api/health} (its java reading the launcher's {@code jvm.options}), serves the demo film byte for byte (its hole crossed by a cutover), writes
 * its data into the {@code /data} volume, and the health check of docker-compose.yml passes.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ImageRunsFromItsLayersIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String USER = "admin";
    private static final String PASSWORD = "image-check-" + System.nanoTime();

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void theImagesEntrypointServesTheDemoFilmFromItsLayers() throws Exception {
        Path tar = Path.of(System.getProperty("nzbmount.image.tar", "target/jib-image.tar"));
        assertTrue(Files.isRegularFile(tar), tar + " is missing: build it with mvn -Pimage package");
        // Below /tmp, so the image's user can reach it whoever owns the checkout.
        Path work = Files.createTempDirectory(
                "nzbmount-image-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        try {
            Path root = work.resolve("root");
            ImageArchive.Config config = new ImageArchive(tar, work.resolve("archive")).unpackInto(root);
            assertFalse(
                    config.user().isEmpty()
                            || config.user().startsWith("0")
                            || config.user().startsWith("root"),
                    "the image runs as root: " + config.user());
            assertTrue(config.volumes().containsAll(List.of("/data", "/config")), config.volumes()::toString);
            assertEquals(List.of("8080/tcp"), config.ports());
            LayerRun image = new LayerRun(root, config);
            assertTrue(config.entrypoint().contains("@/app/jvm.options"), config.entrypoint()::toString);
            assertEquals(
                    Files.readString(Path.of("..", "jvm.options")),
                    Files.readString(image.inImage("/app/jvm.options")),
                    "the image's JVM flags are the launcher's jvm.options");

            int port = freePort();
            Map<String, String> runEnv = Map.of(
                    "NZBMOUNT_SERVER_PORT",
                    Integer.toString(port),
                    "NZBMOUNT_AUTH_USERNAME",
                    USER,
                    "NZBMOUNT_AUTH_PASSWORD",
                    PASSWORD);
            List<String> command = new ArrayList<>(config.entrypoint());
            command.add("--demo");
            Path log = work.resolve("server.log");
            Process server = image.start(command, runEnv, log);
            try {
                URI base = URI.create("http://127.0.0.1:" + port + "/");
                awaitHealth(base, server, log);
                byte[] film = get(base.resolve(DemoHint.filmPath()));
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                assertArrayEquals(sha.digest(DemoFilm.generate()), sha.digest(film), "the demo film through the image");

                Path probeLog = work.resolve("probe.log");
                Process probe = image.start(healthCheck(), runEnv, probeLog);
                assertTrue(probe.waitFor(60, TimeUnit.SECONDS), "the health check did not end");
                assertEquals(0, probe.exitValue(), () -> "health check: " + read(probeLog));
            } finally {
                server.destroy();
                if (!server.waitFor(20, TimeUnit.SECONDS))
                    server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            try (Stream<Path> all = Files.walk(work)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The {@code test} of the nzbmount service's health check in docker-compose.yml, without "CMD". */
    private static List<String> healthCheck() throws IOException {
        for (String line : Files.readAllLines(Path.of("..", "docker-compose.yml"))) {
            String s = line.strip();
            if (s.startsWith("test:") && s.contains("HealthProbe")) {
                List<String> test = new ArrayList<>();
                JSON.readTree(s.substring("test:".length())).forEach(n -> test.add(n.asText()));
                assertEquals("CMD", test.get(0), s);
                return test.subList(1, test.size());
            }
        }
        throw new AssertionError("docker-compose.yml has no health check of nzbmount");
    }

    private void awaitHealth(URI base, Process server, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) fail("the image's entrypoint ended with " + server.exitValue() + ": " + read(log));
            try {
                HttpResponse<String> r =
                        http.send(authorized(base.resolve("api/health")).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200 && JSON.readTree(r.body()).has("uptimeSeconds")) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        fail("no /api/health within 90 s: " + read(log));
    }

    /** The body of {@code uri}; the demo items are imported after the server listens, so a 404 is asked again. */
    private byte[] get(URI uri) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            HttpResponse<byte[]> r = http.send(authorized(uri).build(), HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 404 || System.nanoTime() > deadline) {
                assertEquals(200, r.statusCode(), uri::toString);
                return r.body();
            }
            Thread.sleep(250);
        }
    }

    private static HttpRequest.Builder authorized(URI uri) {
        return HttpRequest.newBuilder(uri)
                .header(
                        "Authorization",
                        "Basic "
                                + Base64.getEncoder()
                                        .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
