package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;

/**
 * The Heap2 record kinds, resolved from {@code xl_info & XLOG_HEAP_OPMASK} and the WAL version: the same
 * code means different records in different versions (0x20 is FREEZE_PAGE in 13, VACUUM in 14-16 and
 * PRUNE_VACUUM_SCAN in 17+). Mirrors the XLOG_HEAP2_* constants of src/include/access/heapam_xlog.h.
 */
public enum Heap2Type {
    REWRITE, CLEAN, FREEZE_PAGE, CLEANUP_INFO, PRUNE, VACUUM, VISIBLE,
    PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP,
    MULTI_INSERT, LOCK_UPDATED, NEW_CID;

    /** {@code XLOG_HEAP_OPMASK}: the opcode bits of a Heap/Heap2 {@code xl_info}. */
    public static final int OPMASK = 0x70;
    /** {@code XLOG_HEAP_INIT_PAGE}: the page is initialised by the record (only MULTI_INSERT in Heap2). */
    public static final int INIT_PAGE = 0x80;

    /**
     * The kind of a Heap2 record with {@code info} in {@code version}, or null when that version has no
     * record with this code (0x40 in 19 and later).
     */
    public static Heap2Type of(WalVersion version, int info) {
        int op = info & OPMASK;
        switch (op) {
            case 0x00:
                return REWRITE;
            case 0x50:
                return MULTI_INSERT;
            case 0x60:
                return LOCK_UPDATED;
            case 0x70:
                return NEW_CID;
            default:
                break;
        }
        return switch (version) {
            case PG13 -> switch (op) {
                case 0x10 -> CLEAN;
                case 0x20 -> FREEZE_PAGE;
                case 0x30 -> CLEANUP_INFO;
                default -> VISIBLE;
            };
            case PG14, PG15, PG16 -> switch (op) {
                case 0x10 -> PRUNE;
                case 0x20 -> VACUUM;
                case 0x30 -> FREEZE_PAGE;
                default -> VISIBLE;
            };
            case PG17, PG18 -> switch (op) {
                case 0x10 -> PRUNE_ON_ACCESS;
                case 0x20 -> PRUNE_VACUUM_SCAN;
                case 0x30 -> PRUNE_VACUUM_CLEANUP;
                default -> VISIBLE;
            };
            case PG19, MASTER -> switch (op) {
                case 0x10 -> PRUNE_ON_ACCESS;
                case 0x20 -> PRUNE_VACUUM_SCAN;
                case 0x30 -> PRUNE_VACUUM_CLEANUP;
                default -> null; // 0x40 was XLOG_HEAP2_VISIBLE
            };
        };
    }
}
