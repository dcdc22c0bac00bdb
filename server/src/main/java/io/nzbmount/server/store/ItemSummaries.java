package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The library's listings, each read with one query however many items there are: the items that
 * are shown (those whose primary source is stored), with what a list of them says of each. Only
 * columns that precede the sources' NZB column are read, so a listing never reads the stored
 * NZBs. On a caller's connection (see {@link Items}). Stateless.
 */
public final class ItemSummaries {

    /**
     * The items that have a primary source of their own: the ones the library shows. The "own
     * files" are those of an item's first source (see {@link Files#ofItem}).
     */
    private static final String SHOWN = " FROM items i JOIN sources p ON p.id = i.primary_source AND p.item_id = i.id";

    private static final String SUMMARY = "SELECT i.id, i.name, i.created_at, p.state,"
            + " (SELECT COUNT(*) FROM sources s WHERE s.item_id = i.id AND s.id <> p.id AND s.role = 'standby'"
            + "   AND s.state IN ('pending', 'validated')),"
            + " (SELECT COUNT(*) FROM files f WHERE f.source_id = (SELECT MIN(id) FROM sources WHERE item_id = i.id)"
            + "   AND f.media = 1 AND f.size >= 0),"
            + " (SELECT COALESCE(SUM(f.size), 0) FROM files f WHERE f.source_id = (SELECT MIN(id) FROM sources WHERE item_id = i.id)"
            + "   AND f.media = 1 AND f.size >= 0)"
            + SHOWN;

    private ItemSummaries() {}

    /**
     * An item as a list shows it.
     *
     * @param files   how many media files its folder holds
     * @param size    their sizes added up
     * @param standby how many standby sources are in its pool (pending or verified)
     */
    public record Summary(
            long id, String name, Instant created, SourceState primaryState, int files, long size, int standby) {
        public Summary {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(created, "created");
            Objects.requireNonNull(primaryState, "primaryState");
        }
    }

    /** An item's folder in a listing: its id, its name and when it was created. */
    public record Folder(long id, String name, Instant created) {
        public Folder {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(created, "created");
        }
    }

    /**
     * Which items a list asks for: those whose name holds every word of {@code words} (ASCII case
     * ignored; dots, underscores and spaces in names count as spaces, so "some film" finds
     * "Some.Film.2020").
     */
    public record Filter(List<String> words) {
        /** Every item. */
        public static final Filter ALL = new Filter(List.of());

        public Filter {
            words = List.copyOf(words);
        }

        /** The filter of a search text, split into words at white space, dots and underscores. */
        public static Filter of(String text) {
            List<String> words = new ArrayList<>();
            for (String w : text.toLowerCase(Locale.ROOT).split("[\\s._]+")) {
                if (!w.isEmpty()) words.add(w);
            }
            return new Filter(words);
        }

        private String where() {
            StringBuilder sql = new StringBuilder(" WHERE 1 = 1");
            for (int i = 0; i < words.size(); i++) {
                sql.append(" AND REPLACE(REPLACE(i.name, '.', ' '), '_', ' ') LIKE ? ESCAPE '\\'");
            }
            return sql.toString();
        }

        private int bind(PreparedStatement p) throws SQLException {
            int n = 1;
            for (String w : words) {
                p.setString(
                        n++, "%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
            }
            return n;
        }
    }

    /** One page of a list, and how many items the list holds in all. */
    public record Page(int total, List<Summary> items) {
        public Page {
            items = List.copyOf(items);
        }
    }

    /** How many items {@code filter} lets through. */
    public static int count(Connection c, Filter filter) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*)" + SHOWN + filter.where())) {
            filter.bind(p);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * The items {@code filter} lets through, ordered by name (ASCII case ignored) then id, from
     * {@code offset}, at most {@code limit} of them.
     */
    public static List<Summary> page(Connection c, Filter filter, int offset, int limit) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(SUMMARY + filter.where() + " ORDER BY i.name, i.id LIMIT ? OFFSET ?")) {
            int n = filter.bind(p);
            p.setInt(n, limit);
            p.setInt(n + 1, offset);
            try (ResultSet rs = p.executeQuery()) {
                List<Summary> page = new ArrayList<>();
                while (rs.next()) {
                    page.add(new Summary(
                            rs.getLong(1),
                            rs.getString(2),
                            Instant.ofEpochMilli(rs.getLong(3)),
                            SourceState.ofWord(rs.getString(4)),
                            rs.getInt(6),
                            rs.getLong(7),
                            rs.getInt(5)));
                }
                return page;
            }
        }
    }

    /** Every shown item's folder, ordered by name (ASCII case ignored) then id. */
    public static List<Folder> folders(Connection c) throws SQLException {
        try (PreparedStatement p =
                        c.prepareStatement("SELECT i.id, i.name, i.created_at" + SHOWN + " ORDER BY i.name, i.id");
                ResultSet rs = p.executeQuery()) {
            List<Folder> folders = new ArrayList<>();
            while (rs.next())
                folders.add(new Folder(rs.getLong(1), rs.getString(2), Instant.ofEpochMilli(rs.getLong(3))));
            return folders;
        }
    }
}
