package io.nzbmount.server.events;

/**
 * What a timeline event says happened: the one list of event kinds. {@link #wire()} is the word
 * stored, sent as {@code kind} by the API and the live event stream, and matched by the web UI;
 * it never changes for a kind.
 */
public enum EventKind {
    /** An NZB was imported as a new item. */
    IMPORTED("imported"),
    /** A release was added to an item as a standby. */
    STANDBY_ADDED("standby-added"),
    /** A standby removed by the user. */
    STANDBY_REMOVED("standby-removed"),
    /** The user chose an item's primary source. */
    PRIMARY_CHOSEN("primary-chosen"),
    STANDBY_PROOF_STARTED("standby-validation-started"),
    STANDBY_PROOF_RESULT("standby-validation-result"),
    STANDBY_POOL_SKIPPED("standby-pool-skipped"),
    STANDBY_POOL_SEARCH("standby-pool-search"),
    STANDBY_CANDIDATE_DEAD("standby-candidate-dead"),
    STANDBY_CANDIDATE_SKIPPED("standby-candidate-skipped"),
    /** A stream waits and reads its source again. */
    RETRY("retry"),
    /** A stream continues from another source at the same offset. */
    CUTOVER("cutover"),
    /** A cutover candidate skipped because the library database failed. */
    CUTOVER_CANDIDATE_SKIPPED("cutover-candidate-skipped"),
    /** The fingerprint sweep of an unproved standby run during a cutover. */
    CUTOVER_SWEEP("cutover-sweep"),
    /** A new request that starts in a known hole starts on another source. */
    ROUTED("routed"),
    /** A stream's response ended short because no source could serve it. */
    STREAM_CLOSED("stream-closed"),
    /** A health check found articles of a source that every provider lacks, not known before. */
    HOLES_FOUND("holes-found"),

    /** A source with holes is being repaired from its PAR2 recovery data. */
    REPAIR_STARTED("repair-started"),
    /** A repair rebuilt every missing slice; the source serves those bytes from the repair store. */
    REPAIR_DONE("repair-done"),
    /** A repair cannot finish: too few recovery slices can be read (the reason says how many). */
    REPAIR_IMPOSSIBLE("repair-impossible"),

    /**
     * The background check of a file inside encrypted archives ended: its decrypted bytes match
     * the CRC-32 its archive records, or they do not (the file is then never served again).
     */
    MEMBER_CRC_CHECKED("member-crc-checked");

    private final String wire;

    EventKind(String wire) {
        this.wire = wire;
    }

    /** The word on the wire and in the database. */
    public String wire() {
        return wire;
    }
}
