package org.walprism.codec.rmgr.heap;

import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_HEAP_DELETE: one tuple deleted. Block 0 is the heap page (no data), block 1 the visibility-map page
 * when {@code XLH_DELETE_ALL_VISIBLE_CLEARED}.
 *
 * <p>{@code xl_heap_delete => xmax: uint32, offnum: uint16, infobits_set: uint8, flags: uint8}
 * (SizeOfHeapDelete = 8), then {@code [xl_heap_header, old tuple bytes]} when
 * {@code XLH_DELETE_CONTAINS_OLD_TUPLE} or {@code _OLD_KEY} (replica identity).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_heap_delete},
 * src/include/access/heapam_xlog.h.
 *
 * @param oldTuple the old tuple or key; null unless the flags say it is logged
 */
public record HeapDelete(long xmax, int offnum, int infobitsSet, int flags, LoggedTuple oldTuple)
        implements HeapRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 8;
    /** {@code XLH_DELETE_CONTAINS_OLD_TUPLE | XLH_DELETE_CONTAINS_OLD_KEY}. */
    public static final int XLH_DELETE_CONTAINS_OLD = (1 << 1) | (1 << 2);

    /** Checks each field against its C type's range and the fields against each other. */
    public HeapDelete {
        FieldChecks.u32(xmax, "xmax");
        FieldChecks.u16(offnum, "offnum");
        FieldChecks.u8(infobitsSet, "infobits_set");
        FieldChecks.u8(flags, "flags");
        FieldChecks.that(((flags & XLH_DELETE_CONTAINS_OLD) != 0) == (oldTuple != null),
                "oldTuple is given exactly when flags have XLH_DELETE_CONTAINS_OLD");
    }

    static HeapDelete decode(PayloadCursor main, BlockInputs blocks) {
        long xmax = main.u32("xmax");
        int off = main.u16("offnum");
        int infobits = main.u8("infobits_set");
        int flags = main.u8("flags");
        LoggedTuple old = null;
        if ((flags & XLH_DELETE_CONTAINS_OLD) != 0) {
            old = LoggedTuple.readRest(main);
        }
        main.expectEnd("xl_heap_delete");
        blocks.expectOnly();
        return new HeapDelete(xmax, off, infobits, flags, old);
    }

    @Override
    public HeapType type() {
        return HeapType.DELETE;
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter w = new PayloadWriter(SIZE + (oldTuple == null ? 0 : oldTuple.size()));
        w.u32(xmax).u16(offnum).u8(infobitsSet).u8(flags);
        if (oldTuple != null) {
            oldTuple.write(w);
        }
        return RecordPayload.mainOnly(Bytes.of(w.toByteArray()));
    }
}
