package org.walprism.codec.rmgr.btree;

/**
 * The Btree ({@code RM_BTREE_ID}, rmid 11) record kinds, from {@code xl_info & 0xF0}: the XLOG_BTREE_*
 * constants of src/include/access/nbtxlog.h, the same codes in 13 to master (0xF0 is unused).
 */
public enum BtreeType {
    INSERT_LEAF, INSERT_UPPER, INSERT_META, SPLIT_L, SPLIT_R, INSERT_POST, DEDUP, DELETE, UNLINK_PAGE,
    UNLINK_PAGE_META, NEWROOT, MARK_PAGE_HALFDEAD, VACUUM, REUSE_PAGE, META_CLEANUP;

    /** The opcode, {@code xl_info & 0xF0}. */
    public int code() {
        return ordinal() << 4;
    }

    /** The kind of a Btree record with {@code info}, or null for 0xF0. */
    public static BtreeType of(int info) {
        int i = (info & 0xF0) >> 4;
        return i < values().length ? values()[i] : null;
    }
}
