package io.nzbmount.server.realpeer;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;

/**
 * The random files the realpeer tests share, each posted to inn2 by nyuu once per test JVM,
 * and small helpers to read them back. Never cancel articles of these: post a file of your own.
 */
public final class Releases {
    /** 64 MiB: 94 articles of {@link RealPeer#PART_SIZE} bytes, the last one shorter. */
    public static final long MEDIUM_SIZE = 64L << 20;
    /** 300 MiB: 439 articles. */
    public static final long LARGE_SIZE = 300L << 20;

    private Releases() {}

    /** The 64 MiB file and its nyuu NZB. */
    public static RealPeer.Posted medium() {
        return RealPeer.postedRandomFile(MEDIUM_SIZE, 64);
    }

    /** The 300 MiB file and its nyuu NZB. */
    public static RealPeer.Posted large() {
        return RealPeer.postedRandomFile(LARGE_SIZE, 300);
    }

    /** Parses an NZB written by nyuu with the project's parser. */
    public static Nzb parse(Path nzb) throws IOException {
        try (InputStream in = Files.newInputStream(nzb)) {
            return NzbParser.parse(in);
        }
    }

    /** The one file of a one-file NZB. */
    public static NzbFile onlyFile(Path nzb) throws IOException {
        Nzb parsed = parse(nzb);
        Assertions.assertEquals(1, parsed.files().size(), () -> "files in " + nzb);
        return parsed.files().get(0);
    }

    /** How many articles nyuu makes of a file of this size. */
    public static int articles(long size) {
        return (int) ((size + RealPeer.PART_SIZE - 1) / RealPeer.PART_SIZE);
    }

    /**
     * Reads exactly {@code length} bytes from {@code offset} (the reader stops at article ends,
     * so this loops); fails the test on an early end of file.
     */
    public static byte[] readFully(NzbReader reader, long offset, int length)
            throws ReadFailure, ReadCancelledException {
        byte[] buf = new byte[length];
        int got = 0;
        while (got < length) {
            int n = reader.read(offset + got, buf, got, length - got);
            if (n < 0)
                Assertions.fail("end of file at " + (offset + got) + " reading " + length + " bytes from " + offset);
            got += n;
        }
        return buf;
    }
}
