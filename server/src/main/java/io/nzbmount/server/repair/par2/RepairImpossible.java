package io.nzbmount.server.repair.par2;

/**
 * The missing slices cannot be rebuilt: fewer usable recovery slices than missing input slices.
 *
 * @param needed   recovery slices the repair needs (one per missing input slice)
 * @param readable usable recovery slices that can be read
 */
public record RepairImpossible(int needed, int readable) implements RepairOutcome {
    /** The reason as the item shows it, e.g. "needs 4 recovery slices, 3 can be read". */
    public String reason() {
        return "needs " + needed + " recovery slice" + (needed == 1 ? "" : "s") + ", " + readable + " can be read";
    }
}
