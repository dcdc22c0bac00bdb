package io.nzbmount.server;

import io.nzbmount.server.cli.Cli;

/** Entry point of the runnable jar; see {@link Cli} for the commands. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        int code = new Cli(System.out, System.err, System.getenv()).run(args);
        if (code >= 0) System.exit(code);
    }
}
