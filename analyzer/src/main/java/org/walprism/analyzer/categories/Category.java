package org.walprism.analyzer.categories;

/**
 * What a record did, one category per record; the counts over a range add up to its record count.
 *
 * <p>Before PostgreSQL 17 on-access pruning and VACUUM's first pass write the same record type (PRUNE, or CLEAN
 * in 13), so such records count as {@link #PRUNE_ONLY}; only 17+ names on-access pruning
 * ({@code PRUNE_ON_ACCESS}).
 */
public enum Category {
    /** Removes or redirects tuples (PRUNE / CLEAN; PRUNE_VACUUM_SCAN with prune items only). */
    PRUNE_ONLY("prune_only", "prune only"),
    /** Freezes tuples (FREEZE_PAGE; PRUNE_VACUUM_SCAN with freeze plans only). */
    FREEZE_ONLY("freeze_only", "freeze only"),
    /** One record both prunes and freezes (PRUNE_VACUUM_SCAN of 17+). */
    PRUNE_FREEZE("prune_freeze", "prune+freeze"),
    /** VACUUM's second heap pass, LP_DEAD to LP_UNUSED (VACUUM, PRUNE_VACUUM_CLEANUP, 13's CLEAN/CLEANUP_INFO). */
    CLEANUP("cleanup", "cleanup"),
    /** Sets visibility-map bits only (VISIBLE; a 19+ PRUNE_VACUUM_SCAN carrying only VM bits). */
    VM("vm", "vm"),
    /** Opportunistic pruning during a read (PRUNE_ON_ACCESS, 17+). */
    ON_ACCESS_PRUNE("on_access_prune", "on-access prune"),
    /** Everything else. */
    OTHER("other", "other");

    private final String key;
    private final String label;

    Category(String key, String label) {
        this.key = key;
        this.label = label;
    }

    /** Machine key used in JSON and CSV output. */
    public String key() {
        return key;
    }

    /** Human label used in text output. */
    public String label() {
        return label;
    }

    private static final Category[] VALUES = values();

    /** The category of ordinal {@code i}. */
    public static Category of(int i) {
        return VALUES[i];
    }

    /** Number of categories. */
    public static final int COUNT = VALUES.length;
}
