package org.walprism.codec.rmgr.heap;

import org.walprism.codec.rmgr.heap2.Heap2Type;

/**
 * The Heap ({@code RM_HEAP_ID}, rmid 10) record kinds, from {@code xl_info & XLOG_HEAP_OPMASK}: the
 * XLOG_HEAP_* constants of src/include/access/heapam_xlog.h, the same codes in 13 to master.
 */
public enum HeapType {
    /** {@code XLOG_HEAP_INSERT}. */
    INSERT(0x00),
    /** {@code XLOG_HEAP_DELETE}. */
    DELETE(0x10),
    /** {@code XLOG_HEAP_UPDATE}. */
    UPDATE(0x20),
    /** {@code XLOG_HEAP_TRUNCATE}. */
    TRUNCATE(0x30),
    /** {@code XLOG_HEAP_HOT_UPDATE}. */
    HOT_UPDATE(0x40),
    /** {@code XLOG_HEAP_CONFIRM}. */
    CONFIRM(0x50),
    /** {@code XLOG_HEAP_LOCK}. */
    LOCK(0x60),
    /** {@code XLOG_HEAP_INPLACE}. */
    INPLACE(0x70);

    private final int code;

    HeapType(int code) {
        this.code = code;
    }

    /** The opcode, {@code xl_info & XLOG_HEAP_OPMASK}. */
    public int code() {
        return code;
    }

    /** The kind of a Heap record with {@code info}; every opcode is defined. */
    public static HeapType of(int info) {
        return values()[(info & Heap2Type.OPMASK) >> 4];
    }
}
