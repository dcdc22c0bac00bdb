package io.nzbmount.server.repair;

import io.nzbmount.nntp.LocalArticles;
import io.nzbmount.server.store.Repairs;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The articles repairs rebuilt, served to the readers as if a provider had them: each is
 * assembled from the slices in the {@link RepairStore} that hold its bytes. Only articles whose
 * every slice was rebuilt and checked against its par2 MD5 and CRC-32 are listed. Thread-safe.
 */
public final class RepairedArticles implements LocalArticles {
    private static final Logger LOG = LoggerFactory.getLogger(RepairedArticles.class);

    private final RepairStore store;
    private final Map<String, Repairs.Article> byId = new ConcurrentHashMap<>();
    /** When each source's rebuilt articles were last listed or served, as a tick of {@link #clock}. */
    private final Map<Long, Long> lastUse = new ConcurrentHashMap<>();

    private final java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();

    public RepairedArticles(RepairStore store) {
        this.store = store;
    }

    /** Lists rebuilt articles (as stored); they are served from now on. */
    public void add(Collection<Repairs.Article> articles) {
        for (Repairs.Article a : articles) {
            byId.put(a.messageId(), a);
            used(a.sourceId());
        }
    }

    /** Serves the rebuilt articles of {@code sourceId} no more (their bytes are to leave the store). */
    public void drop(long sourceId) {
        byId.values().removeIf(a -> a.sourceId() == sourceId);
        lastUse.remove(sourceId);
    }

    /** The sources with rebuilt articles listed, the one served least recently first. */
    public List<Long> byLeastRecentUse() {
        java.util.Set<Long> sources = new java.util.HashSet<>();
        for (Repairs.Article a : byId.values()) sources.add(a.sourceId());
        return sources.stream()
                .sorted(java.util.Comparator.comparingLong(s -> lastUse.getOrDefault(s, 0L)))
                .toList();
    }

    private void used(long sourceId) {
        lastUse.put(sourceId, clock.incrementAndGet());
    }

    /** Serves exactly {@code articles} from now on (what is stored after a delete). */
    public void replaceAll(Collection<Repairs.Article> articles) {
        java.util.Set<String> keep = new java.util.HashSet<>();
        for (Repairs.Article a : articles) {
            keep.add(a.messageId());
            byId.put(a.messageId(), a);
        }
        byId.keySet().retainAll(keep);
    }

    /** The content keys of every slice a listed article reads. */
    public java.util.Set<String> keysInUse() {
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (Repairs.Article a : byId.values()) keys.addAll(a.sliceKeys());
        return keys;
    }

    @Override
    public boolean holds(String messageId) {
        return byId.containsKey(messageId);
    }

    @Override
    public Optional<Article> article(String messageId) {
        Repairs.Article a = byId.get(messageId);
        if (a == null) return Optional.empty();
        used(a.sourceId());
        try {
            return Optional.of(new Article(a.part(), a.total(), a.fileSize(), a.begin(), bytes(a)));
        } catch (IOException e) {
            // The providers are asked instead: they answer what they have, never a made-up byte.
            LOG.warn("rebuilt article {} cannot be read from the repair store: {}", messageId, e.toString());
            return Optional.empty();
        }
    }

    /** The article's bytes, read from the slices that hold them. */
    private byte[] bytes(Repairs.Article a) throws IOException {
        byte[] data = new byte[a.length()];
        List<String> keys = a.sliceKeys();
        int done = 0;
        while (done < data.length) {
            long at = a.begin() + done;
            int slice = (int) ((at - a.firstSlice()) / a.sliceSize());
            if (slice >= keys.size()) throw new IOException("article " + a.messageId() + " reaches past its slices");
            long within = at - a.firstSlice() - (long) slice * a.sliceSize();
            int n = (int) Math.min(data.length - done, a.sliceSize() - within);
            store.read(keys.get(slice), within, data, done, n);
            done += n;
        }
        return data;
    }
}
