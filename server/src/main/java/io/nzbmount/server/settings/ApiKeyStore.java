package io.nzbmount.server.settings;

import io.nzbmount.config.InitialApiKey;
import io.nzbmount.config.Settings;
import io.nzbmount.server.http.ApiKeys;
import io.nzbmount.server.http.BasicAuthHandler;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SettingsTable;
import io.nzbmount.server.store.StoreException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API key ({@code auth.apiKey}): made at the first start, kept in the database's
 * {@code settings} table under {@value #KEY} (with the rest of the data), replaced by
 * {@link #rotate()}. A key is 32 lower-case hex digits (128 random bits). {@link #matches}
 * compares digests in constant time; {@link #toString()} never shows the key. Thread safe: the
 * key in force is read without locking, rotations are serialised.
 */
public final class ApiKeyStore implements ApiKeys {

    /** The key of the API key in the {@code settings} table. */
    public static final String KEY = "auth.apiKey";

    private static final Logger LOG = LoggerFactory.getLogger(ApiKeyStore.class);

    private final Database db;
    private final SecureRandom random;
    private volatile String key;

    private ApiKeyStore(Database db, SecureRandom random, String key) {
        this.db = db;
        this.random = random;
        this.key = key;
    }

    /**
     * The stored key, or a new one stored now when there is none.
     *
     * @throws StoreException when the database cannot be read or written
     */
    public static ApiKeyStore open(Database db, SecureRandom random) throws StoreException {
        return open(db, random, Optional.empty());
    }

    /**
     * The stored key; when there is none, {@code initial} ({@link InitialApiKey}, checked by the
     * loader) or else a new one, stored now. A stored key stays: a different {@code initial} is
     * only warned about, so a key replaced on the Settings page is not undone at the next start.
     *
     * @throws StoreException when the database cannot be read or written
     */
    public static ApiKeyStore open(Database db, SecureRandom random, Optional<String> initial) throws StoreException {
        Objects.requireNonNull(random, "random");
        String key = db.transaction(c -> {
            Optional<String> stored = SettingsTable.get(c, KEY);
            if (stored.isPresent() && !stored.get().isBlank()) return stored.get();
            String made = initial.orElseGet(() -> generate(random));
            SettingsTable.put(c, KEY, made);
            return made;
        });
        ApiKeyStore store = new ApiKeyStore(db, random, key);
        if (initial.isPresent() && !store.matches(initial.get())) {
            LOG.warn(
                    "{} is not used: the data directory has its API key already (from the first start, or replaced"
                            + " on the Settings page); the key in force is shown there",
                    InitialApiKey.ENV);
        }
        return store;
    }

    /** The key in force, for the one answer that shows it to a logged-in user. */
    public String current() {
        return key;
    }

    /**
     * Replaces the key with a new one and stores it; the old key stops working at once.
     *
     * @return the new key
     * @throws StoreException when it cannot be stored (the old key stays)
     */
    public synchronized String rotate() throws StoreException {
        String made = generate(random);
        db.transaction(c -> {
            SettingsTable.put(c, KEY, made);
            return null;
        });
        key = made;
        return made;
    }

    @Override
    public boolean matches(String candidate) {
        return candidate != null
                && MessageDigest.isEqual(BasicAuthHandler.sha256(key), BasicAuthHandler.sha256(candidate));
    }

    @Override
    public String toString() {
        return "ApiKeyStore[key=" + Settings.MASK + "]";
    }

    private static String generate(SecureRandom random) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
