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
 * of the format. bsdtar reads a multi-volume set as one stream of its volumes in order; it
 * does not check the part CRCs there, so it checks the layout and our scanner's reading of it.
 */
class ForeignReaderTest {
    private static final String BSDTAR = "/usr/bin/bsdtar";

    @TempDir
    Path dir;

    @Test
    void storedRar4FromTheTestBuilderExtractsWithBsdtar() throws Exception {
        byte[] film = random(300_000, 1);
        byte[] nfo = random(1_000, 2);
        extractAndCompare(
                RarBuilder.rar4("film")
                        .member("film.mkv", film)
                        .member("sub/film.nfo", nfo)
                        .build(),
                List.of("film.mkv", "sub/film.nfo"),
                List.of(film, nfo));
    }

    @Test
    void storedRar5FromTheTestBuilderExtractsWithBsdtar() throws Exception {
        byte[] film = random(300_000, 3);
        byte[] nfo = random(1_000, 4);
        extractAndCompare(
                RarBuilder.rar5("film")
                        .member("film.mkv", film)
                        .member("sub/film.nfo", nfo)
                        .build(),
                List.of("film.mkv", "sub/film.nfo"),
                List.of(film, nfo));
    }

    @Test
    void rar5FromTheDemoWriterExtractsWithBsdtar() throws Exception {
        byte[] film = random(250_000, 5);
        List<byte[]> volumes = StoredRar5Writer.write("Film.mkv", film, 1_000_000, 1_700_000_000L);
        extractAndCompare(List.of(new ArchiveVolume("demo.rar", volumes.get(0))), List.of("Film.mkv"), List.of(film));
    }

    @Test
    void multiVolumeSetsFromTheTestBuilderExtractWithBsdtarAsTheScannerMapsThem() throws Exception {
        byte[] film = random(1_000_000, 6);
        byte[] nfo = random(5_000, 7);
        for (RarBuilder builder : List.of(RarBuilder.rar4("m4"), RarBuilder.rar5("m5"))) {
            List<ArchiveVolume> volumes = builder.member("film.mkv", film)
                    .member("film.nfo", nfo)
                    .volumeSize(150_000)
                    .build();
            CountingSource source = new CountingSource(volumes);
            ArchiveSet set = ArchiveScanner.scan(source).sets().get(0);
            assertArrayEquals(film, source.bytesOf(set.members().get(0)));
            assertArrayEquals(nfo, source.bytesOf(set.members().get(1)));
            extractAndCompare(volumes, List.of("film.mkv", "film.nfo"), List.of(film, nfo));
        }
    }

    @Test
    void multiVolumeSetFromTheDemoWriterExtractsWithBsdtar() throws Exception {
        byte[] film = random(900_000, 8);
        List<byte[]> volumes = StoredRar5Writer.write("Film.mkv", film, 200_000, 1_700_000_000L);
        List<ArchiveVolume> named = new java.util.ArrayList<>();
        for (int i = 0; i < volumes.size(); i++) {
            named.add(new ArchiveVolume(StoredRar5Writer.volumeName("demo", i, volumes.size()), volumes.get(i)));
        }
        extractAndCompare(named, List.of("Film.mkv"), List.of(film));
    }

    /** Writes the volumes as one stream in order (how bsdtar reads a set) and extracts it. */
    private void extractAndCompare(List<ArchiveVolume> volumes, List<String> names, List<byte[]> contents)
            throws IOException, InterruptedException {
        ExternalTool.require(BSDTAR);
        Path archive = dir.resolve(volumes.get(0).name());
        try (java.io.OutputStream all = Files.newOutputStream(archive)) {
            for (ArchiveVolume v : volumes) all.write(v.bytes());
        }
        Path out = Files.createDirectory(dir.resolve("out-" + volumes.get(0).name()));
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
