package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.record.RelFileLocator;

/** XLOG_HEAP2_NEW_CID: command ids of a catalog tuple, for logical decoding (wal_level=logical). No blocks. */
public sealed interface NewCid extends Heap2Record {

    /** {@code top_xid}. */
    long topXid();

    /** {@code cmin}. */
    long cmin();

    /** {@code cmax}. */
    long cmax();

    /** {@code combocid}. */
    long combocid();

    /** {@code target_node} (13-15) / {@code target_locator} (16+). */
    RelFileLocator target();

    /** Block number of {@code target_tid} ({@code bi_hi << 16 | bi_lo}). */
    long tidBlock();

    /** {@code target_tid.ip_posid}. */
    int tidOffset();

    /**
     * {@code xl_heap_new_cid => top_xid: uint32, cmin: uint32, cmax: uint32, combocid: uint32,
     * target: {spcOid: uint32, dbOid: uint32, relNumber: uint32}, target_tid: {bi_hi: uint16, bi_lo: uint16,
     * ip_posid: uint16}} (34 bytes).
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors {@code xl_heap_new_cid}, src/include/access/heapam_xlog.h (fields renamed in 16, same bytes).
     */
    record Pg13(long topXid, long cmin, long cmax, long combocid, RelFileLocator target, long tidBlock,
                int tidOffset) implements NewCid {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 34;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u32(topXid, "top_xid");
            Checks.u32(cmin, "cmin");
            Checks.u32(cmax, "cmax");
            Checks.u32(combocid, "combocid");
            Checks.u32(target.spcOid(), "spcOid");
            Checks.u32(target.dbOid(), "dbOid");
            Checks.u32(target.relNumber(), "relNumber");
            Checks.u32(tidBlock, "target_tid block");
            Checks.u16(tidOffset, "target_tid offset");
        }

        static Pg13 decode(PayloadCursor main) {
            long top = main.u32("top_xid");
            long cmin = main.u32("cmin");
            long cmax = main.u32("cmax");
            long combo = main.u32("combocid");
            RelFileLocator rel = new RelFileLocator(main.u32("spcOid"), main.u32("dbOid"), main.u32("relNumber"));
            long hi = main.u16("target_tid.bi_hi");
            long lo = main.u16("target_tid.bi_lo");
            int pos = main.u16("target_tid.ip_posid");
            main.expectEnd("xl_heap_new_cid");
            return new Pg13(top, cmin, cmax, combo, rel, (hi << 16) | lo, pos);
        }

        @Override
        public Heap2Payload encode() {
            return new Heap2Payload(new PayloadWriter(SIZE).u32(topXid).u32(cmin).u32(cmax).u32(combocid)
                    .u32(target.spcOid()).u32(target.dbOid()).u32(target.relNumber())
                    .u16((int) (tidBlock >>> 16)).u16((int) (tidBlock & 0xFFFF)).u16(tidOffset).toByteArray(),
                    new byte[0]);
        }

        @Override
        public Heap2Parts parts() {
            return Heap2Parts.headerOnly(SIZE);
        }
    }
}
