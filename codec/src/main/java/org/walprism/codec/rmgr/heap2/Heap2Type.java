package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap.HeapType;

/**
 * The Heap2 record kinds, resolved from {@code xl_info & XLOG_HEAP_OPMASK} and the WAL version: the same
 * code means different records in different versions (0x20 is FREEZE_PAGE in 13, VACUUM in 14-16 and
 * PRUNE_VACUUM_SCAN in 17+). Mirrors the XLOG_HEAP2_* constants of src/include/access/heapam_xlog.h.
 */
public enum Heap2Type {
    /** {@code XLOG_HEAP2_REWRITE} (0x00), every version. */
    REWRITE,
    /** {@code XLOG_HEAP2_CLEAN} (0x10), 13. */
    CLEAN,
    /** {@code XLOG_HEAP2_FREEZE_PAGE}: 0x20 in 13, 0x30 in 14 to 16. */
    FREEZE_PAGE,
    /** {@code XLOG_HEAP2_CLEANUP_INFO} (0x30), 13. */
    CLEANUP_INFO,
    /** {@code XLOG_HEAP2_PRUNE} (0x10), 14 to 16. */
    PRUNE,
    /** {@code XLOG_HEAP2_VACUUM} (0x20), 14 to 16. */
    VACUUM,
    /** {@code XLOG_HEAP2_VISIBLE} (0x40), 13 to 18. */
    VISIBLE,
    /** {@code XLOG_HEAP2_PRUNE_ON_ACCESS} (0x10), 17 and later. */
    PRUNE_ON_ACCESS,
    /** {@code XLOG_HEAP2_PRUNE_VACUUM_SCAN} (0x20), 17 and later. */
    PRUNE_VACUUM_SCAN,
    /** {@code XLOG_HEAP2_PRUNE_VACUUM_CLEANUP} (0x30), 17 and later. */
    PRUNE_VACUUM_CLEANUP,
    /** {@code XLOG_HEAP2_MULTI_INSERT} (0x50), every version. */
    MULTI_INSERT,
    /** {@code XLOG_HEAP2_LOCK_UPDATED} (0x60), every version. */
    LOCK_UPDATED,
    /** {@code XLOG_HEAP2_NEW_CID} (0x70), every version. */
    NEW_CID;

    /** {@code XLOG_HEAP2_REWRITE}. */
    public static final int XLOG_HEAP2_REWRITE = 0x00;
    /** {@code XLOG_HEAP2_PRUNE_ON_ACCESS} (17+; 0x10 was XLOG_HEAP2_CLEAN in 13, XLOG_HEAP2_PRUNE in 14-16). */
    public static final int XLOG_HEAP2_PRUNE_ON_ACCESS = 0x10;
    /** {@code XLOG_HEAP2_PRUNE_VACUUM_SCAN} (17+; 0x20 was FREEZE_PAGE in 13, VACUUM in 14-16). */
    public static final int XLOG_HEAP2_PRUNE_VACUUM_SCAN = 0x20;
    /** {@code XLOG_HEAP2_PRUNE_VACUUM_CLEANUP} (17+; 0x30 was CLEANUP_INFO in 13, FREEZE_PAGE in 14-16). */
    public static final int XLOG_HEAP2_PRUNE_VACUUM_CLEANUP = 0x30;
    /** {@code XLOG_HEAP2_VISIBLE} (13-18; unassigned in 19+). */
    public static final int XLOG_HEAP2_VISIBLE = 0x40;
    /** {@code XLOG_HEAP2_MULTI_INSERT}. */
    public static final int XLOG_HEAP2_MULTI_INSERT = 0x50;
    /** {@code XLOG_HEAP2_LOCK_UPDATED}. */
    public static final int XLOG_HEAP2_LOCK_UPDATED = 0x60;
    /** {@code XLOG_HEAP2_NEW_CID}. */
    public static final int XLOG_HEAP2_NEW_CID = 0x70;

    /**
     * The opcode table per version, built from {@link RmgrTable#identify} (heap2_identify): the names there are
     * the constant names here, so the table has one home.
     */
    private static final Heap2Type[][] BY_OPCODE = new Heap2Type[WalVersion.values().length][8];

    static {
        for (WalVersion v : WalVersion.values()) {
            for (int op = 0; op < 8; op++) {
                String name = RmgrTable.identify(v, RmgrTable.HEAP2, op << 4);
                BY_OPCODE[v.ordinal()][op] = name == null ? null : valueOf(name);
            }
        }
    }

    /**
     * The kind of a Heap2 record with {@code info} in {@code version}, or null when that version has no
     * record with this code (0x40 in 19 and later).
     */
    public static Heap2Type of(WalVersion version, int info) {
        return BY_OPCODE[version.ordinal()][(info & HeapType.XLOG_HEAP_OPMASK) >> 4];
    }
}
