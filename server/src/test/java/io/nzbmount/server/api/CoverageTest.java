package io.nzbmount.server.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoverageTest {

    @Test
    void overlappingAndTouchingRangesMergeAndRangesOutsideTheFileAreClipped() {
        List<Coverage.Range> merged = Coverage.merged(
                List.of(
                        new Coverage.Range(500, 600),
                        new Coverage.Range(0, 100),
                        new Coverage.Range(100, 150),
                        new Coverage.Range(550, 700),
                        new Coverage.Range(900, 1200),
                        new Coverage.Range(300, 300)),
                1000);
        assertEquals(
                List.of(new Coverage.Range(0, 150), new Coverage.Range(500, 700), new Coverage.Range(900, 1000)),
                merged);
    }

    @Test
    void aStreamServesFromItsStartSourceUpToEachSwitchAndFromTheLastOneUpToWhereItIsNow() {
        List<Coverage.Served> parts = Coverage.served(
                "s1", 1000, 7, List.of(new Coverage.Switch(5000, 8), new Coverage.Switch(9000, 7)), 12000);
        assertEquals(
                List.of(
                        new Coverage.Served("s1", 1000, 5000, 7),
                        new Coverage.Served("s1", 5000, 9000, 8),
                        new Coverage.Served("s1", 9000, 12000, 7)),
                parts);
        assertEquals(7, Coverage.current(7, List.of(new Coverage.Switch(5000, 8), new Coverage.Switch(9000, 7))));
    }

    @Test
    void aStreamRoutedAtItsFirstByteHasNoEmptyPartOnTheSourceItLeft() {
        List<Coverage.Served> parts = Coverage.served("s2", 400, 3, List.of(new Coverage.Switch(400, 4)), 900);
        assertEquals(List.of(new Coverage.Served("s2", 400, 900, 4)), parts);
        assertEquals(4, Coverage.current(3, List.of(new Coverage.Switch(400, 4))));
    }

    @Test
    void aSwitchNotYetReachedEndsNoPartBeyondTheBytesSent() {
        assertEquals(
                List.of(new Coverage.Served("s3", 0, 200, 1)),
                Coverage.served("s3", 0, 1, List.of(new Coverage.Switch(500, 2)), 200));
    }
}
