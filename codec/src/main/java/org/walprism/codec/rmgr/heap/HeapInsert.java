package org.walprism.codec.rmgr.heap;

import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;
import org.walprism.codec.rmgr.heap2.Heap2Type;

/**
 * XLOG_HEAP_INSERT(+INIT): one tuple inserted. Block 0 is the heap page (its data is the new tuple), block 1
 * the visibility-map page when {@code XLH_INSERT_ALL_VISIBLE_CLEARED} (no data).
 *
 * <p>{@code xl_heap_insert => offnum: uint16, flags: uint8} (SizeOfHeapInsert = 3); block 0 =>
 * {@code xl_heap_header}, tuple bytes.
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_heap_insert},
 * src/include/access/heapam_xlog.h, and heap_xlog_insert in heapam_xlog.c.
 *
 * @param init   {@code XLOG_HEAP_INIT_PAGE}: the page is initialised first
 * @param offnum {@code offnum}
 * @param flags  {@code flags} (XLH_INSERT_*)
 * @param block0 whether block 0 carries the tuple, or an image instead
 * @param tuple  the new tuple; null unless {@code block0} is PRESENT
 */
public record HeapInsert(boolean init, int offnum, int flags, BlockDataPresence block0, LoggedTuple tuple)
        implements HeapRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 3;
    /** {@code XLH_INSERT_ALL_VISIBLE_CLEARED}. */
    public static final int XLH_INSERT_ALL_VISIBLE_CLEARED = 1;
    /** {@code XLH_INSERT_IS_SPECULATIVE}. */
    public static final int XLH_INSERT_IS_SPECULATIVE = 1 << 2;
    /** {@code XLH_INSERT_CONTAINS_NEW_TUPLE}. */
    public static final int XLH_INSERT_CONTAINS_NEW_TUPLE = 1 << 3;

    /** Checks each field against its C type's range and the fields against each other. */
    public HeapInsert {
        FieldChecks.u16(offnum, "offnum");
        FieldChecks.u8(flags, "flags");
        FieldChecks.that(block0 != null && (block0 == BlockDataPresence.PRESENT) == (tuple != null),
                "tuple is given exactly when block 0 data is PRESENT");
    }

    static HeapInsert decode(int info, PayloadCursor main, BlockInputs blocks) {
        int off = main.u16("offnum");
        int flags = main.u8("flags");
        main.expectEnd("xl_heap_insert");
        blocks.expectOnly(0);
        BlockDataPresence p = blocks.presence(0);
        LoggedTuple t = null;
        if (p == BlockDataPresence.PRESENT) {
            t = LoggedTuple.readRest(blocks.cursor(0));
        }
        return new HeapInsert((info & HeapType.XLOG_HEAP_INIT_PAGE) != 0, off, flags, p, t);
    }

    @Override
    public HeapType type() {
        return HeapType.INSERT;
    }

    @Override
    public RecordPayload encode() {
        Bytes main = Bytes.of(new PayloadWriter(SIZE).u16(offnum).u8(flags).toByteArray());
        if (tuple == null) {
            return RecordPayload.mainOnly(main);
        }
        PayloadWriter b = new PayloadWriter(tuple.size());
        tuple.write(b);
        return RecordPayload.of(main, 0, Bytes.of(b.toByteArray()));
    }
}
