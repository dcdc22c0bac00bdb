package io.nzbmount.server.settings;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Settings sent to be saved or tested that cannot be used. Nothing was stored or tried. The
 * messages name what is wrong and never hold a secret's value.
 */
public final class InvalidSettingsException extends Exception {

    private final Map<String, String> fields;

    /**
     * @param fields what is wrong, by key path ({@code providers[0].port}); the empty key holds
     *               problems of the settings as a whole
     */
    InvalidSettingsException(Map<String, String> fields) {
        super(summary(fields), null, false, false);
        if (fields.isEmpty()) throw new IllegalArgumentException("no problem given");
        this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** What is wrong, by key path (the empty key: the settings as a whole), in the order found. Never empty. */
    public Map<String, String> fields() {
        return fields;
    }

    /** The settings-wide problems, or a pointer to the field messages; for the answer's {@code error}. */
    private static String summary(Map<String, String> fields) {
        String general = fields.get(ProblemFields.GENERAL);
        int keyed = fields.size() - (general == null ? 0 : 1);
        if (general != null) {
            return keyed == 0 ? general : general + " (and " + keyed + " more next to the settings they are about)";
        }
        if (keyed == 1) {
            Map.Entry<String, String> only = fields.entrySet().iterator().next();
            return only.getKey() + ": " + only.getValue();
        }
        return keyed + " settings are not valid; each message is next to its setting";
    }
}
