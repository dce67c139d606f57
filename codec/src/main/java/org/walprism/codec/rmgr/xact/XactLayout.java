package org.walprism.codec.rmgr.xact;

import org.walprism.codec.WalVersion;

/**
 * The transaction-record layout of a version: where they differ is the dropped-statistics part
 * ({@code xl_xact_stats_items}, 15+) and its item size, and the two stats counts of {@code xl_xact_prepare}.
 */
public enum XactLayout {
    /** 13, 14: no dropped statistics; {@code xl_xact_prepare} is 64 bytes. */
    PG13(0),
    /** 15-17: {@code xl_xact_stats_item => kind: int32, dboid: uint32, objoid: uint32} (12 bytes). */
    PG15(12),
    /** 18+: {@code xl_xact_stats_item => kind: int32, dboid: uint32, objid_lo: uint32, objid_hi: uint32} (16). */
    PG18(16);

    private final int statsItemSize;

    XactLayout(int statsItemSize) {
        this.statsItemSize = statsItemSize;
    }

    /** {@code sizeof(xl_xact_stats_item)}; 0 when the version has none. */
    public int statsItemSize() {
        return statsItemSize;
    }

    /** Whether the version has dropped statistics ({@code XACT_XINFO_HAS_DROPPED_STATS}, stats counts). */
    public boolean hasStats() {
        return statsItemSize > 0;
    }

    /** Whether a stats item's object id is 64 bits, {@code objid_lo, objid_hi} (18+), rather than {@code objoid}. */
    public boolean wideObjid() {
        return statsItemSize == 16;
    }

    /** The layout of {@code version}: the one dispatch point of the transaction records. */
    public static XactLayout of(WalVersion version) {
        return switch (version) {
            case PG13, PG14 -> PG13;
            case PG15, PG16, PG17 -> PG15;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> PG18;
        };
    }
}
