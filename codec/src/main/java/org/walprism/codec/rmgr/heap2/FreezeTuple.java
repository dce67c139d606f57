package org.walprism.codec.rmgr.heap2;

/**
 * One per-tuple freeze entry of the 13-15 FREEZE_PAGE record.
 *
 * <p>{@code xl_heap_freeze_tuple => xmax: uint32, offset: uint16, t_infomask2: uint16, t_infomask: uint16,
 * frzflags: uint8, pad: 1} (12 bytes). Mirrors heapam_xlog.h of REL_13_STABLE .. REL_15_STABLE.
 *
 * @param xmax      {@code xmax}
 * @param offset    {@code offset}: the tuple's line pointer
 * @param infomask2 {@code t_infomask2}
 * @param infomask  {@code t_infomask}
 * @param frzflags  {@code frzflags}
 * @param pad       trailing struct padding, not initialised by PostgreSQL; kept for byte-exact encoding
 */
public record FreezeTuple(long xmax, int offset, int infomask2, int infomask, int frzflags, int pad) {
    /** Bytes of one {@code xl_heap_freeze_tuple}. */
    public static final int SIZE = 12;

    /** Checks each field fits its PostgreSQL type. */
    public FreezeTuple {
        Checks.u32(xmax, "xmax");
        Checks.u16(offset, "offset");
        Checks.u16(infomask2, "t_infomask2");
        Checks.u16(infomask, "t_infomask");
        Checks.u8(frzflags, "frzflags");
        Checks.u8(pad, "pad");
    }
}
