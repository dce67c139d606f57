package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * Page pruning with counts in main data and offsets in block 0: XLOG_HEAP2_CLEAN (13) and XLOG_HEAP2_PRUNE
 * (14-16). Block 0 data, when present: {@code redirected[2 * nredirected]}, {@code nowdead[ndead]},
 * {@code nowunused[...]}; the unused count is implied by the data length. The data is absent when block 0
 * carries a full-page image, and then only the main-data counts are known.
 */
public sealed interface HeapPrune extends Heap2Record {
    /** The count fields after the horizon in main data: {@code nredirected: uint16, ndead: uint16}. */
    int COUNT_FIELDS_SIZE = 4;


    /** {@code latestRemovedXid} (13-15) / {@code snapshotConflictHorizon} (16). */
    long snapshotConflictHorizon();

    /** {@code nredirected} as stored in main data. */
    int nredirected();

    /** {@code ndead} as stored in main data. */
    int ndead();

    /** {@code isCatalogRel} (16; false before). */
    boolean isCatalogRel();

    /** Whether block 0 carried the offset arrays (false when it carried a full-page image instead). */
    boolean blockData();

    /** Redirected {@code (from, to)} pairs, flattened; empty without block data. */
    OffsetArray redirected();

    /** {@code nowdead}; empty without block data. */
    OffsetArray dead();

    /** {@code nowunused}; empty without block data. */
    OffsetArray unused();

    private static void checkArrays(boolean blockData, int nredirected, int ndead, OffsetArray redirected,
                                    OffsetArray dead, OffsetArray unused) {
        Checks.u16(nredirected, "nredirected");
        Checks.u16(ndead, "ndead");
        if (blockData) {
            Checks.that(redirected.size() == 2 * nredirected, "redirected must hold 2 * nredirected offsets");
            Checks.that(dead.size() == ndead, "dead must hold ndead offsets");
            Checks.that(!redirected.isEmpty() || !dead.isEmpty() || !unused.isEmpty(),
                    "block data with no offsets is written as no block data");
        } else {
            Checks.that(redirected.isEmpty() && dead.isEmpty() && unused.isEmpty(),
                    "offset arrays need block data");
        }
    }

    private static OffsetArray[] readArrays(PayloadCursor block, int nredirected, int ndead) {
        if (block.length() == 0) {
            return new OffsetArray[] {OffsetArray.EMPTY, OffsetArray.EMPTY, OffsetArray.EMPTY};
        }
        OffsetArray redirected = OffsetArray.wrap(block.u16Array(2L * nredirected, "redirected[2 * nredirected]"));
        OffsetArray dead = OffsetArray.wrap(block.u16Array(ndead, "nowdead[ndead]"));
        OffsetArray unused = OffsetArray.wrap(block.u16Array(block.remaining() / 2, "nowunused"));
        block.expectEnd("nowunused (odd data length)");
        return new OffsetArray[] {redirected, dead, unused};
    }

    private static byte[] writeArrays(OffsetArray redirected, OffsetArray dead, OffsetArray unused) {
        return new PayloadWriter(redirected.byteSize() + dead.byteSize() + unused.byteSize())
                .u16Array(redirected.raw()).u16Array(dead.raw()).u16Array(unused.raw()).toByteArray();
    }

    /**
     * {@code xl_heap_clean / xl_heap_prune => latestRemovedXid: uint32, nredirected: uint16, ndead: uint16}
     * (8 bytes); block 0 => {@code redirected: uint16[2 * nredirected], nowdead: uint16[ndead],
     * nowunused: uint16[rest]}.
     *
     * <p>Layout used by: PG13 (XLOG_HEAP2_CLEAN, also VACUUM's second heap pass), PG14, PG15 (XLOG_HEAP2_PRUNE).
     *
     * <p>Mirrors {@code xl_heap_clean} (REL_13_STABLE) and {@code xl_heap_prune} (REL_14/15_STABLE),
     * src/include/access/heapam_xlog.h.
     *
     * @param latestRemovedXid {@code latestRemovedXid}
     */
    record Pg13(long latestRemovedXid, int nredirected, int ndead, boolean blockData, OffsetArray redirected,
                OffsetArray dead, OffsetArray unused) implements HeapPrune {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 8;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u32(latestRemovedXid, "latestRemovedXid");
            redirected = Checks.nonNull(redirected);
            dead = Checks.nonNull(dead);
            unused = Checks.nonNull(unused);
            checkArrays(blockData, nredirected, ndead, redirected, dead, unused);
        }

        static Pg13 decode(PayloadCursor main, PayloadCursor block) {
            long xid = main.u32("latestRemovedXid");
            int nredirected = main.u16("nredirected");
            int ndead = main.u16("ndead");
            main.expectEnd("xl_heap_prune");
            OffsetArray[] a = readArrays(block, nredirected, ndead);
            return new Pg13(xid, nredirected, ndead, block.length() > 0, a[0], a[1], a[2]);
        }

        @Override
        public long snapshotConflictHorizon() {
            return latestRemovedXid;
        }

        @Override
        public boolean isCatalogRel() {
            return false;
        }

        @Override
        public Heap2Payload encode() {
            byte[] main = new PayloadWriter(SIZE).u32(latestRemovedXid).u16(nredirected).u16(ndead).toByteArray();
            return new Heap2Payload(main, writeArrays(redirected, dead, unused));
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(SIZE, redirected.byteSize(), dead.byteSize(), unused.byteSize(), 0, 0, 0, 0, 0);
        }
    }

    /**
     * {@code xl_heap_prune => snapshotConflictHorizon: uint32, nredirected: uint16, ndead: uint16,
     * isCatalogRel: bool} (9 bytes); block 0 as in {@link Pg13}.
     *
     * <p>Layout used by: PG16.
     *
     * <p>Mirrors {@code xl_heap_prune}, REL_16_STABLE src/include/access/heapam_xlog.h.
     */
    record Pg16(long snapshotConflictHorizon, int nredirected, int ndead, boolean isCatalogRel, boolean blockData,
                OffsetArray redirected, OffsetArray dead, OffsetArray unused) implements HeapPrune {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 9;

        /** Checks each field fits its PostgreSQL type. */
        public Pg16 {
            Checks.u32(snapshotConflictHorizon, "snapshotConflictHorizon");
            redirected = Checks.nonNull(redirected);
            dead = Checks.nonNull(dead);
            unused = Checks.nonNull(unused);
            checkArrays(blockData, nredirected, ndead, redirected, dead, unused);
        }

        static Pg16 decode(PayloadCursor main, PayloadCursor block) {
            long xid = main.u32("snapshotConflictHorizon");
            int nredirected = main.u16("nredirected");
            int ndead = main.u16("ndead");
            boolean catalog = main.bool("isCatalogRel");
            main.expectEnd("xl_heap_prune");
            OffsetArray[] a = readArrays(block, nredirected, ndead);
            return new Pg16(xid, nredirected, ndead, catalog, block.length() > 0, a[0], a[1], a[2]);
        }

        @Override
        public Heap2Payload encode() {
            byte[] main = new PayloadWriter(SIZE).u32(snapshotConflictHorizon).u16(nredirected).u16(ndead)
                    .bool(isCatalogRel).toByteArray();
            return new Heap2Payload(main, writeArrays(redirected, dead, unused));
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(SIZE, redirected.byteSize(), dead.byteSize(), unused.byteSize(), 0, 0, 0, 0, 0);
        }
    }
}
