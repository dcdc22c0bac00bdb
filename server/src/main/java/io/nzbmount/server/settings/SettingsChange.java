package io.nzbmount.server.settings;

import io.nzbmount.config.Settings;
import java.util.Objects;

/**
 * One save's effect on the settings that apply without a restart.
 *
 * @param before the settings in force before the save
 * @param after  the settings saved (file, saved UI settings and environment overrides combined)
 */
public record SettingsChange(Settings before, Settings after) {
    public SettingsChange {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
    }

    /** Whether {@code fallback} (enabled, maxStandby, submitDelaySeconds) changed. */
    public boolean fallbackChanged() {
        return !before.fallback().equals(after.fallback());
    }

    /** Whether the indexer list changed (an entry added, removed, renamed, moved, or its URL or key). */
    public boolean indexersChanged() {
        return !before.indexers().equals(after.indexers());
    }
}
