package io.nzbmount.server.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a command of an unpacked image the way its config says (environment, working directory,
 * user), with no container engine: every absolute path that names something in the image (an
 * argument, an entry of a {@code :}-separated value, a line of an {@code @argfile}) is taken below
 * the unpacked root instead; the program is looked up on the image's own {@code PATH} and must be
 * found in the image; when the image has a dynamic loader at {@code /lib64}, the program runs
 * through it with the image's library folders, so the image's C library is used, not the host's.
 * As root, the command runs as the image's user (with {@code setpriv}). Not thread-safe.
 */
final class LayerRun {

    private static final List<String> LIBRARY_DIRS =
            List.of("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib");

    private final Path root;
    private final ImageArchive.Config config;

    LayerRun(Path root, ImageArchive.Config config) {
        this.root = root;
        this.config = config;
    }

    /** A path of the image, below the unpacked root. */
    Path inImage(String absolute) {
        return root.resolve(absolute.substring(1));
    }

    /**
     * Starts {@code command} (a command line as the image config or a health check writes it) with
     * the image's environment plus {@code extraEnv} (as {@code docker run -e} adds), output to {@code log}.
     */
    Process start(List<String> command, Map<String, String> extraEnv, Path log) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        config.env().forEach((k, v) -> env.put(k, remapList(v)));
        extraEnv.forEach((k, v) -> env.put(k, remapList(v)));
        List<String> argv = new ArrayList<>();
        String user = config.user().isEmpty() ? "0:0" : config.user();
        if ("root".equals(System.getProperty("user.name")) && !user.startsWith("0")) {
            String[] ids = user.split(":");
            argv.addAll(List.of(
                    "setpriv",
                    "--reuid=" + ids[0],
                    "--regid=" + (ids.length > 1 ? ids[1] : ids[0]),
                    "--clear-groups",
                    "--"));
        }
        Path loader = inImage("/lib64/ld-linux-x86-64.so.2");
        if (Files.isExecutable(loader)) {
            argv.add(loader.toString());
            argv.add("--library-path");
            argv.add(String.join(
                    ":", LIBRARY_DIRS.stream().map(d -> inImage(d).toString()).toList()));
        }
        argv.add(program(command.get(0), env.getOrDefault("PATH", "")).toString());
        for (String arg : command.subList(1, command.size())) argv.add(remapArgument(arg));
        ProcessBuilder b = new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .directory(
                        config.workingDir().isEmpty()
                                ? root.toFile()
                                : inImage(config.workingDir()).toFile());
        b.environment().clear();
        b.environment().putAll(env);
        return b.start();
    }

    /** The program on the image's PATH ({@code PATH} already taken below the root). */
    private Path program(String name, String path) throws IOException {
        if (name.startsWith("/")) return requireInImage(inImage(name));
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir).resolve(name);
            if (candidate.startsWith(root) && Files.isExecutable(candidate)) return candidate;
        }
        throw new IOException(name + " is not on the image's PATH " + path);
    }

    private Path requireInImage(Path p) throws IOException {
        if (!Files.isExecutable(p)) throw new IOException(p + " is not in the image");
        return p;
    }

    private String remapArgument(String arg) throws IOException {
        if (arg.startsWith("@/")) {
            Path file = inImage(arg.substring(1));
            Path here = file.resolveSibling(file.getFileName() + ".unpacked");
            List<String> lines = new ArrayList<>();
            for (String line : Files.readAllLines(file)) lines.add(remapList(line));
            Files.write(here, lines);
            return "@" + here;
        }
        return remapList(arg);
    }

    /** Each {@code :}-separated entry that is an absolute path of something in the image, taken below the root. */
    String remapList(String value) {
        List<String> out = new ArrayList<>();
        for (String part : value.split(":", -1)) out.add(remapPath(part));
        return String.join(":", out);
    }

    private String remapPath(String s) {
        if (!s.startsWith("/") || s.length() < 2) return s;
        int slash = s.indexOf('/', 1);
        String first = slash < 0 ? s.substring(1) : s.substring(1, slash);
        return Files.exists(root.resolve(first)) ? root.resolve(s.substring(1)).toString() : s;
    }
}
