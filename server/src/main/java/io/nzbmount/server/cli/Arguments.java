package io.nzbmount.server.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The parsed command line: {@code nzbmount [serve] [--config FILE] [--demo]},
 * {@code nzbmount fetch NZB [-o DIR] [--config FILE]}, {@code nzbmount check NZB [--config FILE]}.
 * Immutable.
 */
public record Arguments(Command command, Optional<Path> config, boolean demo, List<Path> inputs,
                        Optional<Path> outputDir) {

    /** What the user asked for. */
    public enum Command { SERVE, FETCH, CHECK, HELP, VERSION }

    public static Arguments parse(String... args) throws UsageException {
        Command command = Command.SERVE;
        Path config = null;
        Path output = null;
        boolean demo = false;
        List<Path> inputs = new ArrayList<>();
        int i = 0;
        if (args.length > 0 && !args[0].startsWith("-")) {
            command = switch (args[0]) {
                case "serve" -> Command.SERVE;
                case "fetch" -> Command.FETCH;
                case "check" -> Command.CHECK;
                case "help" -> Command.HELP;
                default -> throw new UsageException("unknown command '" + args[0]
                        + "' (commands: serve, fetch, check)");
            };
            i = 1;
        }
        for (; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--config", "-c" -> config = Path.of(value(args, ++i, arg));
                case "--output", "-o" -> output = Path.of(value(args, ++i, arg));
                case "--demo" -> demo = true;
                case "--help", "-h" -> command = Command.HELP;
                case "--version", "-V" -> command = Command.VERSION;
                default -> {
                    if (arg.startsWith("-") && !arg.equals("-")) {
                        throw new UsageException("unknown option '" + arg + "'");
                    }
                    inputs.add(Path.of(arg));
                }
            }
        }
        Arguments parsed = new Arguments(command, Optional.ofNullable(config), demo,
                List.copyOf(inputs), Optional.ofNullable(output));
        parsed.validate();
        return parsed;
    }

    private void validate() throws UsageException {
        switch (command) {
            case FETCH, CHECK -> {
                if (inputs.isEmpty()) {
                    throw new UsageException(command.name().toLowerCase() + " needs an NZB file");
                }
                if (demo) throw new UsageException("--demo goes with serve, not " + command.name().toLowerCase());
            }
            case SERVE -> {
                if (!inputs.isEmpty()) throw new UsageException("unexpected argument '" + inputs.get(0) + "'");
            }
            default -> { }
        }
        if (outputDir.isPresent() && command != Command.FETCH) {
            throw new UsageException("-o goes with fetch only");
        }
    }

    private static String value(String[] args, int index, String option) throws UsageException {
        if (index >= args.length || args[index].startsWith("-")) {
            throw new UsageException(option + " needs a value");
        }
        return args[index];
    }

    public static String usage() {
        return """
                Usage:
                  nzbmount [serve] [--config FILE] [--demo]   run the WebDAV server (--demo: built-in sample content)
                  nzbmount fetch NZB... [-o DIR] [--config FILE]   download every file of an NZB, verified
                  nzbmount check NZB... [--config FILE]   ask the providers for every article; exit 1 if any is missing
                  nzbmount --help | --version

                Providers come from the config file (--config FILE or NZBMOUNT_CONFIG).
                Exit codes: 0 ok, 1 articles missing or a download failed, 2 bad arguments, config or NZB.
                """;
    }
}
