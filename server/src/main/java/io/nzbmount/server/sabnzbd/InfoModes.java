package io.nzbmount.server.sabnzbd;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code version}, {@code get_config}, {@code fullstatus} and {@code get_cats}: what Sonarr and
 * Radarr read when the client is added and tested. Stateless.
 */
final class InfoModes {

    /**
     * The SABnzbd version claimed. Sonarr needs at least 0.7.0, reads {@code fullstatus} for the
     * complete folder from 2.0 on, and takes "check before download" as harmless from 1.1 on; the
     * fields answered here are those of SABnzbd 4.3 (sorters since 4.1, history_retention_option
     * since 4.3), the oldest version whose API has them all, so that is the version given.
     */
    static final String VERSION = "4.3.0";

    private final DownloadClient client;

    InfoModes(DownloadClient client) {
        this.client = client;
    }

    SabReply version(SabRequest r) {
        return SabReply.of("version", VERSION);
    }

    SabReply config(SabRequest r) {
        Map<String, Object> misc = new LinkedHashMap<>();
        misc.put("complete_dir", client.completeDir().toString());
        misc.put("download_dir", client.completeDir().toString());
        misc.put("pre_check", false);
        // Sorting renames and moves jobs after they finish; the client must find them where told.
        misc.put("enable_tv_sorting", false);
        misc.put("enable_movie_sorting", false);
        misc.put("enable_date_sorting", false);
        misc.put("tv_categories", List.of());
        misc.put("movie_categories", List.of());
        misc.put("date_categories", List.of());
        // Keep every job in the history: a client that sees its downloads vanish thinks they failed.
        misc.put("history_retention", "0");
        misc.put("history_retention_option", "all");
        misc.put("history_retention_number", 0);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("misc", misc);
        config.put("categories", categories());
        config.put("sorters", List.of());
        config.put("servers", List.of());
        return SabReply.of("config", config);
    }

    SabReply fullStatus(SabRequest r) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("completedir", client.completeDir().toString());
        status.put("downloaddir", client.completeDir().toString());
        status.put("paused", false);
        status.put("version", VERSION);
        return SabReply.of("status", status);
    }

    SabReply cats(SabRequest r) {
        List<String> names = new ArrayList<>();
        names.add("*");
        names.addAll(client.categories());
        return SabReply.of("categories", names);
    }

    /** The categories, "*" (SABnzbd's default) first; each dir a plain job folder, never ending in '*'. */
    private List<Map<String, Object>> categories() {
        List<Map<String, Object>> out = new ArrayList<>();
        out.add(category("*", "", 0));
        int order = 1;
        for (String name : client.categories()) out.add(category(name, name, order++));
        return out;
    }

    private static Map<String, Object> category(String name, String dir, int order) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("order", order);
        m.put("pp", "");
        m.put("script", "None");
        m.put("dir", dir);
        m.put("newzbin", "");
        m.put("priority", -100);
        return m;
    }
}
