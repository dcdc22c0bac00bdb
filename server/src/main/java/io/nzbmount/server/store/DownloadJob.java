package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A job of the SABnzbd download client as its history shows it (table {@code download_jobs}). Immutable.
 *
 * @param nzoId           the id handed to the client ({@code nzo_id}); never given to another job
 * @param nzbSha256       the SHA-256 of the NZB's bytes: one NZB is one job
 * @param name            the job's name: the NZB's file name without {@code .nzb}, or {@code nzbname}
 * @param category        the category it was sent with, exactly
 * @param priority        SABnzbd's priority number, -100..2
 * @param itemId          the library item it made or found; empty for a failed job
 * @param madeItem        whether its import made that item (false: the NZB was in the library already)
 * @param status          completed or failed
 * @param storage         the job folder's absolute path; empty for a failed job
 * @param failMessage     why it failed, in plain words; empty when completed
 * @param bytes           the size of the item's media files (0 when failed)
 * @param addedAt         when it was sent
 * @param downloadSeconds how long the import took
 */
public record DownloadJob(
        String nzoId,
        String nzbSha256,
        String name,
        String category,
        int priority,
        OptionalLong itemId,
        boolean madeItem,
        Status status,
        Optional<String> storage,
        Optional<String> failMessage,
        long bytes,
        Instant addedAt,
        long downloadSeconds) {

    /**
     * The two ends a job reaches, and {@code REPAIRING} (shown, never stored) while the PAR2 repair
     * of a completed job's release runs; the words are SABnzbd's, which Sonarr and Radarr parse.
     */
    public enum Status {
        COMPLETED("Completed"),
        FAILED("Failed"),
        REPAIRING("Repairing");

        private final String word;

        Status(String word) {
            this.word = word;
        }

        /** The status as SABnzbd spells it. */
        public String word() {
            return word;
        }
    }

    /** This job as shown with another status and failure message. */
    public DownloadJob shown(Status shownStatus, Optional<String> message) {
        return new DownloadJob(
                nzoId,
                nzbSha256,
                name,
                category,
                priority,
                itemId,
                madeItem,
                shownStatus,
                storage,
                message,
                bytes,
                addedAt,
                downloadSeconds);
    }

    public DownloadJob {
        Objects.requireNonNull(nzoId, "nzoId");
        Objects.requireNonNull(nzbSha256, "nzbSha256");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(itemId, "itemId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(failMessage, "failMessage");
        Objects.requireNonNull(addedAt, "addedAt");
    }
}
