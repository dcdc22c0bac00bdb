package io.nzbmount.server.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SQLite database in the data directory, in WAL mode, with the schema migrated to the newest
 * version when opened. Thread-safe: one connection, used by one caller at a time through
 * {@link #transaction}; SQLite has a single writer anyway, and our writes are small.
 *
 * <p>WAL with {@code synchronous=NORMAL} survives a killed process (a committed transaction is in
 * the WAL file before commit returns); only a power loss can take the last transactions.
 *
 * <p>The data directory is made 0700 and the database file 0600 ({@link PrivateFiles}): they hold
 * every secret. Opening warns when they, or the WAL files, are readable by others.
 *
 * <p>An open database holds the {@link DataDirLock} of its data directory until closed, so a
 * second server on the same directory is refused at start instead of writing alongside.
 */
public final class Database implements AutoCloseable {

    /** The migration scripts in order; a script's position + 1 is the schema version it makes. */
    static final List<String> MIGRATIONS = List.of(
            "db/V1__library.sql",
            "db/V2__standby.sql",
            "db/V3__holes.sql",
            "db/V4__archives.sql",
            "db/V5__item_problems.sql",
            "db/V6__ids_never_reused.sql",
            "db/V7__proofs.sql",
            "db/V8__download_jobs.sql",
            "db/V9__source_passwords.sql",
            "db/V10__health_checks.sql",
            "db/V11__repairs.sql",
            "db/V12__member_crcs.sql",
            "db/V13__nzbs_apart.sql");

    /** The database file's name in the data directory. */
    static final String FILE_NAME = "nzbmount.db";

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);

    private final Connection connection;
    private final DataDirLock dirLock;
    private final ReentrantLock lock = new ReentrantLock();

    private Database(Connection connection, DataDirLock dirLock) {
        this.connection = connection;
        this.dirLock = dirLock;
    }

    /**
     * Locks {@code dataDir}, then opens (creating if needed) {@code dataDir/nzbmount.db} and
     * migrates it.
     *
     * @throws StoreException also when another NZBMount holds the data directory
     */
    public static Database open(Path dataDir) throws StoreException {
        try {
            PrivateFiles.directory(dataDir);
        } catch (IOException e) {
            throw new StoreException("cannot create data directory " + dataDir + ": " + e.getMessage(), e);
        }
        DataDirLock dirLock = DataDirLock.acquire(dataDir);
        try {
            Path file = dataDir.resolve(FILE_NAME);
            try {
                PrivateFiles.file(file);
            } catch (IOException e) {
                throw new StoreException("cannot create database " + file + ": " + e.getMessage(), e);
            }
            Database db = open(file, dirLock);
            warnIfReadableByOthers(dataDir, file);
            return db;
        } catch (StoreException | RuntimeException | Error e) {
            try {
                dirLock.close();
            } catch (StoreException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Says which of the files holding secrets other accounts may read (kept as the owner set them). */
    private static void warnIfReadableByOthers(Path dataDir, Path file) {
        List<String> loose = new ArrayList<>();
        PrivateFiles.looseness(dataDir, true).ifPresent(loose::add);
        for (String suffix : List.of("", "-wal", "-shm")) {
            PrivateFiles.looseness(Path.of(file + suffix), false).ifPresent(loose::add);
        }
        if (!loose.isEmpty()) {
            LOG.warn(
                    "the database holds passwords and keys, but other accounts may read it: {}",
                    String.join("; ", loose));
        }
    }

    private static Database open(Path file, DataDirLock dirLock) throws StoreException {
        Connection c = null;
        try {
            c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=NORMAL");
                s.execute("PRAGMA busy_timeout=5000");
                s.execute("PRAGMA foreign_keys=OFF");
            }
            Database db = new Database(c, dirLock);
            db.migrate();
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA foreign_keys=ON");
            }
            return db;
        } catch (SQLException e) {
            closeQuietly(c);
            throw new StoreException("cannot open database " + file + ": " + e.getMessage(), e);
        } catch (StoreException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    private static void closeQuietly(Connection c) {
        if (c == null) return;
        try {
            c.close();
        } catch (SQLException e) {
            // The open already failed; that failure is the one to report.
        }
    }

    /** Work done inside one transaction; rolled back when it throws. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Runs {@code work} in a transaction, holding the connection exclusively. */
    public <T> T transaction(Work<T> work) throws StoreException {
        lock.lock();
        try {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException("database error: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    /** The schema version now in force. */
    public int schemaVersion() throws StoreException {
        return transaction(Database::userVersion);
    }

    /**
     * Runs the missing migrations in one transaction, with foreign keys off ({@link #open} turns
     * them on after): a migration that rebuilds a table drops the old one, which would otherwise
     * cascade into every table referring to it. Every reference is checked before the migrations
     * commit; a dangling one rolls them all back.
     */
    private void migrate() throws StoreException {
        transaction(c -> {
            int version = userVersion(c);
            if (version > MIGRATIONS.size()) {
                throw new SQLException("the database has schema version " + version
                        + ", newer than this NZBMount knows (" + MIGRATIONS.size() + "): use a newer release");
            }
            for (int v = version; v < MIGRATIONS.size(); v++) {
                try (Statement s = c.createStatement()) {
                    for (String sql : statements(MIGRATIONS.get(v))) {
                        s.execute(sql);
                    }
                    s.execute("PRAGMA user_version=" + (v + 1));
                }
            }
            if (version == MIGRATIONS.size()) return null;
            try (Statement s = c.createStatement();
                    var rs = s.executeQuery("PRAGMA foreign_key_check")) {
                if (rs.next()) {
                    throw new SQLException("migrating left a row of " + rs.getString(1)
                            + " referring to a missing row of " + rs.getString(3));
                }
            }
            return null;
        });
    }

    private static int userVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                var rs = s.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    /** The statements of a migration script, comments removed. */
    static List<String> statements(String resource) throws SQLException {
        try (InputStream in = Database.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new SQLException("migration " + resource + " is missing from the jar");
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)--.*$", "");
            return java.util.Arrays.stream(text.split(";"))
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .toList();
        } catch (IOException e) {
            throw new SQLException("cannot read migration " + resource, e);
        }
    }

    /** Closes the connection, then releases the data directory. */
    @Override
    public void close() throws StoreException {
        lock.lock();
        try {
            connection.close();
        } catch (SQLException e) {
            throw new StoreException("cannot close database: " + e.getMessage(), e);
        } finally {
            lock.unlock();
            dirLock.close();
        }
    }
}
