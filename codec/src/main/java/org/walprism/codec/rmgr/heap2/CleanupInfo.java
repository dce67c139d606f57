package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.record.RelFileLocator;

/** XLOG_HEAP2_CLEANUP_INFO (13 only): the conflict horizon of a lazy VACUUM, no block references. */
public sealed interface CleanupInfo extends Heap2Record {

    /** {@code node}: the relation. */
    RelFileLocator rel();

    /** {@code latestRemovedXid}. */
    long latestRemovedXid();

    /**
     * {@code xl_heap_cleanup_info => node: {spcNode: uint32, dbNode: uint32, relNode: uint32},
     * latestRemovedXid: uint32} (16 bytes).
     *
     * <p>Layout used by: PG13.
     *
     * <p>Mirrors {@code xl_heap_cleanup_info}, REL_13_STABLE src/include/access/heapam_xlog.h.
     */
    record Pg13(RelFileLocator rel, long latestRemovedXid) implements CleanupInfo {
        /** Bytes of the main data. */
        public static final int SIZE = 16;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u32(rel.spcOid(), "spcNode");
            Checks.u32(rel.dbOid(), "dbNode");
            Checks.u32(rel.relNumber(), "relNode");
            Checks.u32(latestRemovedXid, "latestRemovedXid");
        }

        static Pg13 decode(PayloadCursor main) {
            RelFileLocator rel = new RelFileLocator(main.u32("spcNode"), main.u32("dbNode"), main.u32("relNode"));
            long xid = main.u32("latestRemovedXid");
            main.expectEnd("xl_heap_cleanup_info");
            return new Pg13(rel, xid);
        }

        @Override
        public Heap2Payload encode() {
            return new Heap2Payload(new PayloadWriter(SIZE).u32(rel.spcOid()).u32(rel.dbOid()).u32(rel.relNumber())
                    .u32(latestRemovedXid).toByteArray(), new byte[0]);
        }

        @Override
        public Heap2Parts parts() {
            return Heap2Parts.headerOnly(SIZE);
        }
    }
}
