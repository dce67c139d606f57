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
    PRUNE_ONLY("prune_only"),
    /** Freezes tuples (FREEZE_PAGE; PRUNE_VACUUM_SCAN with freeze plans only). */
    FREEZE_ONLY("freeze_only"),
    /** One record both prunes and freezes (PRUNE_VACUUM_SCAN of 17+). */
    PRUNE_FREEZE("prune_freeze"),
    /** VACUUM's second heap pass, LP_DEAD to LP_UNUSED (VACUUM, PRUNE_VACUUM_CLEANUP, 13's CLEAN/CLEANUP_INFO). */
    CLEANUP("cleanup"),
    /** Sets visibility-map bits only (VISIBLE; a 19+ PRUNE_VACUUM_SCAN carrying only VM bits). */
    VM("vm"),
    /** Opportunistic pruning during a read (PRUNE_ON_ACCESS, 17+). */
    ON_ACCESS_PRUNE("on_access_prune"),
    /** Everything else. */
    OTHER("other");

    private final String key;

    Category(String key) {
        this.key = key;
    }

    /**
     * The category's one name, in every output (text, JSON, CSV, HTML) and in the README: the same identifiers as
     * the FPI causes ({@link FpiCause}), so that a name read in one output can be searched for in another.
     */
    public String key() {
        return key;
    }

    private static final Category[] VALUES = values();

    /** The category of ordinal {@code i}. */
    public static Category of(int i) {
        return VALUES[i];
    }

    public static final int COUNT = VALUES.length;
}
