package io.nzbmount.server.stremio;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.release.Episodes;
import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.sabnzbd.DownloadClient;
import io.nzbmount.server.sabnzbd.SabException;
import io.nzbmount.server.sabnzbd.UrlGrabs;
import io.nzbmount.server.store.DownloadJob;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.streamlink.StreamLinks;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * {@code POST /api/nzb/streams}, as altmount answers it (AIOStreams asks it first): the NZB at
 * {@code nzb_url} becomes a job of the download client (the same NZB again is the same job), the
 * request waits until the job's file can be read (its import checks passed), at most its
 * {@code timeout}, and the answer is {@code {"streams":[{"url","title","name"}], "_queue_item_id",
 * "_queue_status", "_cached"}} with signed stream links ({@link StreamLinks}) that need no login.
 * Refusals carry {@code {"error": "..."}} and the status of their kind ({@link SabException.Kind}):
 * a bad field, URL or category 400, an NZB host NZBMount may not ask 403, what the URL gave is no
 * usable NZB 422, the NZB's server failed 502, the providers cannot be asked now 503 (the same
 * request may work later); a pack without an episode 400, a failed release 422, a wait past the
 * timeout 408. Logged in like the REST API (the API
 * key in {@code X-Api-Key}). Thread safe; each request blocks its own (virtual) thread.
 */
public final class NzbStreamsHandler extends Handler.Abstract {

    /** The path it answers. */
    public static final String PATH = "/api/nzb/streams";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL = Duration.ofMillis(250);

    private final UrlGrabs grabs;
    private final ItemCatalog catalog;
    private final StreamLinks links;
    private final Duration validity;
    private final Optional<URI> publicUrl;
    private final Clock clock;

    /**
     * @param validity  how long the links handed out stay valid
     * @param publicUrl what the links start with; empty: the scheme and host the request was sent to
     *                  (a {@code Host} the host check let through)
     */
    public NzbStreamsHandler(
            UrlGrabs grabs,
            ItemCatalog catalog,
            StreamLinks links,
            Duration validity,
            Optional<URI> publicUrl,
            Clock clock) {
        this.grabs = grabs;
        this.catalog = catalog;
        this.links = links;
        this.validity = validity;
        this.publicUrl = publicUrl;
        this.clock = clock;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (!request.getHttpURI().getDecodedPath().equals(PATH)) return false;
        if (!request.getMethod().equals("POST")) throw new HttpProblem.MethodNotAllowed(request.getMethod(), "POST");
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            throw new HttpProblem.BadRequest("send the fields as application/x-www-form-urlencoded"
                    + " (nzb_url=...), not as multipart/form-data");
        }
        Fields fields;
        try {
            fields = Request.getParameters(request);
        } catch (Exception e) {
            throw new HttpProblem.BadRequest(
                    "the form cannot be read: " + HttpProblem.printable(String.valueOf(e.getMessage())));
        }
        StreamRequest asked = StreamRequest.of(fields);
        Instant started = clock.instant();
        DownloadJob job = finishedJob(asked, request);
        ItemView item = item(job);
        List<LibraryFileView> files = EpisodePick.pick(item.files(), asked.episode());
        URI base = base(request);
        Instant expiry = links.now().plus(validity);
        List<Map<String, Object>> streams = new ArrayList<>();
        for (LibraryFileView f : files) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put(
                    "url",
                    base.resolve(links.path(item.item().id(), f.name(), expiry)).toString());
            s.put("title", f.name());
            s.put("name", "NZBMount");
            streams.add(s);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("streams", streams);
        body.put("_queue_item_id", job.nzoId());
        body.put("_queue_status", "completed");
        body.put("_cached", job.addedAt().isBefore(started));
        body.put("expires", expiry.toString());
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(JSON.writeValueAsBytes(body)), callback);
        return true;
    }

    /** What links start with: {@code downloads.publicUrl}, else the scheme and host the request was sent to. */
    private URI base(Request request) {
        return publicUrl.orElseGet(() -> URI.create(
                request.getHttpURI().getScheme() + "://" + request.getHttpURI().getAuthority() + "/"));
    }

    /** Adds the job (or finds it) and waits until it has finished, at most the request's timeout. */
    private DownloadJob finishedJob(StreamRequest asked, Request request) {
        long deadline = System.nanoTime() + asked.timeout().toNanos();
        URI strmBase = base(request);
        DownloadClient client = grabs.client();
        Optional<String> category = asked.category().or(() -> defaultCategory(client, asked));
        CompletableFuture<String> adding = new CompletableFuture<>();
        Thread.ofVirtual().name("nzb-streams-add").start(() -> {
            try {
                adding.complete(
                        grabs.add(asked.nzbUrl(), Optional.empty(), category, -100, Optional.empty(), strmBase));
            } catch (Throwable t) {
                adding.completeExceptionally(t);
            }
        });
        String nzoId = await(adding, deadline, asked.timeout());
        while (true) {
            Optional<DownloadJob> job = lookUp(client, nzoId);
            if (job.isPresent()) {
                if (job.get().status() == DownloadJob.Status.FAILED) {
                    throw new HttpProblem.Unprocessable("the release cannot be streamed: "
                            + job.get().failMessage().orElse("its import failed") + " (job " + nzoId + ")");
                }
                return job.get();
            }
            // Another request is importing the same NZB: its job appears when that import ends.
            if (System.nanoTime() > deadline) throw stillImporting(asked.timeout());
            sleep(POLL);
        }
    }

    private static String await(CompletableFuture<String> adding, long deadline, Duration timeout) {
        try {
            return adding.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw stillImporting(timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HttpProblem.Unavailable("the server is stopping");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SabException refused) throw problem(refused);
            if (cause instanceof StoreException store) {
                throw new HttpProblem.Unavailable("the library database failed: " + store.getMessage());
            }
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IllegalStateException(cause);
        }
    }

    /** The add's refusal, answered with the status of its kind. */
    static HttpProblem problem(SabException refused) {
        String message = refused.getMessage();
        return switch (refused.kind()) {
            case BAD_REQUEST -> new HttpProblem.BadRequest(message);
            case HOST_REFUSED -> new HttpProblem.Forbidden(message);
            case NOT_AN_NZB -> new HttpProblem.Unprocessable(message);
            case NZB_SERVER_FAILED -> new HttpProblem.BadGateway(message);
            case TRY_LATER -> new HttpProblem.Unavailable(message);
        };
    }

    private static HttpProblem stillImporting(Duration timeout) {
        return new HttpProblem.RequestTimeout("the release is still being checked after " + timeout.toSeconds()
                + " s; send the same request again (the same NZB is not added twice)");
    }

    /**
     * {@code tv} for an episode (asked for, or named by the URL's file name), else {@code movies},
     * when configured; else no category ("*"). AIOStreams sends no category, and later looks for
     * the job under {@code TV} or {@code Movies} by the same rule.
     */
    private static Optional<String> defaultCategory(DownloadClient client, StreamRequest asked) {
        boolean series = asked.episode().isPresent()
                || UrlGrabs.fileName(asked.nzbUrl())
                        .map(name -> !(ReleaseName.parse(name).episodes() instanceof Episodes.None))
                        .orElse(false);
        return client.configured(series ? "tv" : "movies");
    }

    private static Optional<DownloadJob> lookUp(DownloadClient client, String nzoId) {
        try {
            return client.job(nzoId);
        } catch (StoreException e) {
            throw new HttpProblem.Unavailable("the library database failed: " + e.getMessage());
        }
    }

    private ItemView item(DownloadJob job) {
        try {
            return catalog.item(job.itemId().orElseThrow())
                    .orElseThrow(() -> new HttpProblem.Unprocessable("the library item of job " + job.nzoId()
                            + " was deleted; delete the job and send the NZB again"));
        } catch (StoreException e) {
            throw new HttpProblem.Unavailable("the library database failed: " + e.getMessage());
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HttpProblem.Unavailable("the server is stopping");
        }
    }
}
