package io.nzbmount.server.store;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Stores many items at once, each with one ready primary holding one media file, in a single
 * transaction: a large library in seconds, for tests of what lists it. The rows are what an import
 * of a one-file NZB stores (the NZB bytes are a stand-in; nothing reads them in a listing). Stateless.
 */
public final class BulkItems {

    private BulkItems() {}

    /**
     * Stores {@code count} items named {@code String.format(nameFormat, i)} for i = 0, 1, ...,
     * each file {@code fileSize} bytes.
     */
    public static void insert(Database db, int count, String nameFormat, long fileSize) throws StoreException {
        Instant now = Instant.parse("2025-03-01T10:00:00Z");
        db.transaction(c -> {
            for (int i = 0; i < count; i++) {
                String name = String.format(Locale.ROOT, nameFormat, i);
                long item = Items.insert(c, name, now.plusSeconds(i));
                byte[] nzb = ("<nzb>" + name + "</nzb>").getBytes(StandardCharsets.UTF_8);
                long source = SourceTable.insert(
                        c,
                        item,
                        new NewSource(
                                nzb,
                                String.format(Locale.ROOT, "%064x", i),
                                name,
                                Optional.empty(),
                                0,
                                SourceRole.PRIMARY,
                                SourceState.READY,
                                20,
                                0,
                                now));
                Files.insertAll(
                        c,
                        List.of(new FileRecord(
                                source, 0, "movie.mkv", fileSize, "yenc:1x" + fileSize, true, List.of())));
                SourceLifecycle.imported(c, item, source);
            }
            return null;
        });
    }
}
