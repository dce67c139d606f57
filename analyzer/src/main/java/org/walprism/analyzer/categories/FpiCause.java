package org.walprism.analyzer.categories;

/**
 * Why a full-page image is in the WAL: the category of the record carrying it ({@link Category}, the same names
 * in the same order, so a record's category ordinal is its images' cause ordinal), among them the two XLOG
 * records that exist only to carry images ({@link #HINT}, {@link #XLOG_FPI}).
 */
public enum FpiCause {
    /** A vacuum prune record that froze nothing. */
    PRUNE_ONLY("prune_only"),
    /** A vacuum record that froze without pruning. */
    FREEZE_ONLY("freeze_only"),
    /** A vacuum record that pruned and froze. */
    PRUNE_FREEZE("prune_freeze"),
    /** Vacuum's second pass (dead items made unused). */
    CLEANUP("cleanup"),
    /** Visibility-map changes: VISIBLE and VM-only prune records, and the VM page's images inside heap DML. */
    VM("vm"),
    /** Pruning outside vacuum (on access). */
    ON_ACCESS_PRUNE("on_access_prune"),
    /** An index's vacuum ({@link Category#INDEX_VACUUM}). */
    INDEX_VACUUM("index_vacuum"),
    /** XLOG FPI_FOR_HINT: a hint-bit change logged because data checksums or wal_log_hints are on. */
    HINT("hint"),
    /** XLOG FPI: pages written whole (index builds, log_newpage, CREATE DATABASE ... WAL_LOG). */
    XLOG_FPI("xlog_fpi"),
    /** Images of any other record. */
    OTHER("other");

    private final String key;

    FpiCause(String key) {
        this.key = key;
    }

    /** The key printed in every output format. */
    public String key() {
        return key;
    }

    private static final FpiCause[] VALUES = values();

    /** Number of causes. */
    public static final int COUNT = VALUES.length;

    /** The cause with ordinal {@code i}. */
    public static FpiCause of(int i) {
        return VALUES[i];
    }

    /** The cause for an image on a record of category {@code c} (categories come first, in the same order). */
    static int of(Category c) {
        return c.ordinal();
    }
}
