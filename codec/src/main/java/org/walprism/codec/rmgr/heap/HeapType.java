package org.walprism.codec.rmgr.heap;

/**
 * The Heap ({@code RM_HEAP_ID}, rmid 10) record kinds, from {@code xl_info & XLOG_HEAP_OPMASK}: the
 * XLOG_HEAP_* constants of src/include/access/heapam_xlog.h, the same codes in 13 to master.
 */
public enum HeapType {
    /** {@code XLOG_HEAP_INSERT}. */
    INSERT(HeapType.XLOG_HEAP_INSERT),
    /** {@code XLOG_HEAP_DELETE}. */
    DELETE(HeapType.XLOG_HEAP_DELETE),
    /** {@code XLOG_HEAP_UPDATE}. */
    UPDATE(HeapType.XLOG_HEAP_UPDATE),
    /** {@code XLOG_HEAP_TRUNCATE}. */
    TRUNCATE(HeapType.XLOG_HEAP_TRUNCATE),
    /** {@code XLOG_HEAP_HOT_UPDATE}. */
    HOT_UPDATE(HeapType.XLOG_HEAP_HOT_UPDATE),
    /** {@code XLOG_HEAP_CONFIRM}. */
    CONFIRM(HeapType.XLOG_HEAP_CONFIRM),
    /** {@code XLOG_HEAP_LOCK}. */
    LOCK(HeapType.XLOG_HEAP_LOCK),
    /** {@code XLOG_HEAP_INPLACE}. */
    INPLACE(HeapType.XLOG_HEAP_INPLACE);

    /** {@code XLOG_HEAP_INSERT}. */
    public static final int XLOG_HEAP_INSERT = 0x00;
    /** {@code XLOG_HEAP_DELETE}. */
    public static final int XLOG_HEAP_DELETE = 0x10;
    /** {@code XLOG_HEAP_UPDATE}. */
    public static final int XLOG_HEAP_UPDATE = 0x20;
    /** {@code XLOG_HEAP_TRUNCATE}. */
    public static final int XLOG_HEAP_TRUNCATE = 0x30;
    /** {@code XLOG_HEAP_HOT_UPDATE}. */
    public static final int XLOG_HEAP_HOT_UPDATE = 0x40;
    /** {@code XLOG_HEAP_CONFIRM}. */
    public static final int XLOG_HEAP_CONFIRM = 0x50;
    /** {@code XLOG_HEAP_LOCK}. */
    public static final int XLOG_HEAP_LOCK = 0x60;
    /** {@code XLOG_HEAP_INPLACE}. */
    public static final int XLOG_HEAP_INPLACE = 0x70;
    /** {@code XLOG_HEAP_OPMASK}: the opcode bits of a Heap and of a Heap2 {@code xl_info}. */
    public static final int XLOG_HEAP_OPMASK = 0x70;
    /**
     * {@code XLOG_HEAP_INIT_PAGE}: the record initialises the page (INSERT, UPDATE, HOT_UPDATE; in Heap2
     * MULTI_INSERT).
     */
    public static final int XLOG_HEAP_INIT_PAGE = 0x80;

    private final int code;

    HeapType(int code) {
        this.code = code;
    }

    /** The opcode, {@code xl_info & XLOG_HEAP_OPMASK}. */
    public int code() {
        return code;
    }

    /** {@code values()} once: it copies the array on every call, and {@link #of} runs for every record. */
    private static final HeapType[] BY_CODE = values();

    /** The kind of a Heap record with {@code info}; every opcode is defined. */
    public static HeapType of(int info) {
        return BY_CODE[(info & XLOG_HEAP_OPMASK) >> 4];
    }
}
