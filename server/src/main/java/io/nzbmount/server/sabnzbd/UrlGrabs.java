package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.library.importing.NamePassword;
import io.nzbmount.server.store.StoreException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * Adds a job from an NZB's URL, as {@code addurl} does: fetched with the address checks of
 * {@link NzbUrlFetcher}, named by {@code nzbname}, else the file name the answer or the URL gave, and imported
 * while the caller waits. Thread safe.
 */
public final class UrlGrabs {

    private final DownloadClient client;
    private final NzbUrlFetcher fetcher;

    UrlGrabs(DownloadClient client, NzbUrlFetcher fetcher) {
        this.client = client;
        this.fetcher = fetcher;
    }

    /** The download client the jobs go to. */
    public DownloadClient client() {
        return client;
    }

    /**
     * Fetches and imports the NZB at {@code url}; returns the job's nzo_id once the job has finished
     * (completed or failed: the history says which).
     *
     * @param nzbname  the job's name; empty: the file name the answer gave, else the last segment of
     *                 the URL's path, without {@code .nzb}
     * @param category a configured category (any case) or empty for "*"
     * @param priority SABnzbd's priority number, -100 for the default
     * @param password the archives' password; empty: the one at the end of the name, if any
     * @param baseUri  what {@code .strm} URLs start with
     * @throws SabException when the URL, the category or the NZB is refused (nothing is recorded)
     */
    public String add(
            String url,
            Optional<String> nzbname,
            Optional<String> category,
            int priority,
            Optional<String> password,
            URI baseUri)
            throws SabException, StoreException {
        String cat = client.category(category);
        NzbUrlFetcher.Fetched fetched = fetcher.fetch(url);
        NamePassword name =
                NamePassword.split(AddModes.jobName(nzbname, fetched.fileName().or(() -> fileName(url))));
        return client.add(
                fetched.bytes(),
                name.name(),
                cat,
                priority,
                baseUri,
                password.filter(p -> !p.isEmpty()).or(name::password));
    }

    /** The last segment of a URL's path, decoded; empty when there is none or the URL cannot be read. */
    public static Optional<String> fileName(String url) {
        try {
            String path = new URI(url.strip()).getPath();
            if (path == null) return Optional.empty();
            String last = path.substring(path.lastIndexOf('/') + 1).strip();
            return last.isEmpty() ? Optional.empty() : Optional.of(last);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
