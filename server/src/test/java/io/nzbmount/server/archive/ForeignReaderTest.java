package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RAR archives our tests and our demo build are read the same way by libarchive's
 * {@code bsdtar}, a reader we did not write: the parser is not only checked against our own idea
 * of the format. bsdtar reads single archives, so these are single-volume sets.
 */
class ForeignReaderTest {
    private static final String BSDTAR = "/usr/bin/bsdtar";

    @TempDir
    Path dir;

    @Test
    void storedRar4FromTheTestBuilderExtractsWithBsdtar() throws Exception {
        byte[] film = random(300_000, 1);
        byte[] nfo = random(1_000, 2);
        extractAndCompare(RarBuilder.rar4("film").member("film.mkv", film).member("sub/film.nfo", nfo).build(),
                List.of("film.mkv", "sub/film.nfo"), List.of(film, nfo));
    }

    @Test
    void storedRar5FromTheTestBuilderExtractsWithBsdtar() throws Exception {
        byte[] film = random(300_000, 3);
        byte[] nfo = random(1_000, 4);
        extractAndCompare(RarBuilder.rar5("film").member("film.mkv", film).member("sub/film.nfo", nfo).build(),
                List.of("film.mkv", "sub/film.nfo"), List.of(film, nfo));
    }

    @Test
    void rar5FromTheDemoWriterExtractsWithBsdtar() throws Exception {
        byte[] film = random(250_000, 5);
        List<byte[]> volumes = StoredRar5Writer.write("Film.mkv", film, 1_000_000, 1_700_000_000L);
        extractAndCompare(List.of(new ArchiveVolume("demo.rar", volumes.get(0))), List.of("Film.mkv"), List.of(film));
    }

    private void extractAndCompare(List<ArchiveVolume> volumes, List<String> names, List<byte[]> contents)
            throws IOException, InterruptedException {
        ExternalTool.require(BSDTAR);
        if (volumes.size() != 1) throw new AssertionError("expected one volume, got " + volumes.size());
        Path archive = dir.resolve(volumes.get(0).name());
        Files.write(archive, volumes.get(0).bytes());
        Path out = Files.createDirectory(dir.resolve("out"));
        ExternalTool.run(out, BSDTAR, "-xf", archive.toString());
        for (int i = 0; i < names.size(); i++) {
            assertArrayEquals(contents.get(i), Files.readAllBytes(out.resolve(names.get(i))), names.get(i));
        }
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
