package io.nzbmount.server.cutover;

import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.fallback.FailurePolicy;
import io.nzbmount.server.library.FileMaps;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.standby.RangeProof;
import io.nzbmount.server.standby.SentBytesRing;
import io.nzbmount.server.standby.Verdict;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.StoreException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the source that continues a stream at offset {@code o}: the item's other sources in
 * order ({@link CutoverStore#candidates}), skipping the ones the policy bars there and the ones
 * already tried in this selection; the length gate; then the current-range proof: the
 * candidate's bytes just before {@code o} must equal the bytes this response already sent
 * ({@link RangeProof}). MISMATCH fails the candidate for good; INCONCLUSIVE counts a transient
 * miss (abandoned after {@link io.nzbmount.server.standby.TransientMisses#LIMIT}).
 *
 * <p>Only verified standbys (and the item's primary) are candidates: an unverified one would
 * need the full fingerprint sweep, which is the standby service's job in the background.
 *
 * <p>When the response has sent nothing yet there is nothing to compare: a verified candidate
 * then rests on its completed fingerprint sweep. Thread-safe; a call blocks on the providers.
 */
final class FallbackSelector {
    private static final Logger LOG = LoggerFactory.getLogger(FallbackSelector.class);

    private final CutoverStore store;
    private final FileMaps fileMaps;
    private final Usenet usenet;

    FallbackSelector(CutoverStore store, ItemCatalog catalog, Usenet usenet) {
        this.store = store;
        this.fileMaps = new FileMaps(catalog, usenet);
        this.usenet = usenet;
    }

    /**
     * What a selection needs to know about the stream.
     *
     * @param probing told of each reader opened for a proof (and of null when the proof ends), so
     *                the stream can close it when the client goes away mid-proof
     */
    record Request(long itemId, String fileName, long fileSize, long offset, SentBytesRing sent,
                   FailurePolicy policy, ItemCutoverState shared, Set<Long> tried, Consumer<NzbReader> probing) {}

    /**
     * @return the proved source with an open reader (the caller owns it), or empty when none can serve
     * @throws ReadCancelledException when the stream was closed during a proof
     */
    Optional<ActiveSource> select(long currentId, Request r) throws StoreException, ReadCancelledException {
        for (CutoverStore.Candidate candidate : store.candidates(r.itemId(), currentId, r.fileName(), r.fileSize())) {
            long id = candidate.source().id();
            if (!r.tried().add(id)) continue;
            if (candidate.file().isEmpty() || candidate.file().get().size() != r.fileSize()) {
                store.markDead(id, "content-length gate: it has no file of " + r.fileSize() + " bytes like \""
                        + r.fileName() + "\"");
                continue;
            }
            FileRecord file = candidate.file().get();
            if (!r.policy().eligible(String.valueOf(id), file.index(), r.offset(), System.currentTimeMillis())) continue;
            if (file.layout().isEmpty()) continue;
            Optional<FileMap> restored = fileMaps.restore(file);
            if (restored.isEmpty()) continue;
            FileMap map = restored.get();
            NzbReader reader = usenet.open(map, Priority.FOREGROUND);
            r.probing().accept(reader);
            boolean keep = false;
            try {
                Verdict verdict = prove(reader, r);
                if (verdict == Verdict.VERIFIED) {
                    r.shared().proved(id, verdict);
                    keep = true;
                    return Optional.of(new ActiveSource(id, file.index(), map, reader));
                }
                if (verdict == Verdict.MISMATCH) {
                    store.markDead(id, "its bytes before offset " + r.offset() + " differ from the bytes already served");
                } else if (r.shared().proved(id, verdict)) {
                    store.markFailed(id, "its bytes could not be compared " + io.nzbmount.server.standby.TransientMisses.LIMIT
                            + " times in a row");
                }
            } finally {
                r.probing().accept(null);
                if (!keep) reader.close();
            }
        }
        return Optional.empty();
    }

    private static Verdict prove(NzbReader reader, Request r) throws ReadCancelledException {
        SentBytesRing sent = r.sent();
        if (sent.held() == 0) return Verdict.VERIFIED;
        byte[] theirs = new byte[sent.held()];
        long from = sent.heldFrom();
        int got = 0;
        try {
            while (got < theirs.length) {
                int n = reader.read(from + got, theirs, got, theirs.length - got);
                if (n <= 0) break;
                got += n;
            }
        } catch (ReadFailure e) {
            LOG.debug("proof read at {} failed: {}", from + got, e.toString());
            return Verdict.INCONCLUSIVE;
        }
        byte[] compared = got == theirs.length ? theirs : java.util.Arrays.copyOf(theirs, got);
        return RangeProof.judge(sent, r.offset(), compared);
    }
}
