package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * RAR5 volume sets encrypted with {@code -p} (data, not headers), written by
 * {@link StoredRar5Writer#writeEncrypted} from the format description: the password check value
 * opens them or refuses a wrong password before any data is read, and each part's own chain
 * decrypts to the film.
 */
class Rar5EncryptedTest {
    private static final long TIME = 1_600_000_000L;

    private static List<ArchiveVolume> volumes(String name, byte[] film, int volumeSize, String password) {
        return named(
                name, StoredRar5Writer.writeEncrypted(name + ".mkv", film, volumeSize, TIME, password, new Random(7)));
    }

    private static List<ArchiveVolume> hidden(String name, byte[] film, int volumeSize, String password) {
        return named(
                name,
                StoredRar5Writer.writeEncryptedHeaders(name + ".mkv", film, volumeSize, TIME, password, new Random(8)));
    }

    private static List<ArchiveVolume> named(String name, List<byte[]> bytes) {
        List<ArchiveVolume> out = new ArrayList<>();
        for (int i = 0; i < bytes.size(); i++) {
            out.add(new ArchiveVolume(StoredRar5Writer.volumeName(name, i, bytes.size()), bytes.get(i)));
        }
        return out;
    }

    private static byte[] open(CountingSource source, Member m, String password) {
        Sealing s = m.sealing().orElseThrow(() -> new AssertionError(m.name() + " is not sealed"));
        return AesKeys.openRun(s, AesKeys.key(s, password), source.bytesOf(m), (int) m.size());
    }

    @Test
    void theKeyIsPbkdf2HmacSha256OfTheUtf8PasswordAndTheCheckFollowsOnTheSameChain() throws Exception {
        byte[] salt = new byte[16];
        new Random(5).nextBytes(salt);
        Rar5Kdf kdf = Rar5Kdf.derive("pässwörd", salt, 10);
        javax.crypto.SecretKeyFactory pbkdf2 = javax.crypto.SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
        byte[] key = pbkdf2.generateSecret(
                        new javax.crypto.spec.PBEKeySpec("pässwörd".toCharArray(), salt, 1 << 10, 256))
                .getEncoded();
        assertArrayEquals(key, kdf.key(), "the key after 2^count rounds");
        byte[] more = pbkdf2.generateSecret(
                        new javax.crypto.spec.PBEKeySpec("pässwörd".toCharArray(), salt, (1 << 10) + 32, 256))
                .getEncoded();
        byte[] folded = new byte[8];
        for (int i = 0; i < 32; i++) folded[i % 8] ^= more[i];
        assertArrayEquals(folded, kdf.check(), "the check value 32 rounds on, folded onto 8 bytes");
    }

    @Test
    void aSplitEncryptedFilmOpensWithThePasswordAsOneChainThroughItsParts() throws Exception {
        byte[] film = RarScanTest.random(300_007, 32);
        List<ArchiveVolume> volumes = volumes("Split", film, 100_000, "pw 1");
        assertEquals(4, volumes.size());
        CountingSource source = new CountingSource(volumes);
        ArchiveScan scan = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("other", "pw 1")));
        ArchiveSet set = scan.sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(Optional.of("pw 1"), scan.password());
        Member m = set.members().get(0);
        assertTrue(m.sealing().orElseThrow().restarts().isEmpty(), "one chain");
        assertTrue(m.pieces().stream().anyMatch(p -> p.length() % Sealing.BLOCK != 0), "a volume ends inside a block");
        assertArrayEquals(film, open(source, m, "pw 1"));
    }

    @Test
    void rarlabsUnrarExtractsTheSplitEncryptedSet(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        byte[] film = RarScanTest.random(300_007, 34);
        List<ArchiveVolume> volumes = volumes("Ref", film, 100_000, "pw 1");
        for (ArchiveVolume v : volumes) java.nio.file.Files.write(dir.resolve(v.name()), v.bytes());
        java.nio.file.Path out = java.nio.file.Files.createDirectory(dir.resolve("out"));
        ExternalTool.run(dir, "/opt/nzbmount-ci/unrar/unrar.js", volumes.get(0).name(), out.toString(), "pw 1");
        assertArrayEquals(film, java.nio.file.Files.readAllBytes(out.resolve("Ref.mkv")));
    }

    @Test
    void aWrongOrMissingPasswordRefusesTheSetBeforeAnyDataIsRead() throws Exception {
        byte[] film = RarScanTest.random(250_000, 33);
        List<ArchiveVolume> volumes = volumes("Wrong", film, 100_000, "right");
        ArchiveSet wrong = ArchiveScanner.scan(new CountingSource(volumes), List.of(), new Passwords(List.of("wrong")))
                .sets()
                .get(0);
        assertEquals(
                Refusal.Reason.WRONG_PASSWORD, wrong.refusal().orElseThrow().reason());
        assertTrue(
                wrong.refusal().get().message().contains("the password given does not open this archive"),
                wrong.refusal().get().message());
        assertTrue(wrong.members().stream().noneMatch(Member::servable));
        ArchiveSet none =
                ArchiveScanner.scan(new CountingSource(volumes)).sets().get(0);
        assertEquals(Refusal.Reason.ENCRYPTED, none.refusal().orElseThrow().reason());
    }

    @Test
    void encryptedHeadersOpenWithThePasswordAndGiveTheOrderOfObfuscatedVolumes(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        byte[] film = RarScanTest.random(350_011, 35);
        List<ArchiveVolume> named = hidden("Hidden", film, 100_000, "pw 2");
        for (ArchiveVolume v : named) java.nio.file.Files.write(dir.resolve(v.name()), v.bytes());
        java.nio.file.Path out = java.nio.file.Files.createDirectory(dir.resolve("out"));
        ExternalTool.run(dir, "/opt/nzbmount-ci/unrar/unrar.js", named.get(0).name(), out.toString(), "pw 2");
        assertArrayEquals(film, java.nio.file.Files.readAllBytes(out.resolve("Hidden.mkv")), "unrar reads the -hp set");
        for (List<ArchiveVolume> volumes : List.of(named, Rar4EncryptedTest.hexNamed(named, 9))) {
            CountingSource source = new CountingSource(volumes);
            ArchiveScan scan = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("not it", "pw 2")));
            ArchiveSet set = scan.sets().get(0);
            assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
            assertEquals(named.size(), set.volumes().size());
            assertEquals(Optional.of("pw 2"), scan.password());
            Member m = set.members().get(0);
            assertEquals("Hidden.mkv", m.name());
            assertArrayEquals(film, open(source, m, "pw 2"));
        }
    }

    @Test
    void encryptedHeadersRefuseAWrongOrMissingPasswordByTheCheckValueBeforeAnyOtherHeaderIsRead() throws Exception {
        List<ArchiveVolume> volumes = hidden("Hidden", RarScanTest.random(250_000, 36), 100_000, "right");
        Rar4EncryptedTest.assertWrongAndMissingPasswordsRefusedFromTheVolumeStarts(volumes);
    }
}
