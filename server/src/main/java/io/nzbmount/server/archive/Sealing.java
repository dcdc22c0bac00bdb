package io.nzbmount.server.archive;

import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * How the bytes of an encrypted member are read back: its data is AES-CBC ciphertext, laid out
 * as a run of whole 16-byte blocks (its pieces) of which the first {@code lead} bytes come before
 * the member's first byte. Decrypting block {@code k} of that run takes the ciphertext block
 * before it, so the run starts one block early, or at the archive's first data block with
 * {@code iv} as its chain value. Holds no secret: the key is derived from the password and the
 * KDF inputs here ({@link AesKeys}). Immutable.
 *
 * @param kdf    how the key is derived from the password
 * @param cycles the KDF's work factor as the archive records it (log2 of the rounds for 7z)
 * @param salt   the KDF's salt (may be empty)
 * @param iv     the chain value of the run's first block when that block is the archive's first
 *               data block; empty when the run's first block is only the chain value of the next
 * @param lead   the run's bytes before the member's first byte
 * @param restarts where the chain starts again inside the run (each part of a member split over
 *               RAR5 volumes is encrypted on its own): run offsets, each a multiple of 16, with
 *               the IV of the block there; empty when the run is one chain
 */
public record Sealing(Kdf kdf, int cycles, byte[] salt, byte[] iv, int lead, List<Restart> restarts) {
    /** AES block size. */
    public static final int BLOCK = 16;

    /** The key derivations known. */
    public enum Kdf {
        /** 7z's 7zAES: SHA-256 over (salt, UTF-16LE password, 64-bit counter), 2^cycles rounds; AES-256. */
        SEVEN_ZIP,
        /** RAR5: PBKDF2-HMAC-SHA256 of the UTF-8 password, 2^cycles iterations; AES-256. */
        RAR5,
        /**
         * RAR 2.9/3.x: 2^18 SHA-1 rounds over the UTF-16LE password and salt ({@link Rar3Kdf});
         * AES-128. The KDF gives the IV with the key, so a sealing's own IV is zeros.
         */
        RAR3
    }

    /** The chain starts again at run offset {@code at} with {@code iv}. */
    public record Restart(long at, byte[] iv) {
        public Restart {
            if (at <= 0 || at % BLOCK != 0 || iv.length != BLOCK)
                throw new IllegalArgumentException("restart at " + at);
            iv = iv.clone();
        }

        @Override
        public byte[] iv() {
            return iv.clone();
        }
    }

    /** A run that is one chain. */
    public Sealing(Kdf kdf, int cycles, byte[] salt, byte[] iv, int lead) {
        this(kdf, cycles, salt, iv, lead, List.of());
    }

    /** The IV of the chain that starts at run offset {@code at}, when one does. */
    public java.util.Optional<byte[]> restartAt(long at) {
        if (at == 0 && iv.length == BLOCK) return java.util.Optional.of(iv.clone());
        for (Restart r : restarts) if (r.at() == at) return java.util.Optional.of(r.iv());
        return java.util.Optional.empty();
    }

    /** The first run offset after {@code at} where a chain starts again, or {@code Long.MAX_VALUE}. */
    public long nextRestart(long at) {
        long next = Long.MAX_VALUE;
        for (Restart r : restarts) if (r.at() > at) next = Math.min(next, r.at());
        return next;
    }

    public Sealing {
        Objects.requireNonNull(kdf, "kdf");
        salt = salt.clone();
        iv = iv.clone();
        restarts = List.copyOf(restarts);
        if (iv.length != 0 && iv.length != BLOCK) throw new IllegalArgumentException("an IV is 16 bytes");
        if (lead < 0 || (iv.length == 0 && lead < BLOCK)) throw new IllegalArgumentException("lead " + lead);
    }

    @Override
    public byte[] salt() {
        return salt.clone();
    }

    @Override
    public byte[] iv() {
        return iv.clone();
    }

    /** A compact text form, read back by {@link #parse}. */
    public String text() {
        HexFormat hex = HexFormat.of();
        StringBuilder text = new StringBuilder(
                kdf.name() + ":" + cycles + ":" + hex.formatHex(salt) + ":" + hex.formatHex(iv) + ":" + lead);
        for (Restart r : restarts) text.append(':').append(r.at()).append('=').append(hex.formatHex(r.iv()));
        return text.toString();
    }

    /** @throws IllegalArgumentException when {@code text} is not what {@link #text()} makes */
    public static Sealing parse(String text) {
        String[] p = text.split(":", -1);
        if (p.length < 5) throw new IllegalArgumentException("not a sealing: " + text);
        HexFormat hex = HexFormat.of();
        List<Restart> restarts = new java.util.ArrayList<>();
        for (int i = 5; i < p.length; i++) {
            int eq = p[i].indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("not a sealing: " + text);
            restarts.add(new Restart(Long.parseLong(p[i].substring(0, eq)), hex.parseHex(p[i].substring(eq + 1))));
        }
        return new Sealing(
                Kdf.valueOf(p[0]),
                Integer.parseInt(p[1]),
                hex.parseHex(p[2]),
                hex.parseHex(p[3]),
                Integer.parseInt(p[4]),
                restarts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sealing s && s.text().equals(text());
    }

    @Override
    public int hashCode() {
        return text().hashCode();
    }

    @Override
    public String toString() {
        return "Sealing[" + text() + "]";
    }
}
