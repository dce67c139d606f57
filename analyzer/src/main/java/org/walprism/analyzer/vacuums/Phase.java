package org.walprism.analyzer.vacuums;

/**
 * Which part of a vacuum run a record belongs to. Every phase but {@link #COMMIT} and {@link #DATFROZENXID} is
 * written by the vacuuming backend inside {@code heap_vacuum_rel}, so it counts in the run's WAL usage.
 */
public enum Phase {
    /** First heap pass: pruning and freezing (PRUNE / CLEAN, FREEZE_PAGE, PRUNE_VACUUM_SCAN). */
    HEAP_SCAN("heap_scan", "first heap pass", true),
    /** Index vacuum and cleanup: Btree, Hash, Gin, Gist, SPGist and BRIN records of the table's indexes. */
    INDEX("index", "index passes", true),
    /** Second heap pass: LP_DEAD items made LP_UNUSED (VACUUM, PRUNE_VACUUM_CLEANUP, 13's CLEAN). */
    HEAP_VACUUM("heap_vacuum", "second heap pass", true),
    /** Visibility map: VISIBLE records (13-18). */
    VM("vm", "visibility map", true),
    /** Free space map pages (only ever logged as hint-bit images). */
    FSM("fsm", "free space map", true),
    /** Hint-bit images of the table's and its indexes' pages (FPI_FOR_HINT: data checksums or wal_log_hints). */
    HINT("hint", "hint-bit images", true),
    /**
     * Hint-bit images of catalog pages the vacuuming backend read inside heap_vacuum_rel: those during the run, and
     * before its first heap record those from the first pg_index page on (opening the indexes starts there; the
     * catalog reads of opening the table itself come before heap_vacuum_rel and are not the run's), or the last one
     * when no pg_index page was logged. The WAL does not say which backend read a catalog page: this is a rule
     * fitted to the captures, not a certainty.
     */
    CATALOG("catalog", "catalog hint-bit images", true),
    /** Pages logged whole (XLOG FPI: new, empty pages). */
    FPI("fpi", "page images", true),
    /**
     * Truncation: the AccessExclusiveLock (Standby LOCK), the FSM and VM pages logged whole before they are cut
     * (XLOG FPI under the lock's xid, with checksums or wal_log_hints) and Storage TRUNCATE.
     */
    TRUNCATE("truncate", "truncation", true),
    /** vac_update_relstats: in-place updates of the pg_class rows of the indexes and the table. */
    PG_CLASS("pg_class", "pg_class updates", true),
    /** The end of the vacuum's transaction (Standby INVALIDATIONS, or COMMIT when truncation assigned an xid). */
    COMMIT("commit", "end of transaction", false),
    /** vac_update_datfrozenxid after the run: pg_database in-place update, SLRU truncation, its transaction end. */
    DATFROZENXID("datfrozenxid", "pg_database update", false);

    private final String key;
    private final String label;
    private final boolean walUsage;

    Phase(String key, String label, boolean walUsage) {
        this.key = key;
        this.label = label;
        this.walUsage = walUsage;
    }

    /** JSON and CSV key. */
    public String key() {
        return key;
    }

    /** Text label. */
    public String label() {
        return label;
    }

    /** Whether heap_vacuum_rel's WAL usage counts this phase (the backend writes it before reporting). */
    public boolean inWalUsage() {
        return walUsage;
    }

    /** Number of phases. */
    public static final int COUNT = values().length;
}
