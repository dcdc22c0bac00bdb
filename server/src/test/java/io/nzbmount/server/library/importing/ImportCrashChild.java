package io.nzbmount.server.library.importing;

import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.store.Database;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * Run in its own JVM by {@link KilledImportTest}: imports NZBs without end, printing
 * "committed ID" once each import has returned, until it is killed.
 */
public final class ImportCrashChild {

    private ImportCrashChild() {}

    public static void main(String[] args) throws Exception {
        try (Database db = Database.open(Path.of(args[0]))) {
            LibraryImporter importer =
                    new LibraryImporter(db, new FakeSizer(), new FakePresence(), Clock.systemUTC(), 5);
            for (int i = 0; ; i++) {
                long id = importer.importNzb(TestNzbs.film("k" + i, "Film " + i), Optional.empty())
                        .item()
                        .item()
                        .id();
                System.out.println("committed " + id);
                System.out.flush();
            }
        }
    }
}
