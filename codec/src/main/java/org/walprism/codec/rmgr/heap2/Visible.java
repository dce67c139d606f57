package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_HEAP2_VISIBLE (13-18): sets visibility-map bits of one heap page. Block 0 is the VM page, block 1
 * the heap page; neither carries data. Removed in 19, where the prune record carries the VM bits.
 */
public sealed interface Visible extends Heap2Record {
    /** {@code VISIBILITYMAP_ALL_VISIBLE} (access/visibilitymapdefs.h). */
    int VISIBILITYMAP_ALL_VISIBLE = 0x01;
    /** {@code VISIBILITYMAP_ALL_FROZEN}. */
    int VISIBILITYMAP_ALL_FROZEN = 0x02;
    /** {@code VISIBILITYMAP_XLOG_CATALOG_REL} (16-18): only ever inside {@code xl_heap_visible.flags}. */
    int VISIBILITYMAP_XLOG_CATALOG_REL = 0x04;

    /** {@code cutoff_xid} (13-15) / {@code snapshotConflictHorizon} (16-18). */
    long snapshotConflictHorizon();

    /** {@code flags}, raw: VM bits plus 0x04 for catalog relations (16-18). */
    int flags();

    /** The VISIBILITYMAP_ALL_VISIBLE / VISIBILITYMAP_ALL_FROZEN bits of {@link #flags()}. */
    default int vmFlags() {
        return flags() & (VISIBILITYMAP_ALL_VISIBLE | VISIBILITYMAP_ALL_FROZEN);
    }

    /**
     * {@code xl_heap_visible => cutoff_xid: uint32, flags: uint8} (5 bytes); no block data.
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18 (16 renames cutoff_xid to snapshotConflictHorizon
     * and adds flag 0x04; the bytes are unchanged).
     *
     * <p>Mirrors {@code xl_heap_visible}, REL_13_STABLE .. REL_18_STABLE src/include/access/heapam_xlog.h.
     */
    record Pg13(long snapshotConflictHorizon, int flags) implements Visible {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 5;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u32(snapshotConflictHorizon, "snapshotConflictHorizon");
            Checks.u8(flags, "flags");
        }

        static Pg13 decode(PayloadCursor main) {
            long xid = main.u32("snapshotConflictHorizon");
            int flags = main.u8("flags");
            main.expectEnd("xl_heap_visible");
            return new Pg13(xid, flags);
        }

        @Override
        public Heap2Payload encode() {
            return new Heap2Payload(new PayloadWriter(SIZE).u32(snapshotConflictHorizon).u8(flags).toByteArray(),
                    new byte[0]);
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(0, 0, 0, 0, 0, 0, 0, SIZE, 0);
        }
    }
}
