package io.nzbmount.server.library;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.store.FileRecord;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A standby's files are matched to the item's by content (size, then order), never by name. */
class CounterpartsTest {
    private static final List<FileRecord> ITEM = List.of(
            file(1, 0, "CD1.mkv", 700, true), file(1, 1, "CD2.mkv", 700, true), file(1, 2, "Extras.mkv", 90, true));

    @Test
    void aFileOfTheSameNameButAnotherSizeIsNeverTheCounterpart() {
        List<FileRecord> standby = List.of(file(2, 0, "Extras.mkv", 91, true), file(2, 1, "zq81.mkv", 90, true));
        assertEquals(Optional.of(standby.get(1)), Counterparts.of(ITEM, "Extras.mkv", standby));
    }

    @Test
    void amongFilesOfOneSizeTheSamePlaceInOrderIsTheCounterpartMediaFirst() {
        List<FileRecord> standby = List.of(
                file(2, 0, "a.nfo", 700, false), file(2, 1, "x1.mkv", 700, true), file(2, 2, "x2.mkv", 700, true));
        assertEquals(Optional.of(standby.get(1)), Counterparts.of(ITEM, "CD1.mkv", standby));
        assertEquals(Optional.of(standby.get(2)), Counterparts.of(ITEM, "CD2.mkv", standby));
    }

    @Test
    void theReleaseTheItemWasMadeFromServesItsOwnFiles() {
        assertEquals(Optional.of(ITEM.get(1)), Counterparts.of(ITEM, "CD2.mkv", ITEM));
    }

    @Test
    void withNoFileOfTheSizeAFileNotSizedAtImportIsLeftToTheProofElseThereIsNone() {
        FileRecord unsized = file(2, 1, "q.bin", -1, false);
        assertEquals(
                Optional.of(unsized),
                Counterparts.of(ITEM, "Extras.mkv", List.of(file(2, 0, "Extras.mkv", 91, true), unsized)));
        assertEquals(
                Optional.empty(), Counterparts.of(ITEM, "Extras.mkv", List.of(file(2, 0, "Extras.mkv", 91, true))));
        assertEquals(Optional.empty(), Counterparts.of(ITEM, "Other.mkv", ITEM), "no item file of that name");
    }

    private static FileRecord file(long source, int index, String name, long size, boolean media) {
        return new FileRecord(source, index, name, size, size < 0 ? "" : "yenc:1x" + size, media);
    }
}
