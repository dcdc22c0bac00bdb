package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.library.importing.NamePassword;
import io.nzbmount.server.store.StoreException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code addfile} (the NZB as a multipart part {@code name} or {@code nzbfile}) and {@code addurl}
 * (the NZB fetched from the URL in {@code name}). Both take {@code cat}, {@code priority},
 * {@code nzbname} and {@code password} (also given as {@code {{password}}} at the end of the name,
 * which is split off the job's name), and answer {@code {"status":true,"nzo_ids":["ID"]}} once the
 * job has finished.
 */
final class AddModes {

    private final DownloadClient client;
    private final UrlGrabs grabs;

    AddModes(UrlGrabs grabs) {
        this.client = grabs.client();
        this.grabs = grabs;
    }

    SabReply addFile(SabRequest r) throws SabException, StoreException {
        SabRequest.Upload upload = r.upload()
                .orElseThrow(() -> new SabException("addfile needs the NZB as a"
                        + " multipart/form-data POST with a file part named 'name' or 'nzbfile'"));
        return add(r, upload.bytes(), NamePassword.split(jobName(r, Optional.of(upload.fileName()))));
    }

    SabReply addUrl(SabRequest r) throws SabException, StoreException {
        String url = r.param("name").orElseThrow(() -> new SabException("addurl needs the NZB's URL in 'name'"));
        int priority = Priorities.parse(r.param("priority"));
        return added(grabs.add(url, r.param("nzbname"), r.param("cat"), priority, r.param("password"), r.baseUri()));
    }

    private SabReply add(SabRequest r, byte[] nzb, NamePassword name) throws SabException, StoreException {
        String category = client.category(r.param("cat"));
        int priority = Priorities.parse(r.param("priority"));
        if (nzb.length == 0) throw new SabException(SabException.Kind.NOT_AN_NZB, "the uploaded NZB is empty");
        return added(client.add(nzb, name.name(), category, priority, r.baseUri(), password(r, name)));
    }

    /** {@code password=}, else the one at the end of the name. */
    private static Optional<String> password(SabRequest r, NamePassword name) {
        return r.param("password").filter(p -> !p.isEmpty()).or(name::password);
    }

    private static SabReply added(String nzoId) {
        return new SabReply.Ok(Map.of("status", true, "nzo_ids", List.of(nzoId)));
    }

    /** {@code nzbname}, else the file name without ".nzb" (Sonarr sends {@code <release title>.nzb}). */
    static String jobName(SabRequest r, Optional<String> fileName) {
        return jobName(r.param("nzbname"), fileName);
    }

    /** {@code given}, else the file name without ".nzb". */
    static String jobName(Optional<String> given, Optional<String> fileName) {
        if (given.isPresent()) return given.get();
        String name = fileName.map(String::strip).orElse("");
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        name = name.substring(slash + 1);
        if (name.toLowerCase(Locale.ROOT).endsWith(".nzb")) name = name.substring(0, name.length() - 4);
        return name.isBlank() ? "Untitled" : name.strip();
    }
}
