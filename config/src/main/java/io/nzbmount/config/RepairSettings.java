package io.nzbmount.config;

/**
 * PAR2 repair of releases with holes.
 *
 * @param storeMiB the disk budget of the repair store (the rebuilt bytes, in the data directory),
 *                 in MiB: a repair whose bytes would not fit fails and says so
 */
public record RepairSettings(int storeMiB) {
    public static final int DEFAULT_STORE_MIB = 2048;

    public RepairSettings {
        if (storeMiB < 0) throw new IllegalArgumentException("storeMiB must be >= 0: " + storeMiB);
    }

    public static RepairSettings defaults() {
        return new RepairSettings(DEFAULT_STORE_MIB);
    }

    /** The budget in bytes. */
    public long storeBytes() {
        return (long) storeMiB << 20;
    }
}
