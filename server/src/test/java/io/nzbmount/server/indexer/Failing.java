package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Expects typed indexer failures and checks each one for leaked API keys. Every key a test uses
 * comes from {@link #newKey()}, and every failure a test provokes goes through {@link #expect},
 * so the whole run asserts that no failure's message, {@code toString} or stack trace (causes
 * included) shows any key.
 */
final class Failing {
    private static final Set<String> KEYS = ConcurrentHashMap.newKeySet();

    private Failing() {}

    interface Call {
        void run() throws Exception;
    }

    /** A fresh API key, remembered for the leak checks. */
    static String newKey() {
        String key = "k" + UUID.randomUUID().toString().replace("-", "");
        KEYS.add(key);
        return key;
    }

    static <T extends IndexerException> T expect(Class<T> type, Call call) {
        try {
            call.run();
        } catch (IndexerException e) {
            assertInstanceOf(type, e, () -> "expected " + type.getSimpleName() + " but got " + e);
            assertNoKey(e);
            assertTrue(
                    e.getMessage().contains("'" + e.indexer() + "'"),
                    "the message names the indexer: " + e.getMessage());
            return type.cast(e);
        } catch (Exception e) {
            fail("expected " + type.getSimpleName() + " but got " + e, e);
        }
        return fail("expected " + type.getSimpleName() + " but nothing was thrown");
    }

    static void assertNoKey(Throwable failure) {
        StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        assertNoKey(failure.toString() + "\n" + trace);
    }

    static void assertNoKey(String text) {
        for (String key : KEYS) assertFalse(text.contains(key), () -> "an API key leaked into: " + text);
    }
}
