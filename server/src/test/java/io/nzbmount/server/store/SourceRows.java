package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Writes a source's role and state, or an item's primary, as they are, past the rules of
 * {@link SourceLifecycle}: for tests that stage what another actor stored meanwhile. Stateless.
 */
public final class SourceRows {

    private SourceRows() {}

    /** {@link SourceTable#update}; false when there is no such source. */
    public static boolean update(
            Connection c, long sourceId, SourceRole role, SourceState state, Optional<String> reason, OptionalInt tier)
            throws SQLException {
        return SourceTable.update(c, sourceId, role, state, reason, tier);
    }

    /** {@link Items#setPrimary}. */
    public static void setPrimary(Connection c, long itemId, long sourceId, boolean byUser) throws SQLException {
        Items.setPrimary(c, itemId, sourceId, byUser);
    }
}
