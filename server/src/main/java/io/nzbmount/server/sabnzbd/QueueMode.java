package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code queue}: the jobs being imported now ({@code start}, {@code limit}, {@code category} without
 * regard to case, {@code nzo_ids=ID[,ID]} for those jobs alone), and
 * {@code name=delete&value=ID[,ID]&del_files=0|1}. A job is imported while its {@code addfile}
 * waits, so the queue is short-lived; its status is {@code Checking} (the article sample), a word
 * Sonarr's enum knows. Deleting a job still in the queue lets it finish; one already finished is
 * deleted from the history as {@code history&name=delete} would.
 */
final class QueueMode {

    private final DownloadClient client;

    QueueMode(DownloadClient client) {
        this.client = client;
    }

    SabReply answer(SabRequest r) throws SabException, StoreException {
        Optional<String> name = r.param("name");
        if (name.isPresent()) {
            if (!name.get().equals("delete")) {
                throw new SabException("not implemented: queue name '" + SabRequest.shorten(name.get())
                        + "' (NZBMount's queue answers only name=delete)");
            }
            return Deletes.delete(client, r);
        }
        Paging paging = Paging.of(r);
        Optional<String> category = r.param("category");
        Optional<Set<String>> ids = r.ids("nzo_ids");
        List<DownloadClient.Pending> jobs = new ArrayList<>();
        for (DownloadClient.Pending p : client.queue()) {
            if (category.isPresent() && !DownloadClient.sameCategory(category.get(), p.category())) continue;
            if (ids.isPresent() && !ids.get().contains(p.nzoId())) continue;
            jobs.add(p);
        }
        List<Map<String, Object>> slots = new ArrayList<>();
        int index = paging.start();
        double mbTotal = 0;
        for (DownloadClient.Pending p : paging.page(jobs)) {
            slots.add(slot(p, index++));
            mbTotal += megabytes(p.nzbBytes());
        }
        Map<String, Object> queue = new LinkedHashMap<>();
        queue.put("status", jobs.isEmpty() ? "Idle" : "Downloading");
        queue.put("paused", false);
        queue.put("noofslots", jobs.size());
        queue.put("noofslots_total", jobs.size());
        queue.put("start", paging.start());
        queue.put("limit", paging.limit());
        queue.put("mb", format(mbTotal));
        queue.put("mbleft", format(mbTotal));
        queue.put("kbpersec", "0.00");
        queue.put("speed", "0 ");
        queue.put("timeleft", "0:00:00");
        queue.put("version", InfoModes.VERSION);
        queue.put("slots", slots);
        return SabReply.of("queue", queue);
    }

    private static Map<String, Object> slot(DownloadClient.Pending p, int index) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", index);
        m.put("nzo_id", p.nzoId());
        m.put("filename", p.name());
        m.put("cat", p.category());
        m.put("priority", Priorities.word(p.priority()));
        m.put("status", "Checking");
        // The NZB's own size stands in: the release's size is known once its sample was read.
        m.put("mb", format(megabytes(p.nzbBytes())));
        m.put("mbleft", format(megabytes(p.nzbBytes())));
        m.put("percentage", "0");
        m.put("timeleft", "0:00:10");
        m.put("labels", List.of());
        return m;
    }

    private static double megabytes(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    private static String format(double mb) {
        return String.format(Locale.ROOT, "%.2f", mb);
    }
}
