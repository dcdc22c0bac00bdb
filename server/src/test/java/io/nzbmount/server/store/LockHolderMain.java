package io.nzbmount.server.store;

import java.nio.file.Path;

/**
 * Another NZBMount, as far as the data directory is concerned: opens the database in
 * {@code args[0]}, prints {@code locked}, and holds it until its standard input ends (the test
 * kills it, or the test JVM dies and the pipe closes).
 */
public final class LockHolderMain {
    private LockHolderMain() {}

    public static void main(String[] args) throws Exception {
        try (Database db = Database.open(Path.of(args[0]))) {
            System.out.println("locked");
            System.out.flush();
            while (System.in.read() >= 0) {
                // Holding the lock is the whole job.
            }
        }
    }
}
