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
    /**
     * Visibility-map work. Its records set visibility-map bits only (VISIBLE; a 19+ PRUNE_VACUUM_SCAN carrying only VM
     * bits). Its bytes, images and FPI bytes also hold the VM page's block references (header, image, data) inside
     * heap DML that clears VM bits (19, and back-patched minors such as 18.6), whose records stay in their own
     * category; {@link CategoryStats#vmClearBytes()} says how many bytes that is.
     */
    VM("vm"),
    /** Opportunistic pruning during a read (PRUNE_ON_ACCESS, 17+). */
    ON_ACCESS_PRUNE("on_access_prune"),
    /**
     * An index's vacuum: the records its bulk-delete and page deletion write (Btree VACUUM, MARK_PAGE_HALFDEAD,
     * UNLINK_PAGE, UNLINK_PAGE_META; Hash DELETE; Gin VACUUM_PAGE, VACUUM_DATA_LEAF_PAGE, DELETE_PAGE; Gist
     * PAGE_DELETE; SPGist VACUUM_LEAF, VACUUM_ROOT, VACUUM_REDIRECT), full-page images included.
     */
    INDEX_VACUUM("index_vacuum"),
    /** XLOG FPI_FOR_HINT: a page logged whole for a hint-bit change (data checksums or wal_log_hints on). */
    HINT("hint"),
    /** XLOG FPI: pages written whole (index builds, log_newpage, CREATE DATABASE ... WAL_LOG). */
    XLOG_FPI("xlog_fpi"),
    /** Everything else. */
    OTHER("other");

    /** Record types of {@link #INDEX_VACUUM}, as {@code Rmgr/TYPE}. */
    private static final java.util.Set<String> INDEX_VACUUM_TYPES = java.util.Set.of("Btree/VACUUM",
            "Btree/MARK_PAGE_HALFDEAD", "Btree/UNLINK_PAGE", "Btree/UNLINK_PAGE_META", "Hash/DELETE",
            "Gin/VACUUM_PAGE", "Gin/VACUUM_DATA_LEAF_PAGE", "Gin/DELETE_PAGE", "Gist/PAGE_DELETE",
            "SPGist/VACUUM_LEAF", "SPGist/VACUUM_ROOT", "SPGist/VACUUM_REDIRECT");

    private static final java.util.Map<org.walprism.codec.WalVersion, byte[]> BY_TYPE =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The category of every record type of a resource manager other than Heap2 (whose records are categorised by
     * their payload), indexed {@code rmid * 16 + (xl_info >> 4)}: one array per version, built once.
     */
    static byte[] nonHeap2Table(org.walprism.codec.WalVersion version) {
        return BY_TYPE.computeIfAbsent(version, v -> {
            byte[] t = new byte[256 * 16];
            for (int rmid = 0; rmid < 256; rmid++) {
                String rmgr = org.walprism.codec.rmgr.RmgrTable.name(v, rmid);
                for (int k = 0; k < 16; k++) {
                    String type = rmgr == null ? null : org.walprism.codec.rmgr.RmgrTable.identify(v, rmid, k << 4);
                    Category c = OTHER;
                    if (type != null) {
                        String name = rmgr + "/" + type;
                        c = name.equals("XLOG/FPI_FOR_HINT") ? HINT : name.equals("XLOG/FPI") ? XLOG_FPI
                                : INDEX_VACUUM_TYPES.contains(name) ? INDEX_VACUUM : OTHER;
                    }
                    t[rmid * 16 + k] = (byte) c.ordinal();
                }
            }
            return t;
        });
    }

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

    /** Number of categories. */
    public static final int COUNT = VALUES.length;

    /** {@link #vacuum()} by ordinal, for the per-record path. */
    private static final boolean[] VACUUM = new boolean[COUNT];

    static {
        for (Category c : VALUES) {
            VACUUM[c.ordinal()] = c.vacuum();
        }
    }

    /**
     * Whether the category's records are VACUUM's ({@code vacuum_bytes}): its heap records (prune_only,
     * freeze_only, prune_freeze, cleanup, vm) and its index passes (index_vacuum); not on_access_prune, hint,
     * xlog_fpi or other. The VM page references of heap DML that vm's bytes include are not VACUUM's
     * ({@link CategoryStats#vmClearBytes()}).
     */
    public boolean vacuum() {
        return switch (this) {
            case PRUNE_ONLY, FREEZE_ONLY, PRUNE_FREEZE, CLEANUP, VM, INDEX_VACUUM -> true;
            case ON_ACCESS_PRUNE, HINT, XLOG_FPI, OTHER -> false;
        };
    }

    /** {@link #vacuum()} of the category of ordinal {@code i} (false when out of range). */
    public static boolean vacuum(int i) {
        return i >= 0 && i < COUNT && VACUUM[i];
    }
}
