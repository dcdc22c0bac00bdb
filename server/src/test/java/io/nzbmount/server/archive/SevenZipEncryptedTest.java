package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Encrypted 7z archives made by 7zz at test time: opened with the right password, refused otherwise. */
class SevenZipEncryptedTest {
    private static final String SEVEN_ZIP = "/usr/bin/7zz";

    @TempDir
    Path dir;

    private byte[] film;
    private byte[] nfo;

    /** A Matroska-looking film whose size is no multiple of 16, so the padding shows. */
    private List<ArchiveVolume> archive(String prefix, String... options) throws IOException, InterruptedException {
        film = RarScanTest.random(450_007, 29);
        System.arraycopy(new byte[] {0x1A, 0x45, (byte) 0xDF, (byte) 0xA3}, 0, film, 0, 4);
        nfo = "Film (2020) 1080p, a few bytes\n".getBytes();
        Files.write(dir.resolve("film.mkv"), film);
        Files.write(dir.resolve("film.nfo"), nfo);
        List<String> args = new ArrayList<>(List.of("a", "-bd", "-y", "-t7z", "-mx0"));
        args.addAll(List.of(options));
        args.addAll(List.of(prefix + ".7z", "film.nfo", "film.mkv"));
        ExternalTool.run(dir, SEVEN_ZIP, args.toArray(String[]::new));
        List<ArchiveVolume> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith(prefix + ".7z"))
                    .sorted()
                    .toList()) {
                out.add(new ArchiveVolume(p.getFileName().toString(), Files.readAllBytes(p)));
            }
        }
        return out;
    }

    private static Member member(ArchiveSet set, String name) {
        return set.members().stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no member " + name + " in " + set.members()));
    }

    private static byte[] open(CountingSource source, Member m, String password) {
        Sealing s = m.sealing().orElseThrow(() -> new AssertionError(m.name() + " is not sealed"));
        return AesKeys.openRun(s, AesKeys.key(s, password), source.bytesOf(m), (int) m.size());
    }

    private ArchiveScan scan(List<ArchiveVolume> volumes, String... passwords) throws IOException {
        return ArchiveScanner.scan(new CountingSource(volumes), List.of(), new Passwords(List.of(passwords)));
    }

    @Test
    void encryptedDataOpensWithThePasswordProvedByTheFilmSignature() throws Exception {
        List<ArchiveVolume> volumes = archive("p", "-pSecret 1");
        CountingSource source = new CountingSource(volumes);
        ArchiveScan scan = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("wrong", "Secret 1")));
        ArchiveSet set = scan.sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(Optional.of("Secret 1"), scan.password());
        assertArrayEquals(film, open(source, member(set, "film.mkv"), "Secret 1"));
        assertArrayEquals(nfo, open(source, member(set, "film.nfo"), "Secret 1"));
        for (String name : List.of("film.mkv", "film.nfo")) {
            assertTrue(member(set, name).crcToVerify(), "only the film's signature proved the password: " + name);
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(film);
        assertEquals(crc.getValue(), member(set, "film.mkv").crc(), "the CRC to check is the film's own");
    }

    @Test
    void encryptedHeadersOpenWithThePasswordAndSplitPartsChainAcrossTheirEdges() throws Exception {
        List<ArchiveVolume> volumes = archive("h", "-pPW", "-mhe=on", "-v100k");
        assertTrue(volumes.size() >= 5, "parts: " + volumes.size());
        CountingSource source = new CountingSource(volumes);
        ArchiveScan scan = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("nope", "PW")));
        ArchiveSet set = scan.sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        Member m = member(set, "film.mkv");
        assertTrue(m.pieces().size() >= 5, "the film runs through every part");
        assertFalse(m.crcToVerify(), "the encrypted header's CRC proved the password");
        assertArrayEquals(film, open(source, m, "PW"));
        assertArrayEquals(nfo, open(source, member(set, "film.nfo"), "PW"));
    }

    @Test
    void partEdgesInsideAnAesBlockChainAcrossThem() throws Exception {
        List<ArchiveVolume> volumes = archive("odd", "-pPW", "-v50021b");
        assertTrue(volumes.size() >= 9, "parts: " + volumes.size());
        assertTrue(volumes.get(0).bytes().length % Sealing.BLOCK != 0, "the part edges fall inside blocks");
        CountingSource source = new CountingSource(volumes);
        ArchiveSet set = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("PW")))
                .sets()
                .get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertArrayEquals(film, open(source, member(set, "film.mkv"), "PW"));
    }

    @Test
    void aSingleFileWithEncryptedHeadersLeftUnpackedOpens() throws Exception {
        List<ArchiveVolume> volumes = archive("one", "-pPW", "-mhe=on", "-x!film.nfo");
        CountingSource source = new CountingSource(volumes);
        ArchiveScan scan = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("PW")));
        ArchiveSet set = scan.sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(1, set.members().size());
        assertArrayEquals(film, open(source, member(set, "film.mkv"), "PW"));
    }

    @Test
    void aWrongPasswordRefusesTheArchiveWithAndWithoutEncryptedHeaders() throws Exception {
        for (String mhe : List.of("-mhe=off", "-mhe=on")) {
            ArchiveSet set = scan(archive("w" + mhe.length() + mhe.charAt(5), "-pPW", mhe), "pw", "PW ")
                    .sets()
                    .get(0);
            assertEquals(
                    Refusal.Reason.WRONG_PASSWORD, set.refusal().orElseThrow().reason(), mhe);
            assertTrue(
                    set.refusal().get().message().contains("none of the 2 passwords given opens this archive"),
                    set.refusal().get().message());
            assertFalse(set.refusal().get().message().contains("PW"), "the message never shows a password");
            assertTrue(set.members().isEmpty(), "nothing of a refused archive is served");
        }
    }

    @Test
    void anAbsurdKeyWorkFactorIsRefusedBeforeAnyKeyIsDerived() throws Exception {
        byte[] one = archive("f", "-pPW", "-mhe=on", "-x!film.nfo").get(0).bytes();
        java.nio.ByteBuffer sig = java.nio.ByteBuffer.wrap(one).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int headerAt = (int) (32 + sig.getLong(12));
        int headerSize = (int) sig.getLong(20);
        int aes = -1;
        for (int i = headerAt; i + 4 < headerAt + headerSize; i++) {
            if (one[i] == 0x06 && one[i + 1] == (byte) 0xF1 && one[i + 2] == 0x07 && one[i + 3] == 0x01) aes = i;
        }
        assertTrue(aes > 0, "the encoded header names 7zAES");
        one[aes + 5] = (byte) ((one[aes + 5] & 0xC0) | 0x3E); // 2^62 rounds
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(one, headerAt, headerSize);
        sig.putInt(28, (int) crc.getValue());
        crc.reset();
        crc.update(one, 12, 20);
        sig.putInt(8, (int) crc.getValue());
        ArchiveSet set =
                scan(List.of(new ArchiveVolume("f.7z", one)), "PW").sets().get(0);
        assertEquals(
                Refusal.Reason.UNSUPPORTED,
                set.refusal().orElseThrow().reason(),
                set.refusal().toString());
    }

    @Test
    void anEncryptedArchiveWithoutAPasswordSaysSo() throws Exception {
        for (String mhe : List.of("-mhe=off", "-mhe=on")) {
            ArchiveSet set =
                    scan(archive("n" + mhe.charAt(5), "-pPW", mhe)).sets().get(0);
            assertEquals(Refusal.Reason.ENCRYPTED, set.refusal().orElseThrow().reason(), mhe);
            assertTrue(
                    set.refusal().get().message().contains("encrypted and no password was given"),
                    set.refusal().get().message());
        }
    }
}
