package org.walprism.codec.rmgr.heap2;

/**
 * One deduplicated freeze plan and the tuples it applies to.
 *
 * <p>{@code xlhp_freeze_plan => xmax: uint32, t_infomask2: uint16, t_infomask: uint16, frzflags: uint8,
 * pad: 1, ntuples: uint16} (12 bytes). The {@code ntuples} offsets are stored apart from the plan, after all
 * plans (16) or at the very end of block 0's data (17+), grouped by plan in plan order.
 * Mirrors {@code xl_heap_freeze_plan} (PG16) / {@code xlhp_freeze_plan} (PG17+) in heapam_xlog.h.
 *
 * @param xmax      {@code xmax}: the xmax the tuples get (0 = invalid)
 * @param infomask2 {@code t_infomask2}
 * @param infomask  {@code t_infomask}
 * @param frzflags  {@code frzflags}: XLH_FREEZE_XVAC 0x02, XLH_INVALID_XVAC 0x04
 * @param pad       the struct padding byte; PostgreSQL leaves it uninitialised, kept for byte-exact encoding
 * @param offsets   the line pointers frozen with this plan ({@code ntuples} = its size)
 */
public record FreezePlan(long xmax, int infomask2, int infomask, int frzflags, int pad, OffsetArray offsets) {
    /** Bytes of one plan entry in WAL. */
    public static final int SIZE = 12;

    /** Checks each field fits its PostgreSQL type. */
    public FreezePlan {
        Checks.u32(xmax, "xmax");
        Checks.u16(infomask2, "t_infomask2");
        Checks.u16(infomask, "t_infomask");
        Checks.u8(frzflags, "frzflags");
        Checks.u8(pad, "pad");
        Checks.u16(offsets.size(), "ntuples");
    }

    /** {@code ntuples}. */
    public int ntuples() {
        return offsets.size();
    }
}
