package io.nzbmount.server.dav;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;

/** Fixtures shared by the HTTP tests: a library with small, empty and >4 GiB files. */
final class TestFiles {

    static final String ITEM = "Film (2024)";
    static final String ITEM_PATH = "/dav/library/Film%20(2024)/";
    static final byte[] FILM = random(3 * 1024 * 1024 + 17, 1);
    static final byte[] SUBS = random(4000, 2);
    static final byte[] PAGE = "<html>not a folder</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    /** 5 GiB and a bit: every offset past 4 GiB and past Integer.MAX_VALUE is in it. */
    static final long BIG_SIZE = 5L * 1024 * 1024 * 1024 + 77;

    private TestFiles() {}

    static MemoryLibrary library() {
        return new MemoryLibrary()
                .add(ITEM, "film.mkv", new MemoryLibrary.ArrayContent(FILM))
                .add(ITEM, "film.en.srt", new MemoryLibrary.ArrayContent(SUBS))
                .add(ITEM, "page.html", new MemoryLibrary.ArrayContent(PAGE))
                .add(ITEM, "empty.mp4", new MemoryLibrary.ArrayContent(new byte[0]))
                .add(ITEM, "big.mkv", new GeneratedContent(BIG_SIZE))
                .add("Ünïcode & [brackets] #1", "clip.mp4", new MemoryLibrary.ArrayContent(SUBS));
    }

    static byte[] random(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static byte[] slice(byte[] bytes, long first, long last) {
        return java.util.Arrays.copyOfRange(bytes, (int) first, (int) last + 1);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
