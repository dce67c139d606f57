package org.walprism.analyzer.categories;

/**
 * Why a full-page image is in the WAL: the category of the record carrying it ({@link Category}, the same names
 * in the same order, so a record's category ordinal is its images' cause ordinal), among them the two XLOG
 * records that exist only to carry images ({@link #HINT}, {@link #XLOG_FPI}).
 */
public enum FpiCause {
    PRUNE_ONLY("prune_only"), FREEZE_ONLY("freeze_only"), PRUNE_FREEZE("prune_freeze"), CLEANUP("cleanup"),
    VM("vm"), ON_ACCESS_PRUNE("on_access_prune"), INDEX_VACUUM("index_vacuum"),
    /** XLOG FPI_FOR_HINT: a hint-bit change logged because data checksums or wal_log_hints are on. */
    HINT("hint"),
    /** XLOG FPI: pages written whole (index builds, log_newpage, CREATE DATABASE ... WAL_LOG). */
    XLOG_FPI("xlog_fpi"),
    OTHER("other");

    private final String key;

    FpiCause(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    private static final FpiCause[] VALUES = values();

    public static final int COUNT = VALUES.length;

    public static FpiCause of(int i) {
        return VALUES[i];
    }

    /** The cause for an image on a record of category {@code c} (categories come first, in the same order). */
    static int of(Category c) {
        return c.ordinal();
    }
}
