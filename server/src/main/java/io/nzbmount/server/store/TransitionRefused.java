package io.nzbmount.server.store;

import java.util.Objects;
import java.util.Optional;

/**
 * A {@link SourceLifecycle} transition its rules refuse; nothing was changed.
 *
 * @see Rule
 */
public final class TransitionRefused extends Exception {

    /** Which rule refused it. */
    public enum Rule {
        /** There is no item with that id. */
        UNKNOWN_ITEM,
        /** The item has no source with that id. */
        UNKNOWN_SOURCE,
        /** Only a standby proved identical to the primary (verified) may become the primary. */
        NOT_VERIFIED,
        /** The item's primary cannot leave the pool; another source must become the primary first. */
        IS_PRIMARY,
        /** The source is out of the pool for good already. */
        NOT_IN_POOL
    }

    private final Rule rule;
    private final transient Optional<SourceRecord> source;

    TransitionRefused(Rule rule, Optional<SourceRecord> source) {
        super(rule.name());
        this.rule = Objects.requireNonNull(rule, "rule");
        this.source = Objects.requireNonNull(source, "source");
    }

    public Rule rule() {
        return rule;
    }

    /** The source as it stands, for the rules about a source that exists. */
    public Optional<SourceRecord> source() {
        return source;
    }
}
