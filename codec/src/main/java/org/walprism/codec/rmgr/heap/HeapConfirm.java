package org.walprism.codec.rmgr.heap;

import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_HEAP_CONFIRM: a speculative insertion (INSERT ... ON CONFLICT) confirmed. Block 0 is the heap page,
 * without data.
 *
 * <p>{@code xl_heap_confirm => offnum: uint16} (SizeOfHeapConfirm = 2).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_heap_confirm},
 * src/include/access/heapam_xlog.h.
 */
public record HeapConfirm(int offnum) implements HeapRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 2;

    /** Checks each field against its C type's range and the fields against each other. */
    public HeapConfirm {
        FieldChecks.u16(offnum, "offnum");
    }

    static HeapConfirm decode(PayloadCursor main, BlockInputs blocks) {
        HeapConfirm r = new HeapConfirm(main.u16("offnum"));
        main.expectEnd("xl_heap_confirm");
        blocks.expectOnly();
        return r;
    }

    @Override
    public HeapType type() {
        return HeapType.CONFIRM;
    }

    @Override
    public RecordPayload encode() {
        return RecordPayload.mainOnly(Bytes.of(new PayloadWriter(SIZE).u16(offnum).toByteArray()));
    }
}
