package io.nzbmount.server.health;

/** Why a source's articles are checked: after its import, a daily sample, or the weekly whole. */
public enum CheckKind {
    AFTER_IMPORT("after-import"),
    SAMPLE("sample"),
    FULL("full");

    private final String word;

    CheckKind(String word) {
        this.word = word;
    }

    /** The word in the {@code holes-found} event's detail. */
    public String word() {
        return word;
    }
}
