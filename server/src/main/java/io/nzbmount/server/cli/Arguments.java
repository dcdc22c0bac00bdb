package io.nzbmount.server.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The parsed command line: {@code nzbmount [serve] [--config FILE] [--demo]},
 * {@code nzbmount fetch NZB [-o DIR] [--config FILE]}, {@code nzbmount check NZB [--config FILE]},
 * {@code nzbmount parse [--same] [NAME...]}.
 * Immutable.
 */
public record Arguments(
        Command command,
        Optional<Path> config,
        boolean demo,
        List<Path> inputs,
        Optional<Path> outputDir,
        boolean same,
        List<String> names) {

    /** What the user asked for. */
    public enum Command {
        SERVE,
        FETCH,
        CHECK,
        PARSE,
        HELP,
        VERSION
    }

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
                case "parse" -> Command.PARSE;
                case "help" -> Command.HELP;
                default ->
                    throw new UsageException(
                            "unknown command '" + args[0] + "' (commands: serve, fetch, check, parse)");
            };
            i = 1;
        }
        if (command == Command.PARSE) {
            return parseCommand(args, i);
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
        Arguments parsed = new Arguments(
                command,
                Optional.ofNullable(config),
                demo,
                List.copyOf(inputs),
                Optional.ofNullable(output),
                false,
                List.of());
        parsed.validate();
        return parsed;
    }

    /** Release names may look like anything, so after "parse" only --same, --help and "--" are options. */
    private static Arguments parseCommand(String[] args, int from) throws UsageException {
        boolean same = false;
        boolean help = false;
        List<String> names = new ArrayList<>();
        boolean options = true;
        for (int i = from; i < args.length; i++) {
            String arg = args[i];
            if (options && arg.equals("--")) {
                options = false;
            } else if (options && arg.equals("--same")) {
                same = true;
            } else if (options && (arg.equals("--help") || arg.equals("-h"))) {
                help = true;
            } else if (options && arg.startsWith("-") && arg.length() > 1) {
                throw new UsageException(
                        "unknown option '" + arg + "' for parse (put -- before a name that starts with a dash)");
            } else {
                names.add(arg);
            }
        }
        if (same && !names.isEmpty()) {
            throw new UsageException("parse --same reads lines 'A<TAB>B' from standard input, not names as arguments");
        }
        return new Arguments(
                help ? Command.HELP : Command.PARSE,
                Optional.empty(),
                false,
                List.of(),
                Optional.empty(),
                same,
                List.copyOf(names));
    }

    private void validate() throws UsageException {
        switch (command) {
            case FETCH, CHECK -> {
                if (inputs.isEmpty()) {
                    throw new UsageException(command.name().toLowerCase(Locale.ROOT) + " needs an NZB file");
                }
                if (demo)
                    throw new UsageException(
                            "--demo goes with serve, not " + command.name().toLowerCase(Locale.ROOT));
            }
            case SERVE -> {
                if (!inputs.isEmpty()) throw new UsageException("unexpected argument '" + inputs.get(0) + "'");
            }
            default -> {}
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
                  nzbmount parse [NAME...]   what NZBMount reads from release names (one per line on standard
                                             input when none is given): one JSON object per name
                  nzbmount parse --same   lines "A<TAB>B" on standard input: whether A and B are the same
                                          content, and B's standby tier against A (from the names alone)
                  nzbmount --help | --version

                Providers come from the config file (--config FILE or NZBMOUNT_CONFIG).
                Exit codes: 0 ok, 1 articles missing or a download failed, 2 bad arguments, config, NZB or input.
                """;
    }
}
