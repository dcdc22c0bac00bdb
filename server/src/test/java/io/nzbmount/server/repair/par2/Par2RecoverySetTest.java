package io.nzbmount.server.repair.par2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Par2RecoverySetTest {
    private static final int SLICE = 4096;

    @TempDir
    Path dir;

    @Test
    void fileIdsOrderAsLittleEndianNumbers() {
        byte[] lowLastByte = new byte[16];
        byte[] highLastByte = new byte[16];
        lowLastByte[0] = (byte) 0xFF;
        highLastByte[15] = 1;
        assertTrue(Par2RecoverySet.compareAsNumbers(lowLastByte, highLastByte) < 0);
        assertTrue(Par2RecoverySet.compareAsNumbers(highLastByte, lowLastByte) > 0);
        assertEquals(0, Par2RecoverySet.compareAsNumbers(highLastByte, highLastByte.clone()));
    }

    @Test
    void aRecoverySlicePacketWithABadChecksumIsNotOffered() throws Exception {
        Par2Fixture fixture = Par2Fixture.create(dir, 8, Map.of("film.mkv", 10 * SLICE), "-s" + SLICE, "-r20", "-n1");
        List<byte[]> files = par2Files();
        int intact = fixture.set.recovery().size();
        byte[] volume = files.stream()
                .filter(f -> find(f, "PAR 2.0\0RecvSlic") >= 0)
                .findFirst()
                .orElseThrow();
        int body = find(volume, "PAR 2.0\0RecvSlic") + 16;
        int exponent = (int) io.nzbmount.server.archive.Par2Packets.le32(volume, body);
        assertTrue(fixture.set.recovery().containsKey(exponent));
        volume[body + 4 + 10] ^= 1; // a byte of that recovery slice's data
        Par2RecoverySet damaged = Par2RecoverySet.read(files);
        assertEquals(intact - 1, damaged.recovery().size());
        assertFalse(damaged.recovery().containsKey(exponent));
    }

    @Test
    void par2DataWithoutAMainPacketIsRefused() {
        Par2Exception e = assertThrows(Par2Exception.class, () -> Par2RecoverySet.read(List.of(new byte[100])));
        assertEquals("no intact main packet in the par2 files", e.getMessage());
        assertEquals(502, e.status());
    }

    private List<byte[]> par2Files() throws Exception {
        List<byte[]> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p :
                    list.filter(p -> p.toString().endsWith(".par2")).sorted().toList())
                files.add(Files.readAllBytes(p));
        }
        return files;
    }

    private static int find(byte[] data, String text) {
        byte[] needle = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        outer:
        for (int i = 0; i + needle.length <= data.length; i++) {
            for (int j = 0; j < needle.length; j++) if (data[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
