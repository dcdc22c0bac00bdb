package io.nzbmount.server.realpeer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assertions;

/**
 * Compares what a client received with the original file: by SHA-256, and on a mismatch by the
 * first differing byte, so that a failure says where the bytes went wrong. Thread-safe.
 */
public final class Originals {
    private static final Map<String, String> FILE_HASHES = new ConcurrentHashMap<>();

    private Originals() {}

    /** SHA-256 of a whole file as hex; computed once per file, size and modification time. */
    public static String sha256(Path file) throws IOException {
        String key = file.toAbsolutePath() + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file);
        try {
            return FILE_HASHES.computeIfAbsent(key, k -> {
                try (InputStream in = Files.newInputStream(file)) {
                    MessageDigest digest = digest();
                    byte[] buf = new byte[1 << 20];
                    for (int n; (n = in.read(buf)) > 0; ) digest.update(buf, 0, n);
                    return HexFormat.of().formatHex(digest.digest());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** SHA-256 of bytes as hex. */
    public static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    /** {@code length} bytes of the file from {@code offset} (fewer at the end of the file). */
    public static byte[] slice(Path file, long offset, int length) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long available = Math.max(0, channel.size() - offset);
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(length, available));
            while (buf.hasRemaining()) {
                if (channel.read(buf, offset + buf.position()) < 0) break;
            }
            return buf.array();
        }
    }

    /** Asserts that a downloaded file equals the original, by size and SHA-256. */
    public static void assertSameFile(Path original, Path received, String what) throws IOException {
        Assertions.assertEquals(Files.size(original), Files.size(received), what + ": size");
        Assertions.assertEquals(sha256(original), sha256(received), what + ": SHA-256 of the whole file");
    }

    /** Asserts that {@code received} equals the original's bytes at {@code offset}. */
    public static void assertSameBytes(Path original, long offset, byte[] received, String what) throws IOException {
        assertSameBytes(slice(original, offset, received.length), received, offset, what);
    }

    /**
     * Asserts equal SHA-256 (and length); on a mismatch names the first differing byte, counted
     * from {@code offset} in the file.
     */
    public static void assertSameBytes(byte[] expected, byte[] received, long offset, String what) {
        Assertions.assertEquals(expected.length, received.length, what + ": length");
        if (sha256(expected).equals(sha256(received))) return;
        int at = Arrays.mismatch(expected, received);
        Assertions.fail(what + ": SHA-256 differs; first wrong byte at file offset " + (offset + at) + " (expected "
                + (expected[at] & 0xff) + ", got " + (received[at] & 0xff) + ")");
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
