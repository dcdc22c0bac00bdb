package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * RAR5's key derivation: PBKDF2-HMAC-SHA256 of the UTF-8 password and the 16-byte salt. One chain
 * of HMAC rounds gives three values: after 2^count rounds the AES-256 key, 16 rounds on the
 * checksum key, 16 more the password check (its 32 bytes folded onto 8 by XOR), which the file's
 * encryption record holds, so a wrong password is known before any data is read. Pure.
 *
 * @param key      the AES-256 key
 * @param hashKey  the key that tweaks checksums (HMAC) when the record says so
 * @param check    the 8-byte password check value
 */
record Rar5Kdf(byte[] key, byte[] hashKey, byte[] check) {
    static final int MAX_COUNT = 24;

    static Rar5Kdf derive(String password, byte[] salt, int count) {
        if (count < 0 || count > MAX_COUNT)
            throw new IllegalArgumentException("a RAR5 work factor of 2^" + count + " is beyond any archiver's");
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            byte[] pw = password.getBytes(StandardCharsets.UTF_8);
            mac.init(new SecretKeySpec(pw.length == 0 ? new byte[1] : pw, "HmacSHA256"));
            mac.update(salt);
            byte[] u = mac.doFinal(new byte[] {0, 0, 0, 1});
            byte[] f = u.clone();
            byte[][] values = new byte[3][];
            int[] rounds = {(1 << count) - 1, 16, 16};
            for (int v = 0; v < 3; v++) {
                for (int i = 0; i < rounds[v]; i++) {
                    u = mac.doFinal(u);
                    for (int b = 0; b < f.length; b++) f[b] ^= u[b];
                }
                values[v] = f.clone();
            }
            byte[] check = new byte[8];
            for (int i = 0; i < values[2].length; i++) check[i % 8] ^= values[2][i];
            return new Rar5Kdf(values[0], values[1], check);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    /** The record's check value with its 4-byte checksum (the first bytes of its SHA-256). */
    static boolean checkSumHolds(byte[] check, byte[] sum) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(check);
            return Arrays.equals(Arrays.copyOf(digest, 4), sum);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return "Rar5Kdf[(hidden)]";
    }
}
