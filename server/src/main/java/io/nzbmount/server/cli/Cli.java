package io.nzbmount.server.cli;

import io.nzbmount.config.ConfigException;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbParseException;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.app.UsenetSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs one command line. Exit codes: 0 done, 1 articles missing or a download failed, 2 the
 * arguments, the config, an NZB or the input of {@code parse} is wrong (one line says what), -1
 * still running (the server).
 */
public final class Cli {
    private static final int MAX_LANES = 32;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;

    /** A command line that reads standard input from {@link System#in}. */
    public Cli(PrintStream out, PrintStream err, Map<String, String> env) {
        this(System.in, out, err, env);
    }

    public Cli(InputStream in, PrintStream out, PrintStream err, Map<String, String> env) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.env = env;
    }

    public int run(String... args) {
        try {
            Arguments arguments = Arguments.parse(args);
            return switch (arguments.command()) {
                case HELP -> {
                    out.print(Arguments.usage());
                    yield 0;
                }
                case VERSION -> {
                    out.println("nzbmount " + version());
                    yield 0;
                }
                case FETCH -> fetch(arguments);
                case CHECK -> check(arguments);
                case PARSE -> new ParseCommand(in, out).run(arguments.names(), arguments.same());
                case SERVE -> new ServeCommand(out, env).run(arguments, settings(arguments));
            };
        } catch (UsageException e) {
            err.println("nzbmount: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("nzbmount: " + e.getMessage());
            return 1;
        }
    }

    private int fetch(Arguments arguments) throws UsageException, IOException {
        Settings settings = settings(arguments);
        Path outputDir = arguments.outputDir().orElse(Path.of("."));
        try (Usenet usenet = connect(settings)) {
            // The lanes' connections log in while the NZB is read and the first article mapped.
            usenet.connectAhead(lanes(settings));
            int worst = 0;
            for (Path input : arguments.inputs()) {
                worst = Math.max(
                        worst,
                        new FetchCommand(usenet, out, ProgressBar.stdoutIsTerminal(), lanes(settings))
                                .run(nzb(input), outputDir));
            }
            return worst;
        }
    }

    /**
     * One lane per connection of the providers asked first (the others serve only what those lack),
     * so every connection is busy and none is waited for; at most {@value #MAX_LANES}, which bounds
     * the threads and article buffers of one download.
     */
    static int lanes(Settings settings) {
        int first = settings.providers().stream()
                .mapToInt(ProviderSettings::priority)
                .min()
                .orElse(0);
        int connections = settings.providers().stream()
                .filter(p -> p.priority() == first)
                .mapToInt(ProviderSettings::connections)
                .sum();
        return Math.max(1, Math.min(MAX_LANES, connections));
    }

    private int check(Arguments arguments) throws UsageException, IOException {
        Settings settings = settings(arguments);
        try (Usenet usenet = connect(settings)) {
            int worst = 0;
            for (Path input : arguments.inputs()) {
                worst = Math.max(worst, new CheckCommand(usenet, out).run(nzb(input)));
            }
            return worst;
        }
    }

    private Usenet connect(Settings settings) throws UsageException {
        if (settings.providers().isEmpty()) {
            throw new UsageException("no providers configured: pass --config FILE with a providers: list"
                    + " (see config/nzbmount.example.yaml)");
        }
        return Usenet.connect(UsenetSettings.providers(settings), UsenetSettings.reader(settings.reader()));
    }

    private Settings settings(Arguments arguments) throws UsageException {
        try {
            return ConfigLoader.load(arguments.config().orElse(null), env);
        } catch (ConfigException e) {
            throw new UsageException("config: " + e.getMessage(), e);
        }
    }

    static Nzb nzb(Path file) throws UsageException {
        try (InputStream in = Files.newInputStream(file)) {
            return NzbParser.parse(in);
        } catch (NoSuchFileException e) {
            throw new UsageException(file + ": no such file", e);
        } catch (NzbParseException e) {
            throw new UsageException(file + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UsageException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static String version() {
        String v = Cli.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }
}
