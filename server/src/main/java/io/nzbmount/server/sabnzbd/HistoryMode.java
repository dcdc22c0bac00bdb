package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.store.DownloadJob;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code history}: finished jobs, newest first ({@code start}, {@code limit}, {@code category} without
 * regard to case, {@code nzo_ids=ID[,ID]} for those jobs alone, {@code failed_only}),
 * and {@code name=delete&value=ID[,ID]&del_files=0|1&archive=0|1}. Status is {@code Completed} or
 * {@code Failed}; {@code storage} is the job folder. There is no archive: {@code archive=1} removes
 * the job from the history as {@code archive=0} does.
 */
final class HistoryMode {

    private final DownloadClient client;

    HistoryMode(DownloadClient client) {
        this.client = client;
    }

    SabReply answer(SabRequest r) throws SabException, StoreException {
        Optional<String> name = r.param("name");
        if (name.isPresent()) {
            if (!name.get().equals("delete")) {
                throw new SabException("not implemented: history name '" + SabRequest.shorten(name.get())
                        + "' (NZBMount's history answers only name=delete)");
            }
            return Deletes.delete(client, r);
        }
        Paging paging = Paging.of(r);
        Optional<String> category = r.param("category");
        Optional<Set<String>> ids = r.ids("nzo_ids");
        boolean failedOnly = r.flag("failed_only");
        List<DownloadJob> jobs = new ArrayList<>();
        for (DownloadJob j : client.history()) {
            if (category.isPresent() && !DownloadClient.sameCategory(category.get(), j.category())) continue;
            if (ids.isPresent() && !ids.get().contains(j.nzoId())) continue;
            if (failedOnly && j.status() != DownloadJob.Status.FAILED) continue;
            jobs.add(j);
        }
        List<Map<String, Object>> slots = new ArrayList<>();
        long total = 0;
        for (DownloadJob j : jobs) total += j.bytes();
        for (DownloadJob j : paging.page(jobs)) slots.add(slot(j));
        Map<String, Object> history = new LinkedHashMap<>();
        history.put("noofslots", jobs.size());
        history.put("paused", false);
        history.put("total_size", total);
        history.put("version", InfoModes.VERSION);
        history.put("slots", slots);
        return SabReply.of("history", history);
    }

    private static Map<String, Object> slot(DownloadJob j) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nzo_id", j.nzoId());
        m.put("name", j.name());
        m.put("nzb_name", j.name() + ".nzb");
        m.put("category", j.category());
        m.put("bytes", j.bytes());
        m.put("size", String.format(Locale.ROOT, "%.1f MB", j.bytes() / (1024.0 * 1024.0)));
        m.put("status", j.status().word());
        m.put("storage", j.storage().orElse(""));
        m.put("path", j.storage().orElse(""));
        m.put("fail_message", j.failMessage().orElse(""));
        m.put("download_time", j.downloadSeconds());
        m.put("completed", j.addedAt().getEpochSecond() + j.downloadSeconds());
        m.put("script", "None");
        m.put("pp", "D");
        return m;
    }
}
