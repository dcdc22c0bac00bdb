package io.nzbmount.server.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.ConfigException;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.server.cli.Arguments;
import io.nzbmount.server.cli.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The commands and settings README.md and docs/*.md show are ones the product has: each is
 * checked against the code that defines it (the command line's parser, the settings loader, the
 * source tree), never against a copy of a list kept here. Shell blocks are those fenced as
 * {@code sh}, {@code bash}, {@code shell} or with no language; YAML blocks are NZBMount's
 * configuration unless their first line is a comment naming another program's file
 * ({@code # prometheus.yml}).
 */
class DocumentedCommandsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Set<String> SHELL = Set.of("", "sh", "bash", "shell");
    private static final Pattern CLASS_NAME =
            Pattern.compile("\\bio\\.nzbmount(?:\\.[a-z][a-z0-9]*)+\\.[A-Z][A-Za-z0-9]*");
    private static final Pattern VARIABLE = Pattern.compile("NZBMOUNT_[A-Z0-9_]*(?:<i>[A-Z0-9_]*)*");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern OTHER_FILE = Pattern.compile("#.*\\b(\\S+\\.ya?ml)\\b.*");

    /** Where a command was written and its words. */
    record Written(String at, List<String> words) {}

    private static List<MarkdownCode.Block> blocks;
    private static List<Written> commands;

    @BeforeAll
    static void readTheDocs() throws IOException {
        blocks = new ArrayList<>();
        for (String file : documents()) blocks.addAll(MarkdownCode.blocks(ROOT, file));
        commands = new ArrayList<>();
        for (MarkdownCode.Block b : blocks) {
            if (!SHELL.contains(b.language())) continue;
            for (ShellCommands.Command c : ShellCommands.of(b.text()))
                commands.add(new Written(b.at(c.line()), c.words()));
        }
    }

    @Test
    void everyNzbmountCommandLineInTheDocsIsOneTheCliAccepts() {
        List<String> breaches = new ArrayList<>();
        int checked = 0;
        for (Written c : commands) {
            Optional<List<String>> args = nzbmountArguments(program(c.words()));
            if (args.isEmpty()) continue;
            checked++;
            try {
                Arguments.parse(args.get().toArray(String[]::new));
            } catch (UsageException e) {
                breaches.add(c.at() + ": " + String.join(" ", c.words()) + "\n    nzbmount: " + e.getMessage());
            }
        }
        assertTrue(checked >= 5, "found only " + checked + " nzbmount command lines in the docs");
        assertTrue(breaches.isEmpty(), () -> "commands the CLI refuses:\n" + String.join("\n", breaches));
    }

    @Test
    void everyConfigKeyInTheDocsIsOneTheSettingsReaderKnows() throws IOException {
        List<String> breaches = new ArrayList<>();
        int yamlBlocks = 0;
        for (MarkdownCode.Block b : blocks) {
            if (!b.language().equals("yaml") && !b.language().equals("yml")) continue;
            if (!b.lines().isEmpty() && forAnotherProgram(b.lines().get(0))) continue;
            yamlBlocks++;
            String source = b.file() + ":" + b.line();
            for (String problem : problems(b.text(), source, Map.of())) {
                if (problem.contains(": unknown key") || problem.startsWith(source))
                    breaches.add(source + ": " + problem);
            }
        }
        int rows = 0;
        for (MarkdownCode.Row row : MarkdownCode.tableRows(ROOT, "docs/configuration.md", "key")) {
            Matcher key = CODE_SPAN.matcher(row.cells().get(0));
            if (!key.find()) continue;
            rows++;
            for (String problem : problems(yamlOf(key.group(1)), "key", Map.of())) {
                if (problem.contains(": unknown key")) breaches.add(row.file() + ":" + row.line() + ": " + problem);
            }
        }
        assertTrue(yamlBlocks >= 3 && rows >= 40, "found " + yamlBlocks + " YAML blocks and " + rows + " key rows");
        assertTrue(breaches.isEmpty(), () -> "keys the settings reader does not know:\n" + String.join("\n", breaches));
    }

    /**
     * A variable counts when the settings loader takes it, or the launcher ({@code ./nzbmount}) or
     * the test rig (a test source) reads it.
     */
    @Test
    void everyNzbmountVariableTheDocsSetIsOneSomethingReads() throws IOException {
        Set<String> variables = new TreeSet<>();
        for (Written c : commands) {
            for (String word : c.words()) {
                if (ShellCommands.isAssignment(word) && word.startsWith("NZBMOUNT_")) {
                    variables.add(word.substring(0, word.indexOf('=')) + " (" + c.at() + ")");
                }
            }
        }
        for (MarkdownCode.Row row : MarkdownCode.tableRows(ROOT, "docs/configuration.md", "key")) {
            Matcher v = VARIABLE.matcher(row.cells().get(row.cells().size() - 1));
            while (v.find()) variables.add(v.group() + " (" + row.file() + ":" + row.line() + ")");
        }
        String launcher = Files.readString(ROOT.resolve("nzbmount"), StandardCharsets.UTF_8);
        List<String> breaches = new ArrayList<>();
        for (String entry : variables) {
            String name = entry.substring(0, entry.indexOf(' '));
            String set = name.replace("<i>", "0");
            boolean unknown = problems("", "env", Map.of(set, "x")).stream()
                    .anyMatch(p -> p.startsWith(set + ": unknown setting"));
            if (unknown && !launcher.contains(name) && !namedByATestSource(name)) breaches.add(entry);
        }
        assertTrue(variables.size() >= 40, "found only " + variables.size() + " variables");
        assertTrue(breaches.isEmpty(), () -> "variables nothing reads:\n" + String.join("\n", breaches));
    }

    /**
     * A word is taken for a path of the repository when its first step is a folder at the
     * repository's root ({@code config/...}, {@code bench/...}, {@code .ci/...}); a build output
     * (a step {@code target}) is checked only up to its module.
     */
    @Test
    void everyRepositoryPathInTheDocsCommandsExists() throws IOException {
        Set<String> folders = new TreeSet<>();
        try (Stream<Path> top = Files.list(ROOT)) {
            top.filter(Files::isDirectory)
                    .forEach(p -> folders.add(p.getFileName().toString()));
        }
        List<String> breaches = new ArrayList<>();
        for (Written c : commands) {
            for (String word : program(c.words())) {
                for (String path : pathsIn(word)) {
                    String first = path.split("/", 2)[0];
                    if (!folders.contains(first)) continue;
                    int target = path.indexOf("/target/");
                    String wanted = target < 0 ? path : path.substring(0, target);
                    if (!Files.exists(ROOT.resolve(wanted))) breaches.add(c.at() + ": " + path);
                }
            }
        }
        assertTrue(breaches.isEmpty(), () -> "paths the repository does not have:\n" + String.join("\n", breaches));
    }

    @Test
    void everyNzbmountClassTheDocsCommandsNameHasItsSource() throws IOException {
        List<String> breaches = new ArrayList<>();
        Set<String> classes = qualifiedNames("src/main/java");
        classes.addAll(qualifiedNames("src/test/java"));
        for (Written c : commands) {
            for (String word : c.words()) {
                if (word.startsWith("-Dtest=")) continue;
                Matcher m = CLASS_NAME.matcher(word);
                while (m.find()) {
                    if (!classes.contains(m.group())) breaches.add(c.at() + ": " + m.group());
                }
            }
        }
        assertTrue(breaches.isEmpty(), () -> "classes without a source:\n" + String.join("\n", breaches));
    }

    /** {@code -pl} names module folders; {@code -Dtest=} names test classes (and methods) that exist. */
    @Test
    void everyModuleAndTestTheDocsRunWithMavenExists() throws IOException {
        Set<String> tests = qualifiedNames("src/test/java");
        List<String> breaches = new ArrayList<>();
        for (Written c : commands) {
            List<String> words = program(c.words());
            if (words.isEmpty() || !words.get(0).equals("mvn") && !words.get(0).equals("./mvnw")) continue;
            for (int i = 1; i < words.size(); i++) {
                String word = words.get(i);
                if (word.equals("-pl") && i + 1 < words.size()) {
                    for (String module : words.get(i + 1).split(",")) {
                        if (!Files.exists(ROOT.resolve(module).resolve("pom.xml")))
                            breaches.add(c.at() + ": module " + module);
                    }
                } else if (word.startsWith("-Dtest=")) {
                    for (String spec : word.substring("-Dtest=".length()).split(",")) {
                        String missing = missingTest(spec, tests);
                        if (missing != null) breaches.add(c.at() + ": " + missing);
                    }
                }
            }
        }
        assertTrue(breaches.isEmpty(), () -> "what Maven would not find:\n" + String.join("\n", breaches));
    }

    /** The word after {@code -jar .../benchmarks.jar} is a JMH filter: some benchmark class must match it. */
    @Test
    void everyBenchmarkFilterInTheDocsMatchesABenchmark() throws IOException {
        Set<String> benchmarks = new TreeSet<>();
        try (Stream<Path> files = Files.walk(ROOT.resolve("bench/src/main/java"))) {
            files.filter(p -> p.toString().endsWith(".java"))
                    .forEach(p -> benchmarks.add(p.getFileName().toString().replace(".java", "")));
        }
        List<String> breaches = new ArrayList<>();
        for (Written c : commands) {
            List<String> words = program(c.words());
            for (int i = 1; i + 1 < words.size(); i++) {
                String filter = words.get(i + 1);
                if (!words.get(i - 1).equals("-jar")
                        || !words.get(i).endsWith("benchmarks.jar")
                        || filter.startsWith("-")) {
                    continue;
                }
                if (benchmarks.stream()
                        .noneMatch(name -> Pattern.compile(filter).matcher(name).find())) {
                    breaches.add(c.at() + ": " + filter);
                }
            }
        }
        assertTrue(breaches.isEmpty(), () -> "filters no benchmark matches:\n" + String.join("\n", breaches));
    }

    static List<String> documents() throws IOException {
        List<String> files = new ArrayList<>(List.of("README.md"));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.map(p -> "docs/" + p.getFileName())
                    .filter(n -> n.endsWith(".md"))
                    .sorted()
                    .forEach(files::add);
        }
        return files;
    }

    /** The command's words from its program on: assignments and {@code sudo}, {@code nice}, {@code exec}, {@code time} left out. */
    static List<String> program(List<String> words) {
        List<String> rest = new ShellCommands.Command(0, words).afterAssignments();
        while (!rest.isEmpty() && Set.of("sudo", "nice", "exec", "time").contains(rest.get(0))) {
            rest = rest.subList(1, rest.size());
        }
        return rest;
    }

    /**
     * The arguments NZBMount gets from a command: after {@code ./nzbmount}, after
     * {@code java ... -jar .../nzbmount.jar}, or after the image in {@code docker run}.
     */
    static Optional<List<String>> nzbmountArguments(List<String> words) {
        if (words.isEmpty()) return Optional.empty();
        String program = words.get(0);
        if (program.equals("./nzbmount") || program.equals("nzbmount"))
            return Optional.of(words.subList(1, words.size()));
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            boolean jar = program.equals("java")
                    && w.endsWith("nzbmount.jar")
                    && words.get(i - 1).equals("-jar");
            boolean image = program.equals("docker") && words.get(1).equals("run") && w.matches("nzbmount:[^/]+");
            if (jar || image) return Optional.of(words.subList(i + 1, words.size()));
        }
        return Optional.empty();
    }

    /** The relative paths in a word: a value after {@code --option=}, the parts of a {@code :}-joined class path. */
    static List<String> pathsIn(String word) {
        String w = word.startsWith("@") ? word.substring(1) : word;
        if (w.startsWith("-")) {
            int eq = w.indexOf('=');
            if (eq < 0) return List.of();
            w = w.substring(eq + 1);
        }
        if (w.contains("://") || w.contains("$") || w.contains("*") || w.contains("<")) return List.of();
        List<String> paths = new ArrayList<>();
        for (String part : w.split(":")) {
            String p = part.startsWith("./") ? part.substring(2) : part;
            if (p.contains("/") && !p.startsWith("/") && !p.startsWith("~")) paths.add(p);
        }
        return paths;
    }

    static boolean forAnotherProgram(String firstLine) {
        Matcher m = OTHER_FILE.matcher(firstLine.strip());
        return m.matches() && !m.group(1).equals("nzbmount.yaml");
    }

    /** The YAML that sets one key path: {@code providers[].host} is {@code {providers: [{host: x}]}}. */
    static String yamlOf(String keyPath) {
        String value = "x";
        String[] steps = keyPath.split("\\.");
        for (int i = steps.length - 1; i >= 0; i--) {
            boolean list = steps[i].matches(".*\\[[0-9]*]");
            String name = steps[i].replaceAll("\\[[0-9]*]$", "");
            value = "{" + name + ": " + (list ? "[" + value + "]" : value) + "}";
        }
        return value + "\n";
    }

    private static List<String> problems(String yaml, String source, Map<String, String> env) {
        try {
            ConfigLoader.fromText(yaml, source, env);
            return List.of();
        } catch (ConfigException e) {
            return e.problems();
        }
    }

    private static boolean namedByATestSource(String name) throws IOException {
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.toList()) {
                Path sources = module.resolve("src/test/java");
                if (!Files.isDirectory(sources)) continue;
                try (Stream<Path> files = Files.walk(sources)) {
                    if (files.filter(p -> p.toString().endsWith(".java")).anyMatch(p -> read(p).contains(name)))
                        return true;
                }
            }
        }
        return false;
    }

    /** Qualified names of the classes under {@code MODULE/sourceRoot} of every module at the root. */
    private static Set<String> qualifiedNames(String sourceRoot) throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.toList()) {
                Path sources = module.resolve(sourceRoot);
                if (!Files.isDirectory(sources)) continue;
                try (Stream<Path> files = Files.walk(sources)) {
                    files.filter(p -> p.toString().endsWith(".java")).forEach(p -> {
                        String relative = sources.relativize(p).toString();
                        names.add(relative.substring(0, relative.length() - ".java".length())
                                .replace('/', '.'));
                    });
                }
            }
        }
        return names;
    }

    /** Null when Surefire's {@code -Dtest} pattern {@code spec} finds a test (and its method); else what is missing. */
    private static String missingTest(String spec, Set<String> tests) {
        String[] parts = spec.split("#", 2);
        Pattern glob = Pattern.compile(parts[0].replace(".", "\\.").replace("*", "[^.]*"));
        List<String> found = tests.stream()
                .filter(t -> glob.matcher(parts[0].contains(".") ? t : t.substring(t.lastIndexOf('.') + 1))
                        .matches())
                .toList();
        if (found.isEmpty()) return "no test class " + parts[0];
        if (parts.length == 1) return null;
        boolean hasMethod = found.stream().anyMatch(t -> testSource(t).contains("void " + parts[1] + "("));
        return hasMethod ? null : "no test method " + spec;
    }

    private static String testSource(String qualifiedName) {
        String relative = "src/test/java/" + qualifiedName.replace('.', '/') + ".java";
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.map(m -> m.resolve(relative))
                    .filter(Files::exists)
                    .findFirst()
                    .map(DocumentedCommandsTest::read)
                    .orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
