package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A stored item: one piece of content, owner of the path {@code /dav/library/<name>/}.
 *
 * @param id            the item id
 * @param name          the folder name, unique ignoring ASCII case, safe as a path segment
 * @param created       when it was imported
 * @param primarySource the source played from; empty only while an import is being written
 * @param primaryByUser whether the user chose that primary (a user's choice beats automation)
 */
public record ItemRecord(long id, String name, Instant created, OptionalLong primarySource, boolean primaryByUser) {
    public ItemRecord {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(primarySource, "primarySource");
    }
}
