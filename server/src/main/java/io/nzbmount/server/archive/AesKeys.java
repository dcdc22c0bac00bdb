package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Derives archive keys from passwords and decrypts AES-CBC blocks. A derivation costs up to 2^24
 * hash rounds, so keys are kept by what they are a function of (the KDF, its work factor, its
 * salt and a hash of the password): every member and every read of one archive, and every
 * source that is a copy of it, derive the key once. Thread-safe.
 */
public final class AesKeys {
    private static final int CACHED = 64;
    /** 7z's marker for "no hashing": the key is the salt and password bytes as they are. */
    private static final int SEVEN_ZIP_PLAIN = 0x3F;

    private static final int SEVEN_ZIP_MAX_CYCLES = 24;

    /** Each derivation's key and, for RAR3, the IV it gives with it, for RAR5 the password check value. */
    private static final Map<String, byte[][]> KEYS = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, byte[][]> eldest) {
            return size() > CACHED;
        }
    };

    private AesKeys() {}

    /**
     * The AES key for {@code sealing} and {@code password}, derived once and then cached.
     *
     * @throws IllegalArgumentException when the work factor is beyond what any archiver writes
     */
    public static byte[] key(Sealing sealing, String password) {
        return derived(sealing, password)[0].clone();
    }

    /**
     * The chain value of a member's first block when its run starts at the archive's first data
     * block: the sealing's IV, or for RAR3, whose IV comes out of the KDF with the key, that one.
     */
    public static byte[] firstChain(Sealing sealing, String password) {
        return sealing.kdf() == Sealing.Kdf.RAR3 ? derived(sealing, password)[1].clone() : sealing.iv();
    }

    /** RAR5's password check value for {@code password}, derived with the key (and cached with it). */
    static byte[] passwordCheck(Sealing sealing, String password) {
        if (sealing.kdf() != Sealing.Kdf.RAR5)
            throw new IllegalArgumentException("only RAR5 has a password check value");
        return derived(sealing, password)[1].clone();
    }

    private static byte[][] derived(Sealing sealing, String password) {
        String id =
                sealing.kdf() + ":" + sealing.cycles() + ":" + HexFormat.of().formatHex(sealing.salt()) + ":"
                        + HexFormat.of().formatHex(sha256(password.getBytes(StandardCharsets.UTF_8)));
        synchronized (KEYS) {
            byte[][] known = KEYS.get(id);
            if (known != null) return known;
        }
        byte[][] derived = switch (sealing.kdf()) {
            case SEVEN_ZIP -> new byte[][] {sevenZip(password, sealing.cycles(), sealing.salt())};
            case RAR5 -> {
                Rar5Kdf kdf = Rar5Kdf.derive(password, sealing.salt(), sealing.cycles());
                yield new byte[][] {kdf.key(), kdf.check()};
            }
            case RAR3 -> {
                Rar3Kdf kdf = Rar3Kdf.derive(password, sealing.salt());
                yield new byte[][] {kdf.key(), kdf.iv()};
            }
        };
        synchronized (KEYS) {
            KEYS.put(id, derived);
        }
        return derived;
    }

    /** {@link #openRun} with the key and first chain value derived from {@code password}. */
    public static byte[] open(Sealing sealing, String password, byte[] run, int size) {
        Sealing chained = sealing.iv().length == 0
                ? sealing
                : new Sealing(
                        sealing.kdf(),
                        sealing.cycles(),
                        sealing.salt(),
                        firstChain(sealing, password),
                        sealing.lead(),
                        sealing.restarts());
        return openRun(chained, key(sealing, password), run, size);
    }

    private static byte[] sevenZip(String password, int cycles, byte[] salt) {
        byte[] pw = password.getBytes(StandardCharsets.UTF_16LE);
        if (cycles == SEVEN_ZIP_PLAIN) {
            byte[] key = new byte[32];
            System.arraycopy(salt, 0, key, 0, Math.min(salt.length, 32));
            if (salt.length < 32) System.arraycopy(pw, 0, key, salt.length, Math.min(pw.length, 32 - salt.length));
            return key;
        }
        if (cycles < 0 || cycles > SEVEN_ZIP_MAX_CYCLES) {
            throw new IllegalArgumentException(
                    "a 7z key work factor of 2^" + cycles + " rounds is beyond any archiver's");
        }
        MessageDigest sha = digest();
        byte[] block = new byte[salt.length + pw.length + 8];
        System.arraycopy(salt, 0, block, 0, salt.length);
        System.arraycopy(pw, 0, block, salt.length, pw.length);
        int counterAt = salt.length + pw.length;
        long rounds = 1L << cycles;
        for (long i = 0; i < rounds; i++) {
            long n = i;
            for (int b = 0; b < 8; b++, n >>>= 8) block[counterAt + b] = (byte) n;
            sha.update(block);
        }
        return sha.digest();
    }

    /**
     * Decrypts whole blocks: {@code ciphertext} (a multiple of 16 bytes) with {@code chain} as the
     * value before its first block.
     */
    public static byte[] decrypt(byte[] key, byte[] chain, byte[] ciphertext, int offset, int length) {
        if (length % Sealing.BLOCK != 0) throw new IllegalArgumentException("not whole blocks: " + length);
        try {
            Cipher cipher = Cipher.getInstance("AES/CBC/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(chain));
            return cipher.doFinal(ciphertext, offset, length);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has AES/CBC/NoPadding", e);
        }
    }

    /** {@link #decrypt(byte[], byte[], byte[], int, int)} of a whole array. */
    public static byte[] decrypt(byte[] key, byte[] chain, byte[] ciphertext) {
        return decrypt(key, chain, ciphertext, 0, ciphertext.length);
    }

    /**
     * The {@code size} bytes of a sealed member from its whole run of ciphertext (its pieces'
     * bytes in order).
     */
    public static byte[] openRun(Sealing sealing, byte[] key, byte[] run, int size) {
        int from = sealing.iv().length == 0 ? Sealing.BLOCK : 0;
        byte[] plain = new byte[run.length - from];
        while (from < run.length) {
            int end = (int) Math.min(run.length, sealing.nextRestart(from));
            byte[] chain = sealing.restartAt(from).orElseGet(() -> Arrays.copyOfRange(run, 0, Sealing.BLOCK));
            int at = sealing.iv().length == 0 ? from - Sealing.BLOCK : from;
            byte[] part = decrypt(key, chain, run, from, end - from);
            System.arraycopy(part, 0, plain, at, part.length);
            from = end;
        }
        int lead = sealing.iv().length == 0 ? sealing.lead() - Sealing.BLOCK : sealing.lead();
        return Arrays.copyOfRange(plain, lead, lead + size);
    }

    private static byte[] sha256(byte[] bytes) {
        return digest().digest(bytes);
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
