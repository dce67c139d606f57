package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_HEAP2_VACUUM: VACUUM's second heap pass marks LP_DEAD items LP_UNUSED (14-16). In 13 this work is
 * logged as CLEAN ({@link HeapPrune.Pg13}); from 17 as PRUNE_VACUUM_CLEANUP ({@link PruneFreeze}).
 */
public sealed interface HeapVacuum extends Heap2Record {

    /** {@code nunused} as stored in main data. */
    int nunused();

    /** Whether block 0 carried the offsets (false when it carried a full-page image). */
    boolean blockData();

    /** {@code nowunused}; empty without block data. */
    OffsetArray unused();

    /**
     * {@code xl_heap_vacuum => nunused: uint16} (2 bytes); block 0 => {@code nowunused: uint16[nunused]}.
     *
     * <p>Layout used by: PG14, PG15, PG16.
     *
     * <p>Mirrors {@code xl_heap_vacuum}, REL_14_STABLE .. REL_16_STABLE src/include/access/heapam_xlog.h.
     */
    record Pg14(int nunused, boolean blockData, OffsetArray unused) implements HeapVacuum {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 2;

        /** Checks each field fits its PostgreSQL type. */
        public Pg14 {
            Checks.u16(nunused, "nunused");
            unused = Checks.nonNull(unused);
            if (blockData) {
                Checks.that(unused.size() == nunused && nunused > 0, "block data must hold nunused > 0 offsets");
            } else {
                Checks.that(unused.isEmpty(), "offsets need block data");
            }
        }

        static Pg14 decode(PayloadCursor main, PayloadCursor block) {
            int nunused = main.u16("nunused");
            main.expectEnd("xl_heap_vacuum");
            OffsetArray unused = OffsetArray.EMPTY;
            if (block.length() > 0) {
                unused = OffsetArray.wrap(block.u16Array(nunused, "nowunused[nunused]"));
                block.expectEnd("nowunused[nunused]");
            }
            return new Pg14(nunused, block.length() > 0, unused);
        }

        @Override
        public Heap2Payload encode() {
            return new Heap2Payload(new PayloadWriter(SIZE).u16(nunused).toByteArray(),
                    new PayloadWriter(unused.byteSize()).u16Array(unused.raw()).toByteArray());
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(SIZE, 0, 0, unused.byteSize(), 0, 0, 0, 0, 0);
        }
    }
}
