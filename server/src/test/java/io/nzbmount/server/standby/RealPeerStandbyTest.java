package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.realpeer.RealPeer;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Standbys posted by nyuu to inn2: real NZBs, real articles, real yEnc. */
@Tag("realpeer")
class RealPeerStandbyTest {
    private static final int SIZE = 3 << 20;

    @TempDir
    Path dir;

    @TempDir
    Path files;

    private StandbyRig rig;
    private byte[] data;
    private long itemId;

    @BeforeEach
    void setUp() throws Exception {
        RealPeer.requireOrSkip();
        Usenet usenet = Usenet.connect(
                List.of(new Provider(
                        "inn2", RealPeer.HOST, RealPeer.AUTH_PORT, false, RealPeer.USER, RealPeer.PASSWORD, 4, 0)),
                Usenet.Settings.defaults());
        rig = new StandbyRig(dir, usenet);
        data = Files.readAllBytes(RealPeer.randomFile(SIZE, 4242));
        itemId = rig.importer
                .importNzb(
                        Files.readAllBytes(RealPeer.postFile(write("harbour.mkv", data))),
                        Optional.of("Quiet.Harbour.2019.1080p.BluRay.x264-GRP"))
                .item()
                .item()
                .id();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (rig != null) rig.close();
    }

    private Path write(String name, byte[] bytes) throws Exception {
        Path sub = Files.createTempDirectory(files, "post");
        return Files.write(sub.resolve(name), bytes);
    }

    private StandbyProgress proveStandby(String name, byte[] bytes) throws Exception {
        byte[] nzb = Files.readAllBytes(RealPeer.postFile(write(name, bytes)));
        long standby = rig.importer.addStandby(itemId, nzb, Optional.empty()).sourceId();
        rig.service.tick();
        rig.service.awaitIdle(Duration.ofSeconds(60));
        return rig.progress(standby);
    }

    @Test
    void theSameFilePostedTwiceIsVerified() throws Exception {
        StandbyProgress p = proveStandby("harbour.mkv", data);
        assertEquals(StandbyState.VERIFIED, p.state(), p.reason().orElse(""));
        assertEquals(p.samplesTotal(), p.samplesDone());
    }

    @Test
    void oneChangedByteInsideASampledRangeIsAMismatch() throws Exception {
        List<Sample> samples =
                SamplePlan.alignToParts(SamplePlan.forSize(SIZE), SIZE, RealPeer.PART_SIZE, RealPeer.PART_SIZE);
        Sample target = samples.get(samples.size() / 2);
        byte[] changed = data.clone();
        changed[(int) target.offset() + target.length() / 2] ^= 0x20;
        StandbyProgress p = proveStandby("harbour.mkv", changed);
        assertEquals(StandbyState.MISMATCH, p.state());
        assertTrue(p.reason().orElseThrow().contains("differ"));
    }

    @Test
    void aDifferentSizeIsRejectedByTheGate() throws Exception {
        byte[] longer = java.util.Arrays.copyOf(data, SIZE + 4096);
        StandbyProgress p = proveStandby("harbour.mkv", longer);
        assertEquals(StandbyState.MISMATCH, p.state());
        assertTrue(p.reason().orElseThrow().contains("content-length gate"));
    }
}
