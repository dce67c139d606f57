package org.walprism.codec.rmgr.heap;

import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_HEAP_LOCK: a row lock (SELECT ... FOR UPDATE/SHARE, or the lock step of an update). Block 0 is the heap
 * page, block 1 the visibility-map page when {@code XLH_LOCK_ALL_FROZEN_CLEARED}; neither carries data.
 *
 * <p>{@code xl_heap_lock => xmax: uint32, offnum: uint16, infobits_set: uint8, flags: uint8} (SizeOfHeapLock = 8;
 * the xid is named {@code locking_xid} in 13 and 14, same bytes).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_heap_lock},
 * src/include/access/heapam_xlog.h.
 */
public record HeapLock(long xmax, int offnum, int infobitsSet, int flags) implements HeapRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 8;

    /** Checks each field against its C type's range and the fields against each other. */
    public HeapLock {
        FieldChecks.u32(xmax, "xmax");
        FieldChecks.u16(offnum, "offnum");
        FieldChecks.u8(infobitsSet, "infobits_set");
        FieldChecks.u8(flags, "flags");
    }

    static HeapLock decode(PayloadCursor main, BlockInputs blocks) {
        HeapLock r = new HeapLock(main.u32("xmax"), main.u16("offnum"), main.u8("infobits_set"), main.u8("flags"));
        main.expectEnd("xl_heap_lock");
        blocks.expectOnly();
        return r;
    }

    @Override
    public HeapType type() {
        return HeapType.LOCK;
    }

    @Override
    public RecordPayload encode() {
        return RecordPayload.mainOnly(Bytes.of(new PayloadWriter(SIZE).u32(xmax).u16(offnum).u8(infobitsSet)
                .u8(flags).toByteArray()));
    }
}
