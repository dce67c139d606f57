package org.walprism.codec.rmgr.btree;

/**
 * The Btree ({@code RM_BTREE_ID}, rmid 11) record kinds, from {@code xl_info & 0xF0}: the XLOG_BTREE_*
 * constants of src/include/access/nbtxlog.h, the same codes in 13 to master (0xF0 is unused).
 */
public enum BtreeType {
    /** {@code XLOG_BTREE_INSERT_LEAF}. */
    INSERT_LEAF,
    /** {@code XLOG_BTREE_INSERT_UPPER}. */
    INSERT_UPPER,
    /** {@code XLOG_BTREE_INSERT_META}. */
    INSERT_META,
    /** {@code XLOG_BTREE_SPLIT_L}. */
    SPLIT_L,
    /** {@code XLOG_BTREE_SPLIT_R}. */
    SPLIT_R,
    /** {@code XLOG_BTREE_INSERT_POST}. */
    INSERT_POST,
    /** {@code XLOG_BTREE_DEDUP}. */
    DEDUP,
    /** {@code XLOG_BTREE_DELETE}. */
    DELETE,
    /** {@code XLOG_BTREE_UNLINK_PAGE}. */
    UNLINK_PAGE,
    /** {@code XLOG_BTREE_UNLINK_PAGE_META}. */
    UNLINK_PAGE_META,
    /** {@code XLOG_BTREE_NEWROOT}. */
    NEWROOT,
    /** {@code XLOG_BTREE_MARK_PAGE_HALFDEAD}. */
    MARK_PAGE_HALFDEAD,
    /** {@code XLOG_BTREE_VACUUM}. */
    VACUUM,
    /** {@code XLOG_BTREE_REUSE_PAGE}. */
    REUSE_PAGE,
    /** {@code XLOG_BTREE_META_CLEANUP}. */
    META_CLEANUP;

    /** {@code XLOG_BTREE_INSERT_LEAF}. */
    public static final int XLOG_BTREE_INSERT_LEAF = 0x00;
    /** {@code XLOG_BTREE_INSERT_UPPER}. */
    public static final int XLOG_BTREE_INSERT_UPPER = 0x10;
    /** {@code XLOG_BTREE_INSERT_META}. */
    public static final int XLOG_BTREE_INSERT_META = 0x20;
    /** {@code XLOG_BTREE_SPLIT_L}. */
    public static final int XLOG_BTREE_SPLIT_L = 0x30;
    /** {@code XLOG_BTREE_SPLIT_R}. */
    public static final int XLOG_BTREE_SPLIT_R = 0x40;
    /** {@code XLOG_BTREE_INSERT_POST}. */
    public static final int XLOG_BTREE_INSERT_POST = 0x50;
    /** {@code XLOG_BTREE_DEDUP}. */
    public static final int XLOG_BTREE_DEDUP = 0x60;
    /** {@code XLOG_BTREE_DELETE}. */
    public static final int XLOG_BTREE_DELETE = 0x70;
    /** {@code XLOG_BTREE_UNLINK_PAGE}. */
    public static final int XLOG_BTREE_UNLINK_PAGE = 0x80;
    /** {@code XLOG_BTREE_UNLINK_PAGE_META}. */
    public static final int XLOG_BTREE_UNLINK_PAGE_META = 0x90;
    /** {@code XLOG_BTREE_NEWROOT}. */
    public static final int XLOG_BTREE_NEWROOT = 0xA0;
    /** {@code XLOG_BTREE_MARK_PAGE_HALFDEAD}. */
    public static final int XLOG_BTREE_MARK_PAGE_HALFDEAD = 0xB0;
    /** {@code XLOG_BTREE_VACUUM}. */
    public static final int XLOG_BTREE_VACUUM = 0xC0;
    /** {@code XLOG_BTREE_REUSE_PAGE}. */
    public static final int XLOG_BTREE_REUSE_PAGE = 0xD0;
    /** {@code XLOG_BTREE_META_CLEANUP}. */
    public static final int XLOG_BTREE_META_CLEANUP = 0xE0;

    /** The opcode, {@code xl_info & 0xF0}. */
    public int code() {
        return ordinal() << 4;
    }

    /** The kind of a Btree record with {@code info}, or null for 0xF0. */
    public static BtreeType of(int info) {
        int i = (info & 0xF0) >> 4;
        return i < BY_CODE.length ? BY_CODE[i] : null;
    }

    /** {@code values()} once: it copies the array on every call, and {@link #of} runs for every record. */
    private static final BtreeType[] BY_CODE = values();
}
