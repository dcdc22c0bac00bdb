package io.nzbmount.server.settings;

/**
 * Told when settings saved from the web UI change what applies without a restart: the fallback
 * section ({@code enabled}, {@code maxStandby}, {@code submitDelaySeconds}) and the indexers.
 * Register with {@link SettingsService#addListener}.
 *
 * <p>Called on the thread that saved, after the settings are stored, one save at a time (never
 * concurrently). Keep it short and do not call {@link SettingsService#save} from it. An exception
 * is logged and does not undo the save or stop the other listeners.
 */
@FunctionalInterface
public interface SettingsListener {

    void settingsChanged(SettingsChange change);
}
