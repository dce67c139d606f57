package org.walprism.analyzer.generate;

import org.walprism.codec.WalVersion;

/**
 * How a PostgreSQL major logs VACUUM and pruning, per heap page.
 *
 * <ul>
 *   <li>{@link #SEPARATE_13}: CLEAN for pruning and for the second heap pass, FREEZE_PAGE (0x20, one
 *       12-byte entry per tuple), VISIBLE; CLEANUP_INFO (the vacuum's conflict horizon, no block) before
 *       each round of index vacuuming.</li>
 *   <li>{@link #SEPARATE_14}: PRUNE (8-byte header), FREEZE_PAGE (0x30, per-tuple entries), VACUUM in the
 *       second pass, VISIBLE.</li>
 *   <li>{@link #SEPARATE_16}: as 14 with a 9-byte PRUNE and deduplicated freeze plans.</li>
 *   <li>{@link #COMBINED_17}: one PRUNE_VACUUM_SCAN carries prune and freeze (and, without indexes, the
 *       LP_DEAD to LP_UNUSED step); PRUNE_VACUUM_CLEANUP in the second pass; VISIBLE separate.</li>
 *   <li>{@link #VM_IN_PRUNE_19}: as 17 with the visibility-map bits inside the prune record (VM page as
 *       block 1); no VISIBLE.</li>
 * </ul>
 * Mirrors lazy_scan_prune / lazy_vacuum_heap_page (src/backend/access/heap/vacuumlazy.c) and
 * heap_page_prune / heap_page_prune_and_freeze / log_heap_prune_and_freeze (pruneheap.c) of each branch.
 */
public enum VacuumDesign {
    /** PostgreSQL 13. */
    SEPARATE_13,
    /** PostgreSQL 14 and 15. */
    SEPARATE_14,
    /** PostgreSQL 16. */
    SEPARATE_16,
    /** PostgreSQL 17 and 18. */
    COMBINED_17,
    /** PostgreSQL 19 and later. */
    VM_IN_PRUNE_19;

    /** The design of {@code version}: the one dispatch point. */
    public static VacuumDesign of(WalVersion version) {
        return switch (version) {
            case PG13 -> SEPARATE_13;
            case PG14, PG15 -> SEPARATE_14;
            case PG16 -> SEPARATE_16;
            case PG17, PG18 -> COMBINED_17;
            case PG19_BETA1, PG19_BETA3, PG19 -> VM_IN_PRUNE_19;
        };
    }

    /** Whether pruning, freezing and second-pass vacuuming are one record family (17+). */
    public boolean combined() {
        return this == COMBINED_17 || this == VM_IN_PRUNE_19;
    }

    /** Whether VM bits are logged inside the prune record (19+) instead of XLOG_HEAP2_VISIBLE. */
    public boolean vmInPrune() {
        return this == VM_IN_PRUNE_19;
    }

    /** Whether VACUUM can skip index vacuuming when few pages have LP_DEAD items (14+, BYPASS_THRESHOLD_PAGES). */
    public boolean bypassesIndexVacuum() {
        return this != SEPARATE_13;
    }

    /**
     * Whether each round of index vacuuming starts with XLOG_HEAP2_CLEANUP_INFO (13 only:
     * vacuum_log_cleanup_info in lazy_vacuum_all_indexes; 14 dropped the record).
     */
    public boolean logsCleanupInfo() {
        return switch (this) {
            case SEPARATE_13 -> true;
            case SEPARATE_14, SEPARATE_16, COMBINED_17, VM_IN_PRUNE_19 -> false;
        };
    }

    /** Whether dead TIDs live in a TidStore (17+) rather than a 6-byte ItemPointerData array. */
    public boolean tidStore() {
        return combined();
    }
}
