package io.nzbmount.server.image;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A container image as {@code docker save} and Jib's {@code buildTar} write it: {@code manifest.json}
 * naming the config and the layers, in order. Unpacks the layers into one directory as a container
 * engine would (later layers over earlier ones) with the system's {@code tar}. Not thread-safe.
 */
final class ImageArchive {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the image's config says about running it. */
    record Config(
            List<String> entrypoint,
            List<String> cmd,
            Map<String, String> env,
            String workingDir,
            String user,
            List<String> volumes,
            List<String> ports) {}

    private final Path tar;
    private final Path unpacked;

    ImageArchive(Path tar, Path scratch) {
        this.tar = tar;
        this.unpacked = scratch;
    }

    /** Unpacks the archive's entries, then every layer into {@code root}; returns the image's config. */
    Config unpackInto(Path root) throws IOException, InterruptedException {
        Files.createDirectories(unpacked);
        run(List.of("tar", "-xf", tar.toString(), "-C", unpacked.toString()));
        JsonNode manifest =
                JSON.readTree(unpacked.resolve("manifest.json").toFile()).get(0);
        Files.createDirectories(root);
        for (JsonNode layer : manifest.get("Layers")) {
            // A layer is a tar, gzip-compressed or not; tar tells them apart by itself.
            run(List.of(
                    "tar",
                    "-xf",
                    unpacked.resolve(layer.asText()).toString(),
                    "-C",
                    root.toString(),
                    "--same-owner",
                    "-p"));
        }
        JsonNode config = JSON.readTree(
                        unpacked.resolve(manifest.get("Config").asText()).toFile())
                .get("config");
        Map<String, String> env = new LinkedHashMap<>();
        for (JsonNode e : config.path("Env")) {
            String s = e.asText();
            env.put(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
        }
        return new Config(
                texts(config.path("Entrypoint")),
                texts(config.path("Cmd")),
                env,
                config.path("WorkingDir").asText(""),
                config.path("User").asText(""),
                names(config.path("Volumes")),
                names(config.path("ExposedPorts")));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> names(JsonNode object) {
        List<String> out = new ArrayList<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) throw new IOException(String.join(" ", command) + " failed: " + output);
    }
}
