package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RAR4 (RAR 2.9/3.x) sets encrypted with {@code -p} and {@code -hp}, written by
 * {@link EncryptedRar4Writer} and checked against RARLAB's own unrar: the key and IV come from
 * the RAR3 SHA-1 KDF, a member's data is one AES chain through its volumes (which end inside
 * blocks), a wrong password is refused before a byte is served (by the decrypted headers' CRC
 * with {@code -hp}, by the film's container signature with {@code -p}).
 */
class Rar4EncryptedTest {
    /** RARLAB's unrar as WebAssembly, installed by .ci/install-deps.sh. */
    private static final String UNRAR = "/opt/nzbmount-ci/unrar/unrar.js";
    /** 40 characters: long enough that RAR's SHA-1 rewrites its input while hashing it. */
    private static final String LONG_PASSWORD = "a password of forty characters, exactly";

    @TempDir
    Path dir;

    /** A film's bytes: a Matroska signature, then noise. */
    static byte[] film(int size, long seed) {
        byte[] film = RarScanTest.random(size, seed);
        film[0] = 0x1A;
        film[1] = 0x45;
        film[2] = (byte) 0xDF;
        film[3] = (byte) 0xA3;
        return film;
    }

    /** The volumes under hex names that say nothing, in a shuffled order. */
    static List<ArchiveVolume> hexNamed(List<ArchiveVolume> named, long seed) {
        List<ArchiveVolume> hex = new ArrayList<>();
        Random r = new Random(seed);
        for (ArchiveVolume v : named)
            hex.add(new ArchiveVolume(HexFormat.of().formatHex(RarScanTest.random(8, r.nextLong())), v.bytes()));
        Collections.shuffle(hex, r);
        return hex;
    }

    private static EncryptedRar4Writer.Options options(boolean oldNames, boolean headers) {
        return new EncryptedRar4Writer.Options(oldNames, headers, HexFormat.of().parseHex("0102030405060708"));
    }

    private static ArchiveScan scan(List<ArchiveVolume> volumes, String... passwords) throws Exception {
        return ArchiveScanner.scan(new CountingSource(volumes), List.of(), new Passwords(List.of(passwords)));
    }

    @Test
    void rarlabsUnrarExtractsTheEncryptedSetsSoTheKeysAreRars() throws Exception {
        byte[] film = film(250_003, 1);
        int n = 0;
        for (String password : List.of("pw 1", LONG_PASSWORD)) {
            for (boolean headers : List.of(false, true)) {
                for (boolean oldNames : List.of(false, true)) {
                    List<ArchiveVolume> volumes = EncryptedRar4Writer.write(
                            "film", "film.mkv", film, 100_000, password, options(oldNames, headers));
                    Path set = Files.createDirectory(dir.resolve("set" + n++));
                    for (ArchiveVolume v : volumes) Files.write(set.resolve(v.name()), v.bytes());
                    Path out = Files.createDirectory(set.resolve("out"));
                    ExternalTool.run(set, UNRAR, volumes.get(0).name(), out.toString(), password);
                    assertArrayEquals(
                            film,
                            Files.readAllBytes(out.resolve("film.mkv")),
                            "unrar reads " + volumes.get(0).name() + (headers ? " -hp" : " -p") + " as written");
                }
            }
        }
    }

    @Test
    void aSplitFilmOpensWithThePasswordAsOneChainThroughVolumesThatEndInsideBlocks() throws Exception {
        byte[] film = film(300_007, 2);
        for (boolean oldNames : List.of(false, true)) {
            List<ArchiveVolume> volumes =
                    EncryptedRar4Writer.write("Split", "film.mkv", film, 100_000, "right", options(oldNames, false));
            assertEquals(4, volumes.size());
            CountingSource source = new CountingSource(volumes);
            ArchiveScan scan = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("other", "right")));
            ArchiveSet set = scan.sets().get(0);
            assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
            assertEquals(Optional.of("right"), scan.password());
            Member m = set.members().get(0);
            assertEquals(Sealing.Kdf.RAR3, m.sealing().orElseThrow().kdf());
            assertTrue(
                    m.pieces().stream().anyMatch(p -> p.length() % Sealing.BLOCK != 0), "a volume ends inside a block");
            assertTrue(m.sealing().get().restarts().isEmpty(), "one chain");
            assertArrayEquals(film, AesKeys.open(m.sealing().get(), "right", source.bytesOf(m), film.length));
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(film);
            assertTrue(m.crcToVerify(), "only the container signature proved the password: the CRC is checked later");
            assertEquals(crc.getValue(), m.crc(), "the CRC to check is the whole film's");
        }
    }

    @Test
    void aWrongOrMissingPasswordForDataOnlyEncryptionRefusesTheSet() throws Exception {
        List<ArchiveVolume> volumes = EncryptedRar4Writer.write(
                "Wrong", "film.mkv", film(250_000, 3), 100_000, "right", options(false, false));
        ArchiveSet wrong = scan(volumes, "wrong", "also wrong").sets().get(0);
        assertEquals(
                Refusal.Reason.WRONG_PASSWORD, wrong.refusal().orElseThrow().reason());
        assertTrue(
                wrong.refusal().get().message().contains("none of the 2 passwords given opens this archive"),
                wrong.refusal().get().message());
        assertTrue(wrong.members().stream().noneMatch(Member::servable));
        ArchiveSet none =
                ArchiveScanner.scan(new CountingSource(volumes)).sets().get(0);
        assertEquals(Refusal.Reason.ENCRYPTED, none.refusal().orElseThrow().reason());
        assertTrue(
                none.refusal().get().message().contains("no password was given"),
                none.refusal().get().message());
    }

    @Test
    void encryptedHeadersOpenWithThePasswordAndGiveTheOrderOfObfuscatedVolumes() throws Exception {
        byte[] film = film(400_000, 4);
        for (boolean oldNames : List.of(false, true)) {
            List<ArchiveVolume> named = EncryptedRar4Writer.write(
                    "Hidden", "film.mkv", film, 90_000, LONG_PASSWORD, options(oldNames, true));
            for (List<ArchiveVolume> volumes : List.of(named, hexNamed(named, 5))) {
                CountingSource source = new CountingSource(volumes);
                ArchiveScan scan = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("no", LONG_PASSWORD)));
                ArchiveSet set = scan.sets().get(0);
                assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
                assertEquals(named.size(), set.volumes().size());
                Member m = set.members().get(0);
                assertEquals("film.mkv", m.name());
                assertFalse(m.crcToVerify(), "the headers' CRCs proved the password");
                assertArrayEquals(
                        film, AesKeys.open(m.sealing().orElseThrow(), LONG_PASSWORD, source.bytesOf(m), film.length));
            }
        }
    }

    @Test
    void aWrongPasswordForHexNamedVolumesIsOneRefusalThatNamesThemAll() throws Exception {
        for (boolean headers : List.of(true, false)) {
            List<ArchiveVolume> volumes = hexNamed(
                    EncryptedRar4Writer.write(
                            "Hex", "film.mkv", film(400_000, 7), 90_000, "right", options(true, headers)),
                    7);
            for (String[] given : List.of(new String[] {"wrong"}, new String[0])) {
                List<ArchiveSet> sets = scan(volumes, given).sets();
                assertEquals(1, sets.size(), () -> "headers " + headers + ": " + sets);
                ArchiveSet set = sets.get(0);
                assertEquals(volumes.size(), set.volumes().size(), "every volume is in the one refusal");
                String message = set.refusal().orElseThrow().message();
                assertEquals(
                        1, message.split("does not open this archive|no password was given", -1).length - 1, message);
                if (headers) {
                    List<String> names =
                            volumes.stream().map(ArchiveVolume::name).sorted().toList();
                    assertTrue(message.startsWith("the " + volumes.size() + " encrypted RAR4 volumes "), message);
                    assertTrue(message.contains(" and " + (volumes.size() - 3) + " more: "), message);
                    assertEquals(
                            3, names.stream().filter(message::contains).count(), "three volumes named: " + message);
                }
            }
        }
    }

    @Test
    void aDecryptedFirstHeaderMustHoldFieldsRarWritesNotOnlyItsChecksum() {
        byte[] name = "film.mkv".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertTrue(Rar4SealedHeaders.plausible(file(2, 29, 0x30, name.length, name)), "a stored file's header");
        assertTrue(Rar4SealedHeaders.plausible(Rar4Headers.block(0x7B, 0x09, new byte[6])), "an end header");
        assertFalse(Rar4SealedHeaders.plausible(file(0x9C, 29, 0x30, name.length, name)), "an unknown host");
        assertFalse(Rar4SealedHeaders.plausible(file(2, 0xE1, 0x30, name.length, name)), "an unknown unpack version");
        assertFalse(Rar4SealedHeaders.plausible(file(2, 29, 0x4F, name.length, name)), "an unknown method");
        assertFalse(Rar4SealedHeaders.plausible(file(2, 29, 0x30, 900, name)), "a name longer than its header");
        assertFalse(
                Rar4SealedHeaders.plausible(Rar4Headers.block(0x7B, 0x09, new byte[300])),
                "an end header of 307 bytes");
        assertFalse(Rar4SealedHeaders.plausible(Rar4Headers.block(0x76, 0, new byte[40])), "a RAR 2.x block");
    }

    /** A file header block, its CRC right, with the fields given. */
    private static byte[] file(int hostOs, int version, int method, int nameSize, byte[] name) {
        byte[] fields = new LittleEndianBytes()
                .u32(16)
                .u32(16)
                .u8(hostOs)
                .u32(0)
                .u32(RarBuilder.Entry.TIME)
                .u8(version)
                .u8(method)
                .u16(nameSize)
                .u32(0x20)
                .bytes(name)
                .bytes(new byte[8])
                .toByteArray();
        return Rar4Headers.block(0x74, 0x8000 | 0x04 | 0x0400, fields);
    }

    @Test
    void encryptedHeadersRefuseAWrongPasswordByTheirChecksumBeforeAnyDataIsRead() throws Exception {
        List<ArchiveVolume> volumes = EncryptedRar4Writer.write(
                "Hidden", "film.mkv", film(300_000, 6), 100_000, "right", options(false, true));
        assertWrongAndMissingPasswordsRefusedFromTheVolumeStarts(volumes);
    }

    /**
     * A set with encrypted headers refuses "wrong" by what its first encrypted header (or check
     * value) says, reading only the start of each volume, and refuses a scan without a password.
     */
    static void assertWrongAndMissingPasswordsRefusedFromTheVolumeStarts(List<ArchiveVolume> named) throws Exception {
        for (List<ArchiveVolume> volumes : List.of(named, hexNamed(named, 11))) {
            CountingSource source = new CountingSource(volumes);
            List<ArchiveSet> wrongSets = ArchiveScanner.scan(source, List.of(), new Passwords(List.of("wrong")))
                    .sets();
            assertEquals(1, wrongSets.size(), () -> "one refusal, under hidden names too: " + wrongSets);
            ArchiveSet wrong = wrongSets.get(0);
            assertEquals(
                    Refusal.Reason.WRONG_PASSWORD, wrong.refusal().orElseThrow().reason());
            assertTrue(
                    wrong.refusal().get().message().contains("the password given does not open this archive"),
                    wrong.refusal().get().message());
            for (int i = 0; i < volumes.size(); i++) {
                assertTrue(source.bytesRead(i) <= VolumeBytes.MIN_READ, "only the start of volume " + i + " is read");
            }
            List<ArchiveSet> noneSets =
                    ArchiveScanner.scan(new CountingSource(volumes)).sets();
            assertEquals(1, noneSets.size(), () -> "one refusal, under hidden names too: " + noneSets);
            ArchiveSet none = noneSets.get(0);
            assertEquals(Refusal.Reason.ENCRYPTED, none.refusal().orElseThrow().reason());
            assertTrue(
                    none.refusal().get().message().contains("no password was given"),
                    none.refusal().get().message());
        }
    }

    @Test
    void theKdfGivesTheKeyWithItsWordsReversedAndAnIvByteEvery16384Rounds() {
        // A check of the derivation's shape against a plain SHA-1 for a short password, where
        // RAR's rewriting SHA-1 and the standard one agree.
        byte[] salt = HexFormat.of().parseHex("0102030405060708");
        Rar3Kdf kdf = Rar3Kdf.derive("pw", salt);
        java.security.MessageDigest sha;
        try {
            sha = java.security.MessageDigest.getInstance("SHA-1");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        byte[] raw = new byte[] {'p', 0, 'w', 0, 1, 2, 3, 4, 5, 6, 7, 8};
        byte[] iv = new byte[16];
        for (int i = 0; i < 1 << 18; i++) {
            sha.update(raw);
            sha.update(new byte[] {(byte) i, (byte) (i >>> 8), (byte) (i >>> 16)});
            if (i % (1 << 14) == 0) {
                try {
                    iv[i >> 14] = ((java.security.MessageDigest) sha.clone()).digest()[19];
                } catch (CloneNotSupportedException e) {
                    throw new AssertionError(e);
                }
            }
        }
        byte[] d = sha.digest();
        byte[] key = new byte[16];
        for (int w = 0; w < 4; w++) for (int b = 0; b < 4; b++) key[w * 4 + b] = d[w * 4 + 3 - b];
        assertArrayEquals(key, kdf.key());
        assertArrayEquals(iv, kdf.iv());
    }
}
