package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;

/**
 * RAR 2.9/3.x's key derivation for AES-128: 2^18 rounds of SHA-1, each over the UTF-16LE password
 * with the 8-byte salt and the round number (3 bytes, low first). The IV is the last digest byte
 * after every 2^14th round (16 of them); the key is the final digest with each 32-bit word's bytes
 * in reverse. RAR feeds the password through a SHA-1 that writes its expanded message back into
 * the input ({@link RarSha1}), which changes the result for passwords of 29 characters and more.
 * Pure.
 *
 * @param key the AES-128 key
 * @param iv  the IV of every chain (each header with {@code -hp}, each member's data)
 */
record Rar3Kdf(byte[] key, byte[] iv) {
    static final int SALT = 8;
    /** log2 of the rounds. */
    static final int CYCLES = 18;
    /** RAR takes at most this many characters of a password. */
    private static final int MAX_PASSWORD = 127;

    static Rar3Kdf derive(String password, byte[] salt) {
        if (salt.length != SALT && salt.length != 0) throw new IllegalArgumentException("a RAR3 salt is 8 bytes");
        String used = password.length() > MAX_PASSWORD ? password.substring(0, MAX_PASSWORD) : password;
        byte[] pw = used.getBytes(StandardCharsets.UTF_16LE);
        byte[] raw = new byte[pw.length + salt.length];
        System.arraycopy(pw, 0, raw, 0, pw.length);
        System.arraycopy(salt, 0, raw, pw.length, salt.length);
        RarSha1 sha = new RarSha1();
        int rounds = 1 << CYCLES;
        int step = rounds / Sealing.BLOCK;
        byte[] iv = new byte[Sealing.BLOCK];
        byte[] number = new byte[3];
        for (int i = 0; i < rounds; i++) {
            sha.updateRewriting(raw);
            number[0] = (byte) i;
            number[1] = (byte) (i >>> 8);
            number[2] = (byte) (i >>> 16);
            sha.update(number, 0, 3);
            if (i % step == 0) iv[i / step] = sha.copy().digest()[19];
        }
        byte[] digest = sha.digest();
        byte[] key = new byte[Sealing.BLOCK];
        for (int w = 0; w < 4; w++) for (int b = 0; b < 4; b++) key[w * 4 + b] = digest[w * 4 + 3 - b];
        return new Rar3Kdf(key, iv);
    }

    @Override
    public String toString() {
        return "Rar3Kdf[(hidden)]";
    }
}
